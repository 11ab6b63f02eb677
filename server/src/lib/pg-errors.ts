// PostgreSQL errors a service turns into German messages. Drizzle wraps the driver's error and keeps
// it as `cause`, so the code is looked up along that chain.
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A row lock taken with NOWAIT that another transaction holds. */
export const PG_LOCK_NOT_AVAILABLE = '55P03';
/** Deleting a row an ON DELETE RESTRICT foreign key still references. */
export const PG_RESTRICT_VIOLATION = '23001';

export function hasPgCode(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Node's socket errors of a database that is down, restarting or unreachable. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own messages for a connection that ended under it or was unusable. */
const CONNECTION_LOST_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

function isUnavailableCause(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-03 (shut down, crashed, starting up),
    // 53300 (too many connections).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  }
  return error instanceof Error && CONNECTION_LOST_MESSAGE.test(error.message);
}

/** True when a failure means "the database cannot be reached right now" (answered 503), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if (isUnavailableCause(current)) return true;
    const nested = (current as { errors?: unknown }).errors; // AggregateError of a dual-stack connect
    if (Array.isArray(nested) && nested.some((e) => typeof e === 'object' && e && isUnavailableCause(e)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
