// Process-level log lines (start-up, shutdown) in the same JSON shape as Fastify's request logs.
import pino from 'pino';

export function createLogger(level: string) {
  const logger = pino({ level });
  return {
    info: (msg: string) => logger.info(msg),
    warn: (msg: string) => logger.warn(msg),
    error: (msg: string) => logger.error(msg),
    debug: (msg: string) => logger.debug(msg),
  };
}
