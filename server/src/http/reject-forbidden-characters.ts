// Every request's texts obey the domain's text rule (text.schema.ts): a forbidden character (a NUL,
// another control character, a bidirectional override, a lone surrogate) anywhere in the query, the
// path parameters or the parsed body (JSON or form) is a 400 with the German message before any
// handler runs, so that no route, declared schema or not, stores one or hands a NUL to PostgreSQL. A
// body field is named by its German label where the route gives them (`bodyLabels`), as the forms
// show their errors; the query and a field without a label are named by no property. A route that
// answers in a shape of its own (the OAuth token grant) says `ownTextRule` and refuses them in its
// schema instead.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { containsForbiddenCharacter } from '@lp/domain/text.schema';
import { AppError } from './app-error';

/**
 * Whether a parsed value holds a forbidden character in any string or key; iterative, as JSON may nest
 * deeply.
 */
export function holdsForbiddenCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (containsForbiddenCharacter(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (containsForbiddenCharacter(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's schema refuses forbidden characters itself and answers them in its own error shape. */
    ownTextRule?: boolean;
  }
}

/**
 * The refusals of a body: one per top-level field that holds a forbidden character, under the field's
 * label; a body that is no plain object (an array, a string) is one refusal without a field.
 */
export function forbiddenCharacterFields(
  body: unknown,
  labels: Readonly<Record<string, string>>,
): ValidationMessage[] {
  const refusal = (property: string) => ({ property, message: MESSAGES.forbiddenCharacter });
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) {
    return holdsForbiddenCharacter(body) ? [refusal('')] : [];
  }
  const refused = Object.entries(body).filter(
    ([key, value]) => containsForbiddenCharacter(key) || holdsForbiddenCharacter(value),
  );
  const properties = refused.map(([key]) => (Object.hasOwn(labels, key) ? labels[key]! : ''));
  // A field without a label ('') is said once, however many of them there are.
  return [...new Set(properties)].map(refusal);
}

export const rejectForbiddenCharacters = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const { ownTextRule, bodyLabels = {} } = request.routeOptions.config;
    if (ownTextRule) return;
    if (holdsForbiddenCharacter(request.query) || holdsForbiddenCharacter(request.params)) {
      throw AppError.of('FORBIDDEN_CHARACTER', MESSAGES.forbiddenCharacter);
    }
    const refused = forbiddenCharacterFields(request.body, bodyLabels);
    if (refused.length > 0) throw new AppError('FORBIDDEN_CHARACTER', refused);
  });
});
