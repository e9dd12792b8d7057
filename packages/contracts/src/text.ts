/** Text helpers the server and the SPA share. */

/**
 * A subdomain-safe slug of a name: Vietnamese diacritics removed (đ → d), spaces and
 * punctuation dropped, lower case. "Công ty TNHH Minh Phát" → "congtytnhhminhphat".
 */
export function toSubdomain(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
