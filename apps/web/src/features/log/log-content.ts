import { ERROR_CATALOGUE, errorMessage, type ErrorKey } from '@portal/contracts';

/** One labelled value of a log entry's content. */
export interface ContentField {
  key: string;
  value: string;
}

export interface ReadableContent {
  /** Why a failed change was refused, in the reader's language. */
  reason?: string;
  fields: ContentField[];
  /** Content that is neither a refusal nor the request's JSON, was written. */
  text?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the log row itself names: ids in the content that are these show names. */
export interface KnownNames {
  objectId?: string | null;
  objectName?: string | null;
  unitId?: string | null;
  unitName?: string | null;
}

function show(value: unknown, names: KnownNames, words: { yes: string; no: string; hidden: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (value === '***') return words.hidden;
  if (typeof value === 'string' && UUID.test(value)) {
    if (value === names.objectId && names.objectName) return names.objectName;
    if (value === names.unitId && names.unitName) return names.unitName;
  }
  if (Array.isArray(value)) return value.map((item) => show(item, names, words)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An action log's content made readable: a refusal's catalogue key as its message in the
 * reader's language, the request's JSON as labelled fields (ids the row names shown by their
 * names, secrets as "hidden"). Content of any other shape is kept as written.
 */
export function readableContent(
  content: string | null | undefined,
  names: KnownNames,
  language: 'vi' | 'en',
  words: { yes: string; no: string; hidden: string },
): ReadableContent {
  if (!content) return { fields: [] };
  let rest = content.trim();
  let reason: string | undefined;
  const first = /^(\S+)(?:\s+|$)/.exec(rest);
  if (first && (first[1]! in ERROR_CATALOGUE || first[1] === 'error')) {
    // The key was checked against ERROR_CATALOGUE just above; `in` does not narrow a string to its keys.
    reason = first[1] === 'error' ? errorMessage('request.internal', language) : errorMessage(first[1] as ErrorKey, language);
    rest = rest.slice(first[0].length);
  }
  if (!rest) return { reason, fields: [] };
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { reason, fields: Object.entries(parsed).map(([key, value]) => ({ key, value: show(value, names, words) })) };
    }
  } catch {
    // Not JSON: shown as it was written.
  }
  return { reason, fields: [], text: rest };
}
