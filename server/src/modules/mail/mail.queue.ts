// The job queue in our own PostgreSQL (graphile-worker, decision 0065): mail delivery with retries and
// backoff, and the reminder plan's daily run. Every server runs a worker; a job is held by one worker
// at a time (row locks in graphile_worker's tables), and the cron item's run of an hour is queued
// once for all servers (graphile-worker's known_crontabs).
import { Logger, run, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import { MAIL_MAX_ATTEMPTS } from '@lp/domain/limits';
import type { Db } from '../../db/connection';
import { lockMailForDelivery, markAttemptFailed, markSent } from './mail.outbox.repository';
import { describeDeliveryError, type MailTransport } from './mail.transport';

interface QueueLog {
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

/**
 * Delivers one outbox mail. The row is locked while it is sent, so a second job for it (a second
 * server) waits and then finds it sent. A relay that refuses, times out or is down: the attempt is
 * counted with its answer, the mail stays queued and the task fails, so the queue retries it after
 * exp(attempt) seconds; after MAIL_MAX_ATTEMPTS it is failed.
 */
export function deliverTask(db: Db, transport: MailTransport | undefined): Task {
  return async (payload) => {
    const { id } = payload as { id: number };
    let failure: unknown;
    await db.transaction(async (tx) => {
      const mail = await lockMailForDelivery(tx, id);
      if (!mail || mail.state !== 'queued') return; // sent, failed for good, or stored without a relay
      if (!transport) {
        // The relay was configured when it was queued and is not now: keep it for a later start.
        failure = new Error('SMTP_URL ist nicht gesetzt.');
        await markAttemptFailed(tx, id, String((failure as Error).message), false);
        return;
      }
      try {
        await transport.send(mail);
      } catch (error) {
        failure = error;
        await markAttemptFailed(tx, id, describeDeliveryError(error), mail.attempts + 1 >= MAIL_MAX_ATTEMPTS);
        return;
      }
      await markSent(tx, id);
    });
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  };
}

export interface QueueOptions {
  connectionString: string;
  tasks: Record<string, Task>;
  crontab?: string;
  log: QueueLog;
  concurrency?: number;
}

export async function startQueue({ connectionString, tasks, crontab, log, concurrency = 2 }: QueueOptions) {
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') log.error(`queue: ${message}`);
    else if (level === 'warning') log.warn(`queue: ${message}`);
    else log.debug(`queue: ${message}`);
  });
  // The queue's own pool, so that a connection PostgreSQL ends (a restart, a failover, a database
  // dropped at shutdown) is a logged warning, never an uncaught error that stops the process; the
  // worker connects again by itself.
  const pgPool = new pg.Pool({ connectionString, max: concurrency + 2 });
  const lost = (error: Error) => log.warn(`queue: Verbindung zur Datenbank verloren: ${error.message}`);
  pgPool.on('error', lost);
  // graphile-worker checks for both (https://err.red/wpeh): an idle pooled client and a checked-out one.
  pgPool.on('connect', (client) => client.on('error', lost));
  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      taskList: tasks,
      crontab: crontab ?? '',
      logger,
    });
  } catch (error) {
    await pgPool.end();
    throw error;
  }
  return {
    runner,
    stop: async () => {
      await runner.stop();
      await pgPool.end();
    },
  };
}
