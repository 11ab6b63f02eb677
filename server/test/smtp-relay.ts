// A real SMTP server for the tests (the smtp-server package): it receives what the portal sends, with
// the SMTP envelope, and can refuse or be stopped and started again on the same port.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestRelay {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this SMTP answer (e.g. '451 4.3.0 Bitte später'). */
  refuse: string | undefined;
  /** Resolves once `count` mails have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startTestRelay(port = 0): Promise<TestRelay> {
  let server: SMTPServer | undefined;
  const relay: TestRelay = {
    port,
    url: '',
    received: [],
    refuse: undefined,
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (relay.received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${relay.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return relay.received;
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // stop() cuts the portal's pooled connections at once instead of waiting 30 s for them.
        closeTimeout: 50,
        onData(stream, session, callback) {
          // Read now: a pooled connection's session gets the next message's envelope.
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (relay.refuse) {
              const [code, ...text] = relay.refuse.split(' ');
              const error = Object.assign(new Error(text.join(' ')), { responseCode: Number(code) });
              return callback(error);
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            void simpleParser(raw).then((parsed) => {
              relay.received.push({ envelopeTo, raw, parsed });
              callback();
            });
          });
        },
      });
      server.on('error', () => undefined);
      await new Promise<void>((resolve) => server!.listen(relay.port, '127.0.0.1', resolve));
      relay.port = (server.server.address() as AddressInfo).port;
      relay.url = `smtp://127.0.0.1:${relay.port}`;
    },
  };
  await relay.start();
  return relay;
}
