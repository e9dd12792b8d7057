import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDay, type DashboardRequest, type DayActivity, type PlatformDashboard, type ServiceUsage, type UnitDashboard } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { SeriesChart } from '../../shared/charts/SeriesChart.tsx';
import { Panel } from '../../shared/Panel.tsx';
import { formatDate } from '../../shared/format.ts';
import { useUnitOptions } from '../user/user-options.ts';
import { useDashboard, type DashboardKind } from './use-dashboard.ts';
import './dashboard.css';

/*
 * The first screen most users open is drawn without antd's grid, statistic, date picker and
 * select: native inputs and a CSS grid keep the shell with its first screen light (issue 12's
 * size budget); the resource screens load antd's table and forms on their own.
 */

/** A day of the activity calendar the counters keep (not the browser's), as the API takes it. */
const daysAgo = (days: number) => activityDay(new Date(Date.now() - days * 86_400_000));
const numberFormat = new Intl.NumberFormat('en');

/** Stacked sections with the dashboard's spacing. */
const Stack = ({ children }: { children: ReactNode }) => <div className="dashboard-stack">{children}</div>;
const Loading = () => {
  const { t } = useTranslation();
  return <p className="dashboard-loading" aria-busy="true">{t('loading')}</p>;
};
const Empty = ({ text }: { text: string }) => <p className="dashboard-empty">{text}</p>;
const COLORS = { signIn: '#1677ff', signOut: '#fa8c16', units: '#52c41a', accesses: '#722ed1' };

type Figure<T> = { key: keyof T & string; value: (data: T) => number };

function Figures<T>({ data, figures, loading }: { data: T | undefined; figures: Figure<T>[]; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard-figures">
      {figures.map((figure) => (
        <Panel key={figure.key} data-figure={figure.key}>
          <div className="figure-title">{t(`figures.${figure.key}` as 'figures.totalUser')}</div>
          <div className="figure-value" aria-busy={loading && !data}>{data ? numberFormat.format(figure.value(data)) : '…'}</div>
        </Panel>
      ))}
    </div>
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
      {quiet ? <Empty text={t('empty')} /> : <SeriesChart kind="lines" labels={labels} series={series} ariaLabel={t('charts.access')} />}
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
      {usage.length === 0 ? <Empty text={t('empty')} /> : <SeriesChart kind="bars" labels={labels} series={series} ariaLabel={t('charts.serviceUsage')} />}
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
    <Stack>
      <Figures data={data} figures={PLATFORM_FIGURES} loading={isPending} />
      {data ? <AccessChart days={data.activityStatisticsInTime} /> : <Loading />}
      {data ? <ServiceUsageChart usage={data.numberChannelsAciveByUnit} /> : <Loading />}
    </Stack>
  );
}

function UnitView({ request }: { request: DashboardRequest }) {
  const { data, isPending } = useDashboard('unit', request);
  return (
    <Stack>
      <Figures data={data} figures={UNIT_FIGURES} loading={isPending} />
      {data ? <AccessChart days={data.activityStatisticsUserInTime} /> : <Loading />}
    </Stack>
  );
}

/** /dashboard: platform staff see the platform's figures (any unit), a unit's users their unit's. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const profile = useProfile().data;
  const kind: DashboardKind = profile?.unitId ? 'unit' : 'platform';
  const [fromDate, setFromDate] = useState(() => daysAgo(6));
  const [toDate, setToDate] = useState(() => daysAgo(0));
  const [unit, setUnit] = useState<string>('');
  const units = useUnitOptions();
  const unitSelectId = useId();
  const request = useMemo<DashboardRequest>(() => ({ fromDate, toDate, ...(unit ? { unitRequest: unit } : {}) }), [fromDate, toDate, unit]);
  if (!profile) return <Loading />;

  // A cleared or reversed date is not applied: the inputs' min and max keep the range in order.
  const pick = (set: (day: string) => void) => (event: { target: HTMLInputElement }) => {
    if (event.target.value && event.target.validity.valid) set(event.target.value);
  };
  return (
    <Stack>
      <div className="dashboard-toolbar">
        <h2 className="dashboard-live">{t('live')}</h2>
        <div className="dashboard-filters">
          <fieldset className="dashboard-period">
            <legend>{t('period')}</legend>
            <input type="date" aria-label={t('fromDate')} value={fromDate} max={toDate} required onChange={pick(setFromDate)} />
            <span aria-hidden="true">→</span>
            <input type="date" aria-label={t('toDate')} value={toDate} min={fromDate} max={daysAgo(0)} required onChange={pick(setToDate)} />
          </fieldset>
          {kind === 'platform' && (
            <div className="dashboard-unit">
              <label htmlFor={unitSelectId}>{t('unit')}</label>
              <select id={unitSelectId} value={unit} onChange={(event) => setUnit(event.target.value)} aria-busy={units.loading}>
                <option value="">{t('allUnits')}</option>
                {units.options.map((option) => (
                  <option key={String(option.value)} value={String(option.value)}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      </div>
      {kind === 'platform' ? <PlatformView request={request} /> : <UnitView request={request} />}
    </Stack>
  );
}
