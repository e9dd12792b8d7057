import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/**
 * Field rules of section 5, written once. Custom messages are phrase keys the SPA translates
 * (`fieldErrors.<key>`); the server sends them as they are in its 400 replies.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d+$/;
export const NUMBER_PATTERN = /^[\d.,]+$/;
export const URL_PATTERN = /^https?:\/\/[^\s]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** Optional text: empty becomes null, so "cleared" and "never set" look alike. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = z.string().trim().min(1).max(255).regex(EMAIL_PATTERN, { error: 'email_invalid' });
export const personName = requiredText(LIMITS.nameMax);
export const phoneField = z.string().trim().min(1).max(LIMITS.phoneMax).regex(PHONE_PATTERN, { error: 'phone_digits' });
export const optionalPhone = z
  .string()
  .trim()
  .max(LIMITS.phoneMax)
  .regex(/^\d*$/, { error: 'phone_digits' })
  .nullish()
  .transform((value) => (value ? value : null));
export const description = optionalText(LIMITS.descriptionMax);
export const usernameField = z.string().trim().min(3).max(64).regex(USERNAME_PATTERN, { error: 'username_invalid' });
export const urlField = z.string().trim().max(500).regex(URL_PATTERN, { error: 'url_invalid' });
/** An ISO date-time (what the SPA's date pickers send). */
export const isoDate = z.iso.datetime({ offset: true });
