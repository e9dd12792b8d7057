import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@portal/contracts';

/** The caller's language from Accept-Language: English when asked for first, else Vietnamese. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('vi')) return 'vi';
  return DEFAULT_LANGUAGE;
}
