// The statements the app sends to PostgreSQL while a piece of test code runs, on any connection of
// any pool (a first list page goes by name on a checked-out one, decision 0035).
import pg from 'pg';
import { vi } from 'vitest';

export interface SentStatement {
  /** Set for a named (prepared) statement. */
  name?: string;
  text: string;
}

export async function sentStatements(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return spy.mock.calls.map(([statement]) =>
      typeof statement === 'string' ? { text: statement } : (statement as SentStatement),
    );
  } finally {
    spy.mockRestore();
  }
}
