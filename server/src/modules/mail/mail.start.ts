// Starts this server's part of the job queue with the app and stops it when the app closes: the SMTP
// transport, the delivery task and the reminder plan's hourly cron item.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { DELIVER_TASK } from './mail.outbox.repository';
import { deliverTask, startQueue } from './mail.queue';
import { createMailTransport } from './mail.transport';
import type { Mailer } from './mailer';
import { REMINDER_CRONTAB, REMINDER_TASK, reminderTask } from '../reminders/index';

export async function startMailQueue(
  app: FastifyInstance,
  { db, pool, config, mailer }: { db: Db; pool: pg.Pool; config: Config; mailer: Mailer },
): Promise<void> {
  const transport = createMailTransport(config.mail);
  const queue = await startQueue({
    connectionString: pool.options.connectionString!,
    tasks: {
      [DELIVER_TASK]: deliverTask(db, transport),
      [REMINDER_TASK]: reminderTask(db, mailer, config.demoData),
    },
    crontab: REMINDER_CRONTAB,
    log: {
      warn: (message) => app.log.warn(message),
      error: (message) => app.log.error(message),
      debug: (message) => app.log.debug(message),
    },
  });
  app.addHook('onClose', async () => {
    await queue.stop();
    transport?.close();
  });
}
