import { useMemo } from 'react';
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoryResource, STATUS, type CategoryRecord, type PageResult } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { Option, ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The groups a category can belong to. */
function useCategoryGroupOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', categoryResource.name, 'groups'],
    queryFn: ({ signal }) => apiRequest<PageResult<CategoryRecord>>(categoryResource.paths.search!, { body: { pageIndex: 1, pageSize: 200, groupsOnly: true }, signal }),
    staleTime: 30_000,
  });
  return { options: (data?.records ?? []).map((group) => ({ value: group.code, label: `${group.name} (${group.code})` })), loading: isPending };
}

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
        { title: t('category.code'), dataIndex: 'code', key: 'code' },
        { title: t('category.name'), dataIndex: 'name', key: 'name' },
        { title: t('category.sortOrder'), dataIndex: 'sortOrder', key: 'sortOrder', align: 'right' },
        { title: t('category.colorCode'), dataIndex: 'colorCode', key: 'colorCode', render: colour },
      ],
      form: [
        { name: 'parentCode', label: t('category.parentCode'), input: 'select', options: useCategoryGroupOptions, wide: true },
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
