import { ACTIVITY } from '@portal/contracts';

const activityDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Today (YYYY-MM-DD) in the calendar the server counts activity in (ACTIVITY.timeZone), which
 * may differ from the browser's: a period ending on the browser's day could miss today's figures.
 */
export function activityToday(): string {
  return activityDayFormat.format(new Date());
}
