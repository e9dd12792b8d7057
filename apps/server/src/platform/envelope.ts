import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessage, type FailureEnvelope, type FieldError, type Language } from '@portal/contracts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from './errors.ts';
import { uniqueViolationRefusal } from './unique-violations.ts';
import { languageOf } from './language.ts';

/** Wraps a handler's result in the success envelope. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

/** The envelope of a refusal, in the caller's language. */
export function failureBody(error: AppError, language: Language): FailureEnvelope {
  return {
    success: false,
    errorCode: error.code,
    busErrorMessage: errorMessage(error.key, language, error.params),
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [error.validationContext, path].filter(Boolean).join('.');
    // An unknown field is the offending one, not the object that holds it.
    const unknown = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys) ? (issue.params.keys as string[]) : [];
    if (unknown.length) return unknown.map((key) => ({ field: `${field}.${key}`, message: issue.message ?? 'invalid' }));
    return [{ field, message: issue.message ?? 'invalid' }];
  });
}

/**
 * Every failure leaves as an envelope: catalogue refusals as they were thrown, malformed
 * input as 400 naming the fields, anything unexpected as a logged 500.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);
    let appError: AppError;
    let unique: AppError | undefined;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = new AppError('request.bad_request', { errors: fieldErrorsOf(error) });
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      appError = new AppError('request.internal');
    } else if (error.statusCode === 429) {
      appError = new AppError('request.too_many');
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: unparsable JSON, wrong content type, body too large …
      appError = new AppError('request.bad_request', { errors: [{ field: 'body', message: error.message }] });
    } else if ((unique = uniqueViolationRefusal(error, request.body))) {
      // Outside an audited change (which maps it itself): the same "already exists".
      appError = unique;
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      appError = new AppError('request.unavailable');
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('request.internal');
    }
    const body = failureBody(appError, language);
    return reply.status(appError.statusCode).send(appError.statusCode >= 500 ? { ...body, requestId: request.id } : body);
  });
}
