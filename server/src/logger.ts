// Process-level log lines (start-up, shutdown) in the same shape as Fastify's request logs, and the
// one place that decides how log lines look: JSON lines for services, containers and CI (stdout is a
// pipe or a file); on a terminal, readable lines through pino-pretty, so that a person starting
// `npm start` sees what happens rather than raw JSON.
import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

interface RequestLogFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A terminal gets readable lines; anything else the JSON lines. */
export function logDestination(
  stdoutIsTerminal = process.stdout.isTTY === true,
): DestinationStream | undefined {
  if (!stdoutIsTerminal) return undefined;
  return pretty({
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    // A request line reads "GET /api/transactions → 200 (12 ms)" instead of its nested objects.
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLogFields;
      const message = String(log[messageKey] ?? '');
      if (!req?.method) return message;
      const status = res?.statusCode === undefined ? '' : ` → ${res.statusCode}`;
      const time = responseTime === undefined ? '' : ` (${Math.round(responseTime)} ms)`;
      return `${req.method} ${req.url ?? ''}${status}${time}${message === 'request completed' ? '' : ` ${message}`}`;
    },
  });
}

export function createLogger(level: string, destination = logDestination()) {
  const logger = destination ? pino({ level }, destination) : pino({ level });
  return {
    info: (msg: string) => logger.info(msg),
    warn: (msg: string) => logger.warn(msg),
    error: (msg: string) => logger.error(msg),
    debug: (msg: string) => logger.debug(msg),
  };
}
