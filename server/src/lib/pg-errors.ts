// PostgreSQL errors a service turns into German messages. Drizzle wraps the driver's error and keeps
// it as `cause`, so the code is looked up along that chain.
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
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
