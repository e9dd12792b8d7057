import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDay } from '@portal/contracts';
import { RemoteSelect } from '../../shared/resource/RemoteSelect.tsx';
import { unitOptions, useMayListUnits } from '../user/user-options.ts';

const DAY = 'YYYY-MM-DD';

export interface DashboardFilterValues {
  fromDate: string;
  toDate: string;
  unit: string;
}

/**
 * The dashboard's period and unit, with the portal's own pickers (DD/MM/YYYY, antd's date
 * range and the units searched on the server as the user types), as on every other screen. Loaded with antd after the
 * figures (`DashboardPage`), so the first screen stays light.
 */
export default function DashboardFilters({ value, onChange, units: showUnits }: { value: DashboardFilterValues; onChange: (next: DashboardFilterValues) => void; units: boolean }) {
  const { t } = useTranslation('dashboard');
  const mayListUnits = useMayListUnits();
  const periodId = useId();
  const unitId = useId();
  const today = dayjs(activityDay(new Date()));
  return (
    <div className="dashboard-filters">
      <div className="dashboard-filter">
        <label id={periodId}>{t('period')}</label>
        <DatePicker.RangePicker
          aria-labelledby={periodId}
          format="DD/MM/YYYY"
          allowClear={false}
          value={[dayjs(value.fromDate), dayjs(value.toDate)]}
          disabledDate={(day: Dayjs) => day.isAfter(today, 'day')}
          placeholder={[t('fromDate'), t('toDate')]}
          onChange={(days) => {
            if (days?.[0] && days[1]) onChange({ ...value, fromDate: days[0].format(DAY), toDate: days[1].format(DAY) });
          }}
        />
      </div>
      {showUnits && mayListUnits && (
        <div className="dashboard-filter">
          <label htmlFor={unitId}>{t('unit')}</label>
          <RemoteSelect
            id={unitId}
            source={unitOptions}
            leading={{ value: '', label: t('allUnits') }}
            value={value.unit}
            style={{ minWidth: 240 }}
            onChange={(unit) => onChange({ ...value, unit: typeof unit === 'string' ? unit : '' })}
          />
        </div>
      )}
    </div>
  );
}
