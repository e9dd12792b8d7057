const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');

/**
 * Dates as the specification shows them: DD/MM/YYYY, with HH:mm:ss when the time matters, in
 * the browser's zone. A bare date (YYYY-MM-DD) is that day wherever the browser is (the Date
 * parser would read it as midnight UTC). Without dayjs: the dashboard, part of the shell's
 * first screen, formats dates and nothing else of it needs dayjs.
 */
export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '';
  const day = DATE_ONLY.exec(value);
  const at = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const date = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
  return withTime ? `${date} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` : date;
}

/** Seconds as HH:MM:SS. */
export function formatDuration(totalSeconds: number): string {
  return `${pad(totalSeconds / 3600)}:${pad((totalSeconds % 3600) / 60)}:${pad(totalSeconds % 60)}`;
}

/** A file size: bytes under 1 KB, KB under 1 MB, else MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Thousands separators for a number typed as text; refuses input over 10000 characters. */
export function formatNumber(value: string, maxLength = 10000): string {
  if (value.length > maxLength) throw new RangeError('number input too long');
  const [whole = '', fraction] = value.replace(/[^\d.]/g, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The locale a language's figures are written in. */
const localeOf = (language: string) => (language === 'en' ? 'en-US' : 'vi-VN');

/** One count format per language ("12.345" in Vietnamese, "12,345" in English), cached. */
const countFormats = new Map<string, Intl.NumberFormat>();

/** A count (users, sign-ins, units) as the screen's language writes it, in whole units. */
export function formatCount(value: number, language: string): string {
  const locale = localeOf(language);
  let format = countFormats.get(locale);
  if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
  return format.format(value);
}

/** The currency of packs the form does not set (the server stores packs in VND unless told otherwise). */
export const DEFAULT_CURRENCY = 'VND';

/** One money format per language ("1.800.000 ₫" in Vietnamese, "₫1,800,000" in English), cached. */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * An amount of money in its currency (an ISO code, e.g. VND), as every screen that shows a price
 * shows it. A code Intl does not know is written after the number.
 */
export function formatMoney(value: number, currency: string, language: string): string {
  const locale = localeOf(language);
  const key = `${locale}|${currency}`;
  if (!moneyFormats.has(key)) {
    try {
      moneyFormats.set(key, new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol', maximumFractionDigits: 0 }));
    } catch {
      moneyFormats.set(key, null);
    }
  }
  const format = moneyFormats.get(key);
  return format ? format.format(value) : `${formatCount(value, language)} ${currency}`;
}
