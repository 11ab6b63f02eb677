// The mail channel (decisions.md section 13): the reminder plan's preview and run for 500 creditors
// with a missing month, over HTTP against the production server, and 1,000 mails (two steps of 500)
// delivered through a local SMTP server (smtp-server, the tests' relay): mails per second from the
// first run until the relay has all, and the server's RSS. `BENCH_MAIL_CREDITORS` changes the 500.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  buildServer,
  login,
  memoryOf,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  FIRST_CREDITOR,
  MASTER_DATA,
  startServer,
  withBenchDatabase,
} from './support';
import { nthWorkingDayAfter } from '../../server/src/modules/reminders/working-days';

const CREDITORS = Number(process.env.BENCH_MAIL_CREDITORS ?? 500);
const MONTH = '2026-10';

async function timed<T>(label: string, body: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await body();
  console.log(`  ${label.padEnd(48)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
  return result;
}

async function run(): Promise<void> {
  let received = 0;
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayPort = (relay.server.address() as AddressInfo).port;
  await buildServer();
  try {
    await withBenchDatabase('lp-bench-mail-', async ({ url, pool }) => {
      await pool.query(
        `insert into creditors (number, name)
          select ${FIRST_CREDITOR - 1} + g, 'Lieferant ' || g || ' GmbH'
          from generate_series(${MASTER_DATA.creditors + 1}, ${CREDITORS}) g;
         insert into users (email_address, password_hash, creditor_number)
          select 'lieferant' || number || '@example.org', 'kein-login', number from creditors`,
      );
      const server = await startServer(url, {
        SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
        PUBLIC_URL: 'https://portal.example.org',
      });
      try {
        const token = await login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD);
        const call = async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${server.base}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
          return res.json() as Promise<{ items?: unknown[]; queued?: number }>;
        };
        await call('PUT', '/api/reminders/plan', {
          enabled: true,
          steps: [{ workingDay: 3 }, { workingDay: 8 }],
        });
        const day3 = nthWorkingDayAfter(MONTH, 3, 'HE');
        const day8 = nthWorkingDayAfter(MONTH, 8, 'HE');
        const preview = await timed(`preview, ${CREDITORS} creditors due`, () =>
          call('GET', `/api/reminders/preview?date=${day3}`),
        );
        console.log(`  (${preview.items!.length} in the preview)`);
        const started = performance.now();
        const first = await timed('run (step 3: mails and jobs queued)', () =>
          call('POST', `/api/reminders/run?date=${day3}`),
        );
        const second = await timed('run (step 8)', () => call('POST', `/api/reminders/run?date=${day8}`));
        const total = first.queued! + second.queued!;
        let peakRss = 0;
        while (received < total) {
          peakRss = Math.max(peakRss, memoryOf(server.pid).rssKb);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `  ${total} mails delivered through the relay in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(0)} mails/s`,
        );
        console.log(
          `  server RSS while delivering: peak ${(peakRss / 1024).toFixed(0)} MB (VmHWM ${(memoryOf(server.pid).peakKb / 1024).toFixed(0)} MB)`,
        );
        const { rows } = await pool.query<{ state: string; n: number }>(
          `select state, count(*)::int as n from mail_outbox group by state`,
        );
        console.log(`  outbox: ${rows.map((r) => `${r.state} ${r.n}`).join(', ')}`);
      } finally {
        await server.stop();
      }
    });
  } finally {
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  }
}

export default { name: 'mail', run };
