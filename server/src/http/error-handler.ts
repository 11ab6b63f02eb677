// One place that turns every failure into a response: German errors list, never a stack trace or SQL.
// A request that fails its route schema (params, query, body) is a malformed request: 400 with the
// German messages of the schema; a path number that no record can have is 404 (id-param.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { AppError, errorBody } from './app-error';
import { NOT_FOUND_PARAM } from './id-param';
import { VALIDATION_MESSAGES_MAX } from './zod-schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** German labels of the body's fields (BOOKING_LABELS, …): the `property` of a body message. */
    bodyLabels?: Readonly<Record<string, string>>;
  }
}

interface SchemaIssue {
  instancePath: string;
  message?: string;
  params?: { params?: Record<string, unknown> };
}

/**
 * Errors Fastify raises before routing (a path with broken percent-encoding, FST_ERR_BAD_URL): the
 * Fastify option `frameworkErrors`, so they too answer the German 400 and not Fastify's English one.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'malformed request');
  return reply.status(400).send(errorBody('MALFORMED_REQUEST', MESSAGES.malformedRequest));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, errors: error.errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '30')
        .send(errorBody('DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as SchemaIssue[];
      if (issues.some((issue) => issue.params?.params?.[NOT_FOUND_PARAM] === true)) {
        return reply.status(404).send(errorBody('NOT_FOUND', MESSAGES.notFound));
      }
      request.log.info({ context: error.validationContext }, 'malformed request');
      return reply
        .status(400)
        .send({ code: 'MALFORMED_REQUEST', errors: toMessages(issues, labelsOf(request, error)) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send(errorBody('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests));
    if (status === 413)
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge));
    if (status === 415)
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType));
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'malformed request');
      return status === 404
        ? reply.status(404).send(errorBody('NOT_FOUND', MESSAGES.malformedRequest))
        : reply.status(400).send(errorBody('MALFORMED_REQUEST', MESSAGES.malformedRequest));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('SERVER_ERROR', MESSAGES.serverError));
  });
}

function labelsOf(request: FastifyRequest, error: FastifyError): Readonly<Record<string, string>> {
  return error.validationContext === 'body' ? (request.routeOptions.config.bodyLabels ?? {}) : {};
}

/**
 * property = the German label of the first path segment (the field), as the forms show it. A message
 * is said once per field: a union's branches can each refuse a value with the same words.
 */
function toMessages(issues: SchemaIssue[], labels: Readonly<Record<string, string>>): ValidationMessage[] {
  const messages = new Map<string, ValidationMessage>();
  for (const issue of issues) {
    const key = issue.instancePath.split('/')[1] ?? '';
    const message = { property: labels[key] ?? key, message: issue.message ?? MESSAGES.malformedRequest };
    messages.set(JSON.stringify(message), message);
    if (messages.size === VALIDATION_MESSAGES_MAX) break;
  }
  return [...messages.values()];
}
