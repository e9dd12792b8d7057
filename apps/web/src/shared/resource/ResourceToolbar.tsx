import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOptions } from './options.ts';
import type { FilterField } from './types.ts';

const DAY = 'YYYY-MM-DD';

type SelectFilter = Extract<FilterField, { name: string }>;

function FilterSelect({ filter, value, onChange }: { filter: SelectFilter; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('resource');
  const { options, loading } = useOptions(filter.options);
  return (
    <Select
      aria-label={filter.label}
      placeholder={filter.label}
      value={value}
      onChange={onChange}
      options={[{ value: '', label: `${filter.label}: ${t('all')}` }, ...options] as never}
      loading={loading}
      style={{ minWidth: 180 }}
    />
  );
}

interface Props {
  filters: readonly FilterField[];
  values: Record<string, unknown>;
  onSearch: (keyword: string) => void;
  /** New values of search fields; an empty value removes the field. */
  onFilter: (values: Record<string, unknown>) => void;
  onAdd?: (() => void) | undefined;
  extra?: React.ReactNode;
}

/** Keyword search, filters, and the screen's buttons. */
export function ResourceToolbar({ filters, values, onSearch, onFilter, onAdd, extra }: Props) {
  const { t } = useTranslation('resource');
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginBottom: 16 }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          aria-label={t('search')}
          onSearch={onSearch}
          enterButton={t('search')}
          style={{ width: 320 }}
        />
        {filters.map((filter) =>
          filter.kind === 'dateRange' ? (
            <DatePicker.RangePicker
              key={filter.from}
              aria-label={filter.label}
              format="DD/MM/YYYY"
              value={values[filter.from] ? [dayjs(values[filter.from] as string), dayjs(values[filter.to] as string)] : null}
              allowClear={!filter.days}
              onChange={(range) =>
                onFilter(
                  filter.days
                    ? { [filter.from]: range?.[0]?.format(DAY), [filter.to]: range?.[1]?.format(DAY) }
                    : { [filter.from]: range?.[0]?.startOf('day').toISOString(), [filter.to]: range?.[1]?.endOf('day').toISOString() },
                )
              }
            />
          ) : (
            <FilterSelect key={filter.name} filter={filter} value={values[filter.name] ?? ''} onChange={(value) => onFilter({ [filter.name]: value })} />
          ),
        )}
      </Space>
      <Space wrap>
        {extra}
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('add')}
          </Button>
        )}
      </Space>
    </div>
  );
}
