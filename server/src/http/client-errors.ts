// Requests Node's HTTP parser refuses before Fastify sees them (headers beyond its limit, a garbled
// request line, Content-Length and Transfer-Encoding both, a body cut short, a request that timed
// out): Fastify's own answer to them is English and in its own shape. This answers in the API's one
// error format, in German, then closes the connection, as Fastify does (the parser cannot go on).
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode } from '@lp/domain/error-codes';
import { MESSAGES } from '@lp/domain/messages';
import { errorBody } from './app-error';

interface ParserError extends Error {
  code?: string;
}

const ANSWERS: Record<string, [code: ErrorCode, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 'Request Header Fields Too Large', MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'Request Timeout', MESSAGES.requestTimedOut],
};

export function answerClientError(error: ParserError, socket: Socket): void {
  // The client went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, message] = ANSWERS[error.code ?? ''] ?? [
    'MALFORMED_REQUEST',
    'Bad Request',
    MESSAGES.malformedRequest,
  ];
  const status = ERROR_CODES[code];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
