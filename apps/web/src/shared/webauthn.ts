import type { WebauthnOptions, WebauthnResponse } from '@portal/contracts';

/**
 * The browser's WebAuthn ceremonies through @simplewebauthn/browser, imported only when a
 * ceremony starts (it is no part of the shell's or the sign-in screen's first download).
 * Options and answers cross as the server's JSON; the contracts only outline them.
 */
let imported = false;
const browserPackage = () => {
  imported = true;
  return import('@simplewebauthn/browser');
};

/** Why a ceremony ended without an answer, for the screen to say in its words. */
export type CeremonyFailure = 'cancelled' | 'already-registered' | 'unsupported' | 'failed';

export class CeremonyError extends Error {
  override name = 'CeremonyError';
  readonly failure: CeremonyFailure;
  constructor(failure: CeremonyFailure) {
    super(failure);
    this.failure = failure;
  }
}

/** An aborted ceremony (the user chose another way, or the screen left): nothing to say. */
export const isAborted = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

function failureOf(error: unknown): unknown {
  if (isAborted(error)) return error;
  const { name, code } = error as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return new CeremonyError('already-registered');
  // The user closed the browser's dialog, or it timed out: the browser does not say which.
  if (name === 'NotAllowedError') return new CeremonyError('cancelled');
  if (name === 'NotSupportedError' || name === 'SecurityError') return new CeremonyError('unsupported');
  return new CeremonyError('failed');
}

export function webauthnSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!webauthnSupported()) return false;
  const check = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof check === 'function' ? await check.call(window.PublicKeyCredential) : false;
}

export async function createPasskey(options: WebauthnOptions): Promise<WebauthnResponse> {
  if (!webauthnSupported()) throw new CeremonyError('unsupported');
  const { startRegistration } = await browserPackage();
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as WebauthnResponse;
  } catch (error) {
    throw failureOf(error);
  }
}

/**
 * Asks the browser for an assertion; with `autofill`, from the page's field marked
 * `autocomplete="… webauthn"` (it waits until the user picks a passkey there). Starting one
 * ceremony aborts the one under way (the package keeps one at a time).
 */
export async function assertPasskey(options: WebauthnOptions, autofill = false): Promise<WebauthnResponse> {
  if (!webauthnSupported()) throw new CeremonyError('unsupported');
  const { startAuthentication } = await browserPackage();
  try {
    return (await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill })) as unknown as WebauthnResponse;
  } catch (error) {
    throw failureOf(error);
  }
}

/** Ends the ceremony under way, if any (the user signs in with the password instead). */
export async function cancelCeremony(): Promise<void> {
  if (!imported) return; // no ceremony was ever started
  const { WebAuthnAbortService } = await browserPackage();
  WebAuthnAbortService.cancelCeremony();
}
