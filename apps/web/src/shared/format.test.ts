import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDuration, formatFileSize, formatMoney, formatNumber } from './format.ts';

describe('formats of section 9', () => {
  it('shows dates as DD/MM/YYYY (with HH:mm:ss)', () => {
    expect(formatDate('2026-03-09T08:07:06')).toBe('09/03/2026');
    expect(formatDate('2026-03-09T08:07:06', true)).toBe('09/03/2026 08:07:06');
    expect(formatDate(null)).toBe('');
    // A bare date is that day in any zone; an instant shows in the browser's zone.
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    const instant = new Date(Date.UTC(2026, 2, 9, 23, 30, 0));
    const local = (n: number) => String(n).padStart(2, '0');
    expect(formatDate(instant.toISOString(), true)).toBe(
      `${local(instant.getDate())}/${local(instant.getMonth() + 1)}/${instant.getFullYear()} ${local(instant.getHours())}:30:00`,
    );
    expect(formatDate('not a date')).toBe('');
  });

  it('shows seconds as HH:MM:SS', () => {
    expect(formatDuration(3725)).toBe('01:02:05');
  });

  it('shows file sizes in B, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('adds thousands separators and refuses over-long input', () => {
    expect(formatNumber('1234567.5')).toBe('1,234,567.5');
    expect(() => formatNumber('1'.repeat(10001))).toThrow(RangeError);
  });

  it('writes counts and money in the language of the screen', () => {
    expect(formatCount(1234567, 'vi')).toBe('1.234.567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatMoney(1800000, 'VND', 'vi')).toMatch(/^1\.800\.000\s₫$/);
  });
});
