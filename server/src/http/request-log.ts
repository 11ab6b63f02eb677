// One log line per request: when it has been answered, its method, URL, client address, status and
// time under its request id ("request completed", or "request errored" with the error); when its
// client left before the answer, its method and URL ("request aborted"), since no answer follows.
// Fastify's default adds a line for each incoming request with the same method, URL and id; the
// second pino call cost ~0.05 ms of the server's CPU per request (docs/performance.md, change 52),
// and it doubled the log of a server that answers a thousand requests a second. A request still
// running has no line yet.
// The URL is logged with the values of sensitive query parameters masked: a token sent as
// `?access_token=` (or a password, a code) must not land in the log.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Query parameter names whose values are secrets, whatever their case and spelling around them. */
const SENSITIVE_PARAMETER = /token|passw|secret|otp|code|key|auth|session|signature|credential/i;
const MASK = '***';

/** The URL as it is logged: path as sent, sensitive query values (and undecodable ones) masked. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const masked = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const rawName = pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        return `${rawName}=${MASK}`;
      }
      return SENSITIVE_PARAMETER.test(name) ? `${rawName}=${MASK}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${masked}`;
}

/** Fastify's request serializer, with the URL masked. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

/** The line of a request whose client left before the answer: Fastify writes no other for it. */
export const logAbortedRequests = fp(async (app: FastifyInstance) => {
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ req: request }, 'request aborted');
  });
});
