import { ACTIVITY } from './constants.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day (YYYY-MM-DD) of an instant in the activity calendar: what the server's
 * counters are keyed by and what a dashboard asks for as "today" — whatever the browser's own
 * time zone (at 18:00 UTC it is already tomorrow in Vietnam).
 */
export function activityDay(at: Date): string {
  return dayFormat.format(at);
}
