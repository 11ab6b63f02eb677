// Requests Node's HTTP parser refuses before Fastify sees them (headers beyond its limit, a garbled
// request line, Content-Length and Transfer-Encoding both, a body cut short, a request that timed
// out): Fastify's own answer to them is English and in its own shape. This answers in the API's one
// error format, in German, then closes the connection, as Fastify does (the parser cannot go on).
import type { Socket } from 'node:net';
import { MESSAGES } from '@lp/domain/messages';
import { errorBody } from './error-handler';

interface ParserError extends Error {
  code?: string;
}

const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', MESSAGES.requestTimedOut],
};

export function answerClientError(error: ParserError, socket: Socket): void {
  // The client went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = ANSWERS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    MESSAGES.malformedRequest,
  ];
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
