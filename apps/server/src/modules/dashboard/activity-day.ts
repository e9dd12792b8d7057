import { ACTIVITY } from '@portal/contracts';

export { activityDay } from '@portal/contracts';

/** Every day from `from` to `to` (inclusive), for charts that show empty days as zero. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The instant a day of the activity calendar begins. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00${ACTIVITY.utcOffset}`);
}

/** The instant after a day of the activity calendar ends. */
export function endOfDay(day: string): Date {
  return new Date(startOfDay(day).getTime() + 86_400_000);
}
