import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDay, type DashboardRequest, type DayActivity, type PlatformDashboard, type ServiceUsage, type UnitDashboard } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { SeriesChart } from '../../shared/charts/SeriesChart.tsx';
import { Panel } from '../../shared/Panel.tsx';
import { formatCount, formatDate } from '../../shared/format.ts';
import { lazyWithAntd } from '../../shared/with-antd.tsx';
import type { DashboardFilterValues } from './DashboardFilters.tsx';
import { MyServices } from './MyServices.tsx';
import { useDashboard, type DashboardKind } from './use-dashboard.ts';
import './dashboard.css';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['dashboard'] as const;

/*
 * The first screen most users open draws its figures and charts without antd (a CSS grid, plain
 * figures): the shell with its first screen stays light (issue 12's size budget). The period and
 * unit pickers are antd's, as on every other screen, loaded with antd once the figures are there.
 */
const DashboardFilters = lazyWithAntd(() => import('./DashboardFilters.tsx').then((module) => module.default));

/** A day of the activity calendar the counters keep (not the browser's), API takes it. */
const daysAgo = (days: number) => activityDay(new Date(Date.now() - days * 86_400_000));

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
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div className="dashboard-figures">
      {figures.map((figure) => (
        <Panel key={figure.key} data-figure={figure.key}>
          <div className="figure-title">{t(/* each figure's key has a phrase; typed keys cannot follow a template */ `figures.${figure.key}` as 'figures.totalUser')}</div>
          <div className="figure-value" aria-busy={loading && !data}>{data ? formatCount(figure.value(data), i18n.language) : '…'}</div>
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
      {usage.length === 0 ? <Empty text={t('empty')} /> : <SeriesChart kind="bars" twoAxes labels={labels} series={series} ariaLabel={t('charts.serviceUsage')} />}
    </Panel>
  );
}

/** The figures a dashboard shows: its numeric fields, in order. */
type NumericKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;
// data[key] is a number for every key NumericKey picks; TypeScript cannot see it through the generic T.
const figuresOf = <T,>(keys: NumericKey<T>[]): Figure<T>[] => keys.map((key) => ({ key, value: (data) => data[key] as number }));

const PLATFORM_FIGURES = figuresOf<PlatformDashboard>([
  'numberUnitsActive',
  'numberUserActive',
  'totalUnit',
  'totalUser',
  'userOnline',
  'numberUserSignIn',
  'numberOfUnitsImplementation',
  'numberOfUnitsJustImplementation',
  'numberOfUserJustAddInDay',
]);

const UNIT_FIGURES = figuresOf<UnitDashboard>(['userOnline', 'numberDeviceSignin', 'numberOfSignin', 'numberOfSignout']);

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

function UnitView({ request, own }: { request: DashboardRequest; own: boolean }) {
  const { data, isPending } = useDashboard('unit', request);
  // A plain user's own figures: whether they themselves are online says nothing.
  const figures = own ? UNIT_FIGURES.filter((figure) => figure.key !== 'userOnline') : UNIT_FIGURES;
  return (
    <Stack>
      <Figures data={data} figures={figures} loading={isPending} />
      {data ? <AccessChart days={data.activityStatisticsUserInTime} /> : <Loading />}
    </Stack>
  );
}

/** /dashboard: platform staff see the platform's figures (any unit), a unit's users their unit's (a plain user their own). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const profile = useProfile().data;
  const kind: DashboardKind = profile?.unitId ? 'unit' : 'platform';
  const [filters, setFilters] = useState<DashboardFilterValues>(() => ({ fromDate: daysAgo(6), toDate: daysAgo(0), unit: '' }));
  const { fromDate, toDate, unit } = filters;
  const request = useMemo<DashboardRequest>(() => ({ fromDate, toDate, ...(unit ? { unitRequest: unit } : {}) }), [fromDate, toDate, unit]);
  if (!profile) return <Loading />;
  const own = kind === 'unit' && !profile.isAdminUnit;

  return (
    <Stack>
      <div className="dashboard-toolbar">
        <div>
          <h2 className="dashboard-live">{t('live')}</h2>
          {own && <p className="dashboard-own">{t('ownFigures')}</p>}
        </div>
        {/* The pickers come with antd, after the figures: the space they take is kept meanwhile. */}
        <Suspense fallback={<div className="dashboard-filters-pending" aria-hidden />}>
          <DashboardFilters value={filters} onChange={setFilters} units={kind === 'platform'} />
        </Suspense>
      </div>
      {kind === 'unit' && <MyServices />}
      {kind === 'platform' ? <PlatformView request={request} /> : <UnitView request={request} own={own} />}
    </Stack>
  );
}
