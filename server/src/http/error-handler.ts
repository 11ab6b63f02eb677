// One place that turns every failure into a response: German errors list, never a stack trace or SQL.
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@lp/domain/messages';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { AppError } from './app-error';

const body = (message: string) => ({ errors: [{ property: '', message }] });

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ errors: error.errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '30').send(body(MESSAGES.databaseUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body(MESSAGES.tooManyRequests));
    if (status === 413) return reply.status(413).send(body(MESSAGES.payloadTooLarge));
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'malformed request');
      return reply
        .status(status === 404 ? 404 : status === 415 ? 415 : 400)
        .send(body(MESSAGES.malformedRequest));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(MESSAGES.serverError));
  });
}
