import type { ApiCall } from './route-calls.ts';

/** The part of JSON Schema the API's OpenAPI document uses for its inputs. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  /** A record's field an update takes back and ignores (`acceptingRecord`). */
  readOnly?: boolean;
}

export interface OpenApiOperation {
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

/** A request that must be refused with 400 naming `field`. */
export interface BadCase {
  name: string;
  call: ApiCall;
  field: string;
  /** The message the field must be refused with, when only one is right. */
  message?: string;
}

/** Text the database cannot keep is refused by the one text rule, whatever else the field allows. */
const messageOf = (what: string) => (UNSTORABLE_TEXTS.some(([text]) => what.startsWith(text)) ? { message: 'text_invalid' } : {});

/** The OpenAPI operation of a route (`/api/User/GetById/:id` is `/api/User/GetById/{id}` there). */
export function operationOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }, method: string, url: string): OpenApiOperation | undefined {
  return document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}

/** Bounds beyond this are the safe-integer limits zod writes for a bare `int()`, not a rule of the field. */
const REAL_BOUND = 1e12;
const UNBOUNDED_TEXT = 100_000;

function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>([schema.type ?? []].flat());
  if (schema.nullable) types.add('null');
  if (types.has('integer')) types.add('number');
  for (const value of [...(schema.enum ?? []), ...('const' in schema ? [schema.const] : [])]) types.add(value === null ? 'null' : typeof value);
  for (const option of schema.anyOf ?? []) for (const type of acceptedTypes(option)) types.add(type);
  return types;
}

const WRONG_TYPES: [string, unknown][] = [
  ['number', 12345],
  ['string', 'text'],
  ['boolean', true],
  ['array', ['x']],
  ['object', { x: 1 }],
];

function boundsOf(schema: JsonSchema): { minimum?: number | undefined; maximum?: number | undefined; integer: boolean } {
  const all = [schema, ...(schema.anyOf ?? [])];
  const real = (value: number | undefined) => (value !== undefined && Math.abs(value) < REAL_BOUND ? value : undefined);
  return {
    minimum: real(all.find((s) => s.minimum !== undefined)?.minimum),
    maximum: real(all.find((s) => s.maximum !== undefined)?.maximum),
    integer: all.some((s) => s.type === 'integer'),
  };
}

/**
 * Text PostgreSQL cannot keep (contracts' `isStorableText`): a NUL, and a lone surrogate. Every
 * text of every route must refuse them with 400 naming the field, whatever the field's own
 * rules (a keyword, a name, a code, an enum, a uuid, an item of a list).
 */
export const UNSTORABLE_TEXTS: [string, string][] = [
  ['NUL character', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
];

/** Bad values for one body property of a valid payload, each with what it tries and the field it must name. */
function badValues(schema: JsonSchema, valid: unknown, field: string): [string, unknown, string][] {
  const types = acceptedTypes(schema);
  const cases: [string, unknown, string][] = [];
  const push = (what: string, value: unknown) => cases.push([what, value, field]);
  const wrong = WRONG_TYPES.find(([type]) => !types.has(type));
  if (wrong && types.size > 0) push(`wrong type (${wrong[0]})`, wrong[1]);
  if (types.has('string')) for (const [what, text] of UNSTORABLE_TEXTS) push(what, text);
  if (types.has('string') && !schema.enum) {
    push(`over-long string`, 'x'.repeat((schema.maxLength ?? UNBOUNDED_TEXT) + 1));
    if ((schema.minLength ?? 0) > 0) push('blank string', '   ');
  }
  // A list of texts: one bad item is named by its place.
  const items = [schema, ...(schema.anyOf ?? [])].find((option) => option.items)?.items;
  if (items && acceptedTypes(items).has('string')) {
    const list = Array.isArray(valid) ? valid : [];
    for (const [what, text] of UNSTORABLE_TEXTS) cases.push([`${what} in an item`, [...list, text], `${field}.${list.length}`]);
  }
  if (types.has('number') && !schema.enum && !schema.anyOf?.some((s) => s.enum)) {
    const { minimum, maximum, integer } = boundsOf(schema);
    if (minimum !== undefined) push(`below the minimum ${minimum}`, minimum - 1);
    if (minimum !== undefined && minimum > 0) push('negative', -1);
    if (maximum !== undefined) {
      push(`above the maximum ${maximum}`, maximum + 1);
      push('huge', maximum * 1000 + 1);
    }
    if (integer) {
      push('fraction', 1.5);
      push('beyond a safe integer', 1e20);
    }
  }
  if (types.has('array') && schema.maxItems !== undefined && Array.isArray(valid) && valid.length > 0) {
    push(`more than ${schema.maxItems} items`, Array.from({ length: schema.maxItems + 1 }, () => valid[0]));
  }
  return cases;
}

/** Bad values for a path or query parameter: everything arrives as text there. */
function badParameterValues(schema: JsonSchema): [string, string][] {
  // A lone surrogate has no UTF-8 form, so no percent-encoding: an address cannot carry one.
  const cases: [string, string][] = [UNSTORABLE_TEXTS[0]!];
  if (schema.format === 'uuid') cases.push(['not a uuid', 'not-a-uuid']);
  if (schema.enum) cases.push(['not one of its values', 'not-one-of-them']);
  if (schema.maxLength !== undefined) cases.push(['over-long', 'x'.repeat(schema.maxLength + 1)]);
  if ((schema.minLength ?? 0) > 0) cases.push(['blank', '   ']);
  return cases;
}

/**
 * Every kind of bad input the route's own schema says it must refuse, each as a change of
 * one valid call: wrong types, over-long and blank text, text the database cannot keep (in
 * every text and list of texts, path and query included), numbers out of range (negative and
 * huge paging), too many items, a required field left out, an unknown field.
 */
export function badCases(valid: ApiCall, operation: OpenApiOperation): BadCase[] {
  const cases: BadCase[] = [];
  const body = operation.requestBody?.content['application/json'].schema;
  if (body?.properties) {
    // A call whose body may be null ("all of a kind") is tried with an object like any other.
    const payload = (valid.body ?? {}) as Record<string, unknown>;
    for (const [name, schema] of Object.entries(body.properties)) {
      // A read-only field is ignored whatever it holds, but must still be of the record's type.
      const bad = badValues(schema, payload[name], `body.${name}`).filter(([what]) => !schema.readOnly || what.startsWith('wrong type') || UNSTORABLE_TEXTS.some(([text]) => what.startsWith(text)));
      for (const [what, value, field] of bad) {
        cases.push({ name: `body.${name}: ${what}`, call: { ...valid, body: { ...payload, [name]: value } }, field, ...messageOf(what) });
      }
      if (body.required?.includes(name)) {
        const { [name]: _left, ...rest } = payload;
        cases.push({ name: `body.${name}: missing`, call: { ...valid, body: rest }, field: `body.${name}` });
      }
    }
    cases.push({ name: 'body: unknown field', call: { ...valid, body: { ...payload, unexpected: true } }, field: 'body.unexpected' });
    cases.push({ name: 'body: not an object', call: { ...valid, body: ['x'] }, field: 'body' });
  }
  for (const parameter of operation.parameters ?? []) {
    const where = parameter.in === 'path' ? 'params' : 'querystring';
    for (const [what, value] of badParameterValues(parameter.schema)) {
      const call = where === 'params' ? { ...valid, params: { ...valid.params, [parameter.name]: value } } : { ...valid, query: { ...valid.query, [parameter.name]: value } };
      cases.push({ name: `${where}.${parameter.name}: ${what}`, call, field: `${where}.${parameter.name}`, ...messageOf(what) });
    }
  }
  if (operation.parameters?.some((parameter) => parameter.in === 'query')) {
    cases.push({ name: 'querystring: unknown parameter', call: { ...valid, query: { ...valid.query, unexpected: '1' } }, field: 'querystring.unexpected' });
  }
  return cases;
}
