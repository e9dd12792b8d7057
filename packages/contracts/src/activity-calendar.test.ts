import { describe, expect, it } from 'vitest';
import { activityDay } from './activity-calendar.ts';
import { ACTIVITY } from './constants.ts';

describe('activityDay', () => {
  it('turns the day at midnight in Vietnam, 17:00 UTC', () => {
    expect(activityDay(new Date('2026-03-01T16:59:59.999Z'))).toBe('2026-03-01');
    expect(activityDay(new Date('2026-03-01T17:00:00.000Z'))).toBe('2026-03-02');
    expect(activityDay(new Date('2026-12-31T17:00:00.000Z'))).toBe('2027-01-01');
  });

  it('agrees with the time-zone database for the zone, hour by hour over two years', () => {
    const zoneDay = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000) {
      expect(activityDay(new Date(at))).toBe(zoneDay.format(at));
    }
  });
});
