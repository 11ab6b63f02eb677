// A JSON body is UTF-8 (RFC 8259 section 8.1). Fastify's own parser reads any bytes as UTF-8, turning
// those that are none into U+FFFD, and ignores a declared charset: a Latin-1 body ("Straße München")
// was stored as "Stra�e M�nchen". This parser refuses both with the German message, nothing stored,
// then parses as Fastify's own does (prototype poisoning refused).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@lp/domain/messages';
import { AppError } from './app-error';

const UTF8 = new Set(['utf-8', 'utf8']);

/** The charset a Content-Type header declares, lower-cased, or undefined. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

export function registerJsonBody(app: FastifyInstance): void {
  // No route takes plain text. Fastify's own text parser handed a JSON route the body as a string,
  // which the route then refused with words about its fields ("höchstens 1.000 Buchungen" for a
  // text of 1,000 characters); without it such a body is a 415 that says JSON is wanted.
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== undefined && !UTF8.has(charset)) {
      done(AppError.of('UNSUPPORTED_MEDIA_TYPE', MESSAGES.bodyNotUtf8), undefined);
      return;
    }
    if (!isUtf8(body)) {
      done(AppError.badRequest(MESSAGES.bodyNotUtf8), undefined);
      return;
    }
    parse(request, body.toString('utf8'), done);
  });
}
