import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryResource, STATUS } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import { resourceOptions } from '../../shared/resource/remote-options.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The groups a category can belong to, searched on the server; the form keeps the group's code. */
const groupOptions = resourceOptions(categoryResource, (group) => `${group.name} (${group.code})`, {
  filters: { groupsOnly: true },
  valueField: 'code',
  byValues: 'codes',
});

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['settings'] as const;

const colour = (code: unknown) => (typeof code === 'string' ? <Tag color={code}>{code}</Tag> : null);

/** /system/category: the lookup hierarchy, groups with their entries tree. */
export default function CategoryPage() {
  const { t } = useTranslation('settings');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition<typeof categoryResource> => {
    const statuses = activeStatusOptions(statusText);
    return {
      contract: categoryResource,
      title: t('category.title'),
      tree: { key: 'code', parentKey: 'parentCode' },
      pageSize: 100,
      columns: [
        { title: t('category.code'), dataIndex: 'code', key: 'code', fit: 'keep' },
        { title: t('category.name'), dataIndex: 'name', key: 'name' },
        { title: t('category.sortOrder'), dataIndex: 'sortOrder', key: 'sortOrder', fit: 'keep', align: 'right' },
        { title: t('category.colorCode'), dataIndex: 'colorCode', key: 'colorCode', fit: 'keep', render: colour },
      ],
      form: [
        { name: 'parentCode', label: t('category.parentCode'), input: 'select', options: groupOptions, wide: true },
        { name: 'code', label: t('category.code'), input: 'text' },
        { name: 'name', label: t('category.name'), input: 'text' },
        { name: 'sortOrder', label: t('category.sortOrder'), input: 'number' },
        { name: 'colorCode', label: t('category.colorCode'), input: 'color' },
      ],
      defaults: { sortOrder: 0 },
      filters: [
        { name: 'groupsOnly', label: t('category.groupsOnly'), options: [{ value: true, label: r('yes') }] },
        { name: 'status', label: r('status.label'), options: statuses },
      ],
      view: [
        { label: t('category.code'), render: (c) => c.code },
        { label: t('category.name'), render: (c) => c.name },
        { label: t('category.parentCode'), render: (c) => (c.parentName) ?? (c.parentCode) },
        { label: t('category.sortOrder'), render: (c) => c.sortOrder },
        { label: t('category.colorCode'), render: (c) => colour(c.colorCode) },
        { label: t('category.childCount'), render: (c) => c.childCount },
        { label: t('category.createdAt'), render: (c) => formatDate(c.createdAt) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, c) => t(status === STATUS.active ? 'category.activate' : 'category.deactivate', { name: c.name }),
      },
      deleteQuestion: (c) => t('category.deleteQuestion', { name: c.name }),
    };
  }, [r, statusText, t]);

  return <ResourceScreen definition={definition} />;
}
