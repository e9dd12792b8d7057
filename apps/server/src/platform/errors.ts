import { ERROR_CATALOGUE, type ErrorKey, type FieldError } from '@portal/contracts';

/** HTTP status of the request-level refusals; business refusals travel with 200. */
const STATUS_OF: Partial<Record<ErrorKey, number>> = {
  'request.bad_request': 400,
  'request.unauthorized': 401,
  'request.forbidden': 403,
  'request.not_found': 404,
  'request.too_many': 429,
  'request.internal': 500,
  'request.unavailable': 503,
  // An object outside the caller's reach is indistinguishable from one that does not exist.
  'data.not_found': 404,
};

/**
 * A refusal the caller should see: a catalogue key, turned into the envelope
 * `{ success: false, errorCode, busErrorMessage }` in the caller's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly params: Record<string, string | number>;
  readonly errors: FieldError[] | undefined;

  constructor(key: ErrorKey, options: { params?: Record<string, string | number>; errors?: FieldError[] } = {}) {
    super(key);
    this.key = key;
    this.statusCode = STATUS_OF[key] ?? 200;
    this.params = options.params ?? {};
    this.errors = options.errors;
  }

  get code(): number {
    return ERROR_CATALOGUE[this.key].code;
  }
}

export const forbidden = () => new AppError('request.forbidden');
export const unauthorized = () => new AppError('request.unauthorized');
export const notFound = () => new AppError('data.not_found');
