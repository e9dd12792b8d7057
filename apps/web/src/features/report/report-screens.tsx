import { useMemo } from 'react';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { activityDay, packageServiceUnitsReport, serviceUnitsReport, serviceVisitReport, type ReportChart, type ReportContract } from '@portal/contracts';
import { useActiveServices } from '../../shared/lookups.ts';
import { SeriesChart } from '../../shared/charts/SeriesChart.tsx';
import { formatCount, formatDate } from '../../shared/format.ts';
import { Panel } from '../../shared/Panel.tsx';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { unitOptions } from '../user/user-options.ts';

const DAY = 'YYYY-MM-DD';
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#2f54eb'];

/** What one report adds to the generic screen: its columns, and whether it takes a period. */
interface ReportScreen {
  contract: ReportContract;
  columns: { key: string; kind?: 'date' | 'number' }[];
  period: boolean;
}

export const REPORT_SCREENS: readonly ReportScreen[] = [
  {
    contract: serviceVisitReport,
    period: true,
    columns: [{ key: 'date', kind: 'date' }, { key: 'serviceName' }, { key: 'numberOfAccesses', kind: 'number' }],
  },
  {
    contract: packageServiceUnitsReport,
    period: false,
    columns: [{ key: 'packageName' }, { key: 'serviceName' }, { key: 'numberOfUnits', kind: 'number' }],
  },
  {
    contract: serviceUnitsReport,
    period: true,
    columns: [{ key: 'unitName' }, { key: 'serviceName' }, { key: 'packageNames' }, { key: 'numberOfAccesses', kind: 'number' }],
  },
];

/** The services a report can be narrowed to, by code. */
function useServiceCodeOptions() {
  const { data, isPending } = useActiveServices();
  return { options: (data?.records ?? []).map((service) => ({ value: service.code, label: service.name })), loading: isPending };
}

function ReportChartPanel({ chart }: { chart: ReportChart }) {
  const { t } = useTranslation('report');
  const series = useMemo(
    // A phrase key built from data: typed keys cannot follow a template (the phrase files hold one per value). A label without one falls back to itself.
    () => chart.series.map((line, index) => ({ label: t(`columns.${line.label}` as 'columns.date', { defaultValue: line.label }), values: line.values, color: COLORS[index % COLORS.length]! })),
    [chart, t],
  );
  const empty = chart.series.every((line) => line.values.every((value) => value === 0));
  return (
    <Panel title={t('chart')} style={{ marginBottom: 16 }}>
      {empty ? <Empty description={t('empty')} /> : <SeriesChart kind={chart.kind} labels={chart.labels} series={series} ariaLabel={t('chart')} />}
    </Panel>
  );
}

/** The generic screen's definition of one report: filters, columns, and its chart above the table. */
export function useReportDefinition(report: ReportScreen, platform: boolean): ResourceScreenDefinition<ReportContract> {
  const { t, i18n } = useTranslation('report');
  return useMemo(
    (): ResourceScreenDefinition<ReportContract> => ({
      contract: report.contract,
      // A phrase key built from data: typed keys cannot follow a template (the phrase files hold one per value).
      title: t(`reports.${report.contract.code}` as 'reports.Report_3'),
      columns: report.columns.map((column) => ({
        // A phrase key built from data: typed keys cannot follow a template (the phrase files hold one per value).
        title: t(`columns.${column.key}` as 'columns.date'),
        dataIndex: column.key,
        key: column.key,
        // Dates and figures never break; names wrap between words.
        ...(column.kind ? { fit: 'keep' as const } : {}),
        ...(column.kind === 'date' ? { render: (value: string) => formatDate(value) } : {}),
        ...(column.kind === 'number' ? { align: 'right' as const, render: (value: number) => formatCount(value, i18n.language) } : {}),
      })),
      filters: [
        ...(report.period ? [{ kind: 'dateRange' as const, from: 'fromDate', to: 'toDate', label: t('filters.period'), days: true }] : []),
        ...(platform ? [{ name: 'unitId', label: t('filters.unit'), options: unitOptions }] : []),
        { name: 'serviceCode', label: t('filters.service'), options: useServiceCodeOptions },
      ],
      initialFilters: report.period ? { fromDate: dayjs(activityDay(new Date())).subtract(29, 'day').format(DAY), toDate: activityDay(new Date()) } : {},
      // A report's search answers its chart beside the page (the contract's searchExtra).
      summary: (reply) => <ReportChartPanel chart={reply.chart} />,
    }),
    [report, platform, t, i18n.language],
  );
}
