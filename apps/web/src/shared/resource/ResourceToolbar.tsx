import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOptions } from './options.ts';
import type { FilterField } from './types.ts';
import { RemoteSelect } from './RemoteSelect.tsx';
import { ToolbarLayout } from './ToolbarLayout.tsx';
import { KeywordSearch } from './KeywordSearch.tsx';

const DAY = 'YYYY-MM-DD';

/** Options antd's list shows without scrolling (its 256 px at 32 px a row). */
const VISIBLE_OPTIONS = 8;

type SelectFilter = Extract<FilterField, { name: string }>;

function FilterSelect({ filter, value, onChange }: { filter: SelectFilter; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('resource');
  const { options, loading, remote } = useOptions(filter.options);
  // A searched list has no "All" entry to pick: clearing the choice means all.
  if (remote)
    return (
      <RemoteSelect
        source={remote}
        aria-label={filter.label}
        placeholder={`${filter.label}: ${t('all')}`}
        value={value === '' ? undefined : value}
        onChange={(next) => onChange(next ?? '')}
        style={{ minWidth: 180 }}
      />
    );
  return (
    <Select
      aria-label={filter.label}
      placeholder={filter.label}
      value={value}
      onChange={onChange}
      options={[{ value: '', label: `${filter.label}: ${t('all')}` }, ...options] as never}
      loading={loading}
      // More choices than the list shows at once (the action log's sixteen modules): typing finds one.
      {...(options.length > VISIBLE_OPTIONS ? { showSearch: { optionFilterProp: 'label' } } : {})}
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
    <ToolbarLayout
      filters={
        <>
          <KeywordSearch onSearch={onSearch} />
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
        </>
      }
      actions={
        <>
          {extra}
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('add')}
            </Button>
          )}
        </>
      }
    />
  );
}
