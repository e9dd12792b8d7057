import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/queries.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { REPORT_SCREENS, useReportDefinition } from './report-screens.tsx';

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
  return (
    <Tabs
      activeKey={active}
      onChange={(code) => setParams({ report: code }, { replace: true })}
      destroyOnHidden
      items={REPORT_SCREENS.map((report, index) => ({
        key: report.contract.code,
        label: t(`reports.${report.contract.code}` as 'reports.Report_3'),
        children: <Report index={index} platform={platform} />,
      }))}
    />
  );
}
