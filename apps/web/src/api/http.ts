import { requestErrorMessage, type FailureEnvelope, type RequestErrorKey } from '@portal/contracts';
import { appSettings } from './settings.ts';
import { accessToken, tokensSettled } from '../auth/session.ts';
import { markSessionExpired } from '../auth/session-expired.ts';
import { currentLanguage } from '../i18n/index.ts';

/** A call that did not succeed; the user has already been told (toast or modal). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly errorCode: number | undefined;
  readonly fieldErrors: FailureEnvelope['errors'];

  constructor(message: string, status: number, envelope?: FailureEnvelope) {
    super(message);
    this.status = status;
    this.errorCode = envelope?.errorCode;
    this.fieldErrors = envelope?.errors;
  }
}

/** What a rejected promise or a catch holds, as an Error (the calls reject with one; anything else is wrapped). */
export const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

const failureListeners = new Set<(message: string) => void>();

/**
 * Tells `listener` each failure the user must be told of (the toasts subscribe: they sit above
 * the HTTP client, which does not import them). Answers the unsubscribe.
 */
export function watchFailures(listener: (message: string) => void): () => void {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}

function notifyError(message: string): void {
  for (const listener of failureListeners) listener(message);
}

/** Transport failures, mapped as the specification's section 8 says. */
function transportKey(status: number): RequestErrorKey {
  if (status === 400) return 'request.bad_request';
  if (status === 403) return 'request.forbidden';
  // A per-address or per-account limit: the user can act on it (wait), unlike a server fault.
  if (status === 429) return 'request.too_many';
  return 'request.internal';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Base URL; the API endpoint of env.json by default. */
  base?: string;
  /**
   * Leave refusals of the input to the caller instead of toasting them (forms show them at the
   * field they name, or inside the dialog): business refusals (200, `success: false`) and 400s.
   */
  quietRefusal?: boolean;
}

/**
 * Sends the call with the current access token. A 401 for a token that has been replaced
 * meanwhile (renewed after a password change) is not a lost session: the call goes again once
 * with the new token.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  await tokensSettled();
  const token = accessToken();
  const response = await sendWith(token, path, options);
  if (response.status !== 401) return response;
  await tokensSettled();
  const current = accessToken();
  return current && current !== token ? sendWith(current, path, options) : response;
}

async function sendWith(token: string | null, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': currentLanguage() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`${options.base ?? appSettings().environment.apiEndpoint}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const message = requestErrorMessage('request.network', currentLanguage());
    notifyError(message);
    throw new ApiError(message, 0);
  }
}

/** Calls the API and answers the envelope's data; every failure is shown to the user once. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return readEnvelope<T>(response, options);
}

/** Calls the API for a file (an export); failures are reported as for any call. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) return response.blob();
  await readEnvelope<unknown>(response, options);
  throw new ApiError(requestErrorMessage('request.internal', currentLanguage()), response.status);
}

async function readEnvelope<T>(response: Response, options: RequestOptions): Promise<T> {
  if (response.status === 401) {
    markSessionExpired();
    throw new ApiError(requestErrorMessage('session.expired', currentLanguage()), 401);
  }
  const envelope = (await response.json().catch(() => undefined)) as
    | { success: true; data: T }
    | FailureEnvelope
    | undefined;
  if (!response.ok) {
    const message = requestErrorMessage(transportKey(response.status), currentLanguage());
    // A 400 is a refusal of what was sent, like a business refusal: the asking form shows it.
    if (!(options.quietRefusal && response.status === 400)) notifyError(message);
    throw new ApiError(message, response.status, envelope && !envelope.success ? envelope : undefined);
  }
  if (!envelope) {
    const message = requestErrorMessage('request.internal', currentLanguage());
    notifyError(message);
    throw new ApiError(message, response.status);
  }
  if (!envelope.success) {
    if (!options.quietRefusal) notifyError(envelope.busErrorMessage);
    throw new ApiError(envelope.busErrorMessage, response.status, envelope);
  }
  return envelope.data;
}
