// drizzle-orm 0.44's NodePgSession.transaction sends `begin` before its try/finally: when the connection
// is lost at that moment (PostgreSQL killed or restarting), the pool client is never released. Ten such
// losses and the pool has no client left: every request waits for ever, also after the database is
// back. This replaces the method on our session with the same steps, `begin` inside the try, and a
// client whose transaction did not end cleanly destroyed instead of handed to the next request.
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** The parts of drizzle's session the replacement needs (private in its typings). */
interface SessionInternals {
  client: pg.Pool;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (
    transaction: (tx: NodePgTransaction<never, never>) => Promise<unknown>,
    config?: PgTransactionConfig,
  ) => Promise<unknown>;
}

interface TransactionInternals {
  getTransactionConfigSQL(config: PgTransactionConfig): SQL;
}

export function installSafeTransactions(db: object): void {
  const session = (db as { session: SessionInternals }).session;
  if (!((session as unknown) instanceof NodePgSession)) throw new Error('expected a node-postgres session');
  const { client: pool, dialect, schema, options } = session;

  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    const txSession = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction<never, never>(dialect, txSession as never, schema as never);
    let ended = false;
    try {
      const mode = config && (tx as unknown as TransactionInternals).getTransactionConfigSQL(config);
      await tx.execute(sql`begin${mode ? sql` ${mode}` : undefined}`);
      try {
        const result = await transaction(tx);
        await tx.execute(sql`commit`);
        ended = true;
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        ended = true;
        throw error;
      }
    } finally {
      client.release(!ended);
    }
  };
}
