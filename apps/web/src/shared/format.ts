import dayjs from 'dayjs';

/** Dates as the specification shows them: DD/MM/YYYY, with HH:mm:ss when the time matters. */
export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '';
  return dayjs(value).format(withTime ? 'DD/MM/YYYY HH:mm:ss' : 'DD/MM/YYYY');
}

/** Seconds as HH:MM:SS. */
export function formatDuration(totalSeconds: number): string {
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
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
