import { ACTIVITY } from './constants.ts';

/** The zone's offset in milliseconds ('+07:00' → 7 h); the zone keeps no daylight-saving time. */
const offsetMs = (() => {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(ACTIVITY.utcOffset)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
})();

/**
 * The calendar day (YYYY-MM-DD) of an instant in the activity calendar: what the server's
 * counters are keyed by and what a dashboard asks for as "today" — whatever the browser's own
 * time zone (at 18:00 UTC it is already tomorrow in Vietnam). Plain arithmetic on the fixed
 * offset rather than `Intl.DateTimeFormat`, whose time-zone data cost the server ~5 MiB of
 * resident memory (issue 12).
 */
export function activityDay(at: Date): string {
  return new Date(at.getTime() + offsetMs).toISOString().slice(0, 10);
}
