// One log line per request, written when it has been answered: method, URL, client address, status
// and time, under its request id. Fastify's default adds a line for each incoming request with the
// same method, URL and id; the second pino call cost ~0.05 ms of the server's CPU per request
// (docs/performance.md, change 52), and it doubled the log of a server that answers a thousand
// requests a second. A request that never ends still shows: its client's timeout and the socket's
// close leave the answer's line, and a crash logs its error.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
