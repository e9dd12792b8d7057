import { Segmented, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/queries.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { REPORT_SCREENS, useReportDefinition } from './report-screens.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['report'] as const;

function Report({ index, platform }: { index: number; platform: boolean }) {
  return <ResourceScreen definition={useReportDefinition(REPORT_SCREENS[index]!, platform)} />;
}

/**
 * /report/list-report: the report list (Report_3, service access counts over time, and the units
 * using packs' and services' reports), each with its filters, chart, table and export.
 */
export default function ReportListPage() {
  const { t } = useTranslation('report');
  const platform = useProfile().data?.unitId === null;
  const [params, setParams] = useSearchParams();
  const active = params.get('report') ?? REPORT_SCREENS[0]!.contract.code;
  const index = Math.max(0, REPORT_SCREENS.findIndex((report) => report.contract.code === active));
  // A choice of reports (antd's Tabs put their overflow button inside the tab list, which
  // assistive technology reads as a broken list), the chosen one below with its own title.
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented
        aria-label={t('choose')}
        style={{ maxWidth: '100%', overflowX: 'auto' }}
        value={REPORT_SCREENS[index]!.contract.code}
        onChange={(code: string) => setParams({ report: code }, { replace: true })}
        options={REPORT_SCREENS.map((report) => ({ value: report.contract.code, label: t(/* a key built from the report's code: typed keys cannot follow a template */ `reports.${report.contract.code}` as 'reports.Report_3') }))}
      />
      <Report key={index} index={index} platform={platform} />
    </Space>
  );
}
