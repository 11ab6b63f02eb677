// One log line per request: when it has been answered, its method, URL, client address, status and
// time under its request id ("request completed", or "request errored" with the error); when its
// client left before the answer, its method and URL ("request aborted"), since no answer follows.
// Fastify's default adds a line for each incoming request with the same method, URL and id; the
// second pino call cost ~0.05 ms of the server's CPU per request (docs/performance.md, change 52),
// and it doubled the log of a server that answers a thousand requests a second. A request still
// running has no line yet.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
