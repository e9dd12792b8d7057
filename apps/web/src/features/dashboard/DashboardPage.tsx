import { useMemo, useState } from 'react';
import { Col, DatePicker, Empty, Row, Select, Skeleton, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DashboardRequest, DayActivity, PlatformDashboard, ServiceUsage, UnitDashboard } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { SeriesChart } from '../../shared/charts/SeriesChart.tsx';
import { Panel } from '../../shared/Panel.tsx';
import { formatDate } from '../../shared/format.ts';
import { useUnitOptions } from '../user/user-options.ts';
import { useDashboard, type DashboardKind } from './use-dashboard.ts';

const DAY = 'YYYY-MM-DD';
const COLORS = { signIn: '#1677ff', signOut: '#fa8c16', units: '#52c41a', accesses: '#722ed1' };

type Figure<T> = { key: keyof T & string; value: (data: T) => number };

function Figures<T>({ data, figures, loading }: { data: T | undefined; figures: Figure<T>[]; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={6}>
          <Panel data-figure={figure.key}>
            <Statistic title={t(`figures.${figure.key}` as 'figures.totalUser')} value={data ? figure.value(data) : 0} loading={loading && !data} />
          </Panel>
        </Col>
      ))}
    </Row>
  );
}

function AccessChart({ days }: { days: DayActivity[] }) {
  const { t } = useTranslation('dashboard');
  const labels = useMemo(() => days.map((day) => formatDate(day.date).slice(0, 5)), [days]);
  const series = useMemo(
    () => [
      { label: t('charts.signIn'), values: days.map((day) => day.signIn), color: COLORS.signIn },
      { label: t('charts.signOut'), values: days.map((day) => day.signOut), color: COLORS.signOut },
    ],
    [days, t],
  );
  const quiet = days.every((day) => day.signIn === 0 && day.signOut === 0);
  return (
    <Panel title={t('charts.access')}>
      {quiet ? <Empty description={t('empty')} /> : <SeriesChart kind="lines" labels={labels} series={series} ariaLabel={t('charts.access')} />}
    </Panel>
  );
}

function ServiceUsageChart({ usage }: { usage: ServiceUsage[] }) {
  const { t } = useTranslation('dashboard');
  const labels = useMemo(() => usage.map((service) => service.serviceName), [usage]);
  const series = useMemo(
    () => [
      { label: t('charts.units'), values: usage.map((service) => service.numberOfUnits), color: COLORS.units },
      { label: t('charts.accesses'), values: usage.map((service) => service.numberOfAccesses), color: COLORS.accesses },
    ],
    [usage, t],
  );
  return (
    <Panel title={t('charts.serviceUsage')}>
      {usage.length === 0 ? <Empty /> : <SeriesChart kind="bars" labels={labels} series={series} ariaLabel={t('charts.serviceUsage')} />}
    </Panel>
  );
}

const PLATFORM_FIGURES: Figure<PlatformDashboard>[] = [
  'numberUnitsActive',
  'numberUserActive',
  'totalUnit',
  'totalUser',
  'userOnline',
  'numberUserSignIn',
  'numberOfUnitsImplementation',
  'numberOfUnitsJustImplementation',
  'numberOfUserJustAddInDay',
].map((key) => ({ key: key as keyof PlatformDashboard & string, value: (data) => data[key as keyof PlatformDashboard] as number }));

const UNIT_FIGURES: Figure<UnitDashboard>[] = ['userOnline', 'numberDeviceSignin', 'numberOfSignin', 'numberOfSignout'].map((key) => ({
  key: key as keyof UnitDashboard & string,
  value: (data) => data[key as keyof UnitDashboard] as number,
}));

function PlatformView({ request }: { request: DashboardRequest }) {
  const { data, isPending } = useDashboard('platform', request);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Figures data={data} figures={PLATFORM_FIGURES} loading={isPending} />
      {data ? <AccessChart days={data.activityStatisticsInTime} /> : <Skeleton active />}
      {data ? <ServiceUsageChart usage={data.numberChannelsAciveByUnit} /> : <Skeleton active />}
    </Space>
  );
}

function UnitView({ request }: { request: DashboardRequest }) {
  const { data, isPending } = useDashboard('unit', request);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Figures data={data} figures={UNIT_FIGURES} loading={isPending} />
      {data ? <AccessChart days={data.activityStatisticsUserInTime} /> : <Skeleton active />}
    </Space>
  );
}

/** /dashboard: platform staff see the platform's figures (any unit), a unit's users their unit's. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const profile = useProfile().data;
  const kind: DashboardKind = profile?.unitId ? 'unit' : 'platform';
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [unit, setUnit] = useState<string>('');
  const units = useUnitOptions();
  const request = useMemo<DashboardRequest>(
    () => ({ fromDate: range[0].format(DAY), toDate: range[1].format(DAY), ...(unit ? { unitRequest: unit } : {}) }),
    [range, unit],
  );
  if (!profile) return <Skeleton active />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2 className="dashboard-live">{t('live')}</h2>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('period')}
            format="DD/MM/YYYY"
            allowClear={false}
            value={range}
            maxDate={dayjs()}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
          {kind === 'platform' && (
            <Select
              aria-label={t('unit')}
              style={{ width: 260 }}
              showSearch
              optionFilterProp="label"
              loading={units.loading}
              value={unit}
              onChange={setUnit}
              options={[{ value: '', label: t('allUnits') }, ...units.options.map((option) => ({ value: String(option.value), label: option.label }))]}
            />
          )}
        </Space>
      </Space>
      {kind === 'platform' ? <PlatformView request={request} /> : <UnitView request={request} />}
    </Space>
  );
}
