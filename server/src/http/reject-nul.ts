// Every request's texts obey the domain's text rule (text.schema.ts): a NUL character anywhere in
// the query, the path parameters or the parsed body (JSON or form) is a 400 with the German message
// before any handler runs, so that no route, declared schema or not, hands one to PostgreSQL. A route
// that answers in a shape of its own (the OAuth token grant) says `ownNulRule` and refuses NULs in
// its schema instead.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@lp/domain/messages';
import { containsNul } from '@lp/domain/text.schema';
import { AppError } from './app-error';

/** Whether a parsed value holds a NUL in any string or key; iterative, as JSON may nest deeply. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (containsNul(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (containsNul(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's schema refuses NULs itself and answers them in its own error shape. */
    ownNulRule?: boolean;
  }
}

export const rejectNul = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.ownNulRule) return;
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw AppError.badRequest(MESSAGES.nulCharacter);
    }
  });
});
