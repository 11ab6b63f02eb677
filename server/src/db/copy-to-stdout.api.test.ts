// The COPY reader of the export and the backup (copy-to-stdout.ts): every row's bytes arrive, whole
// and in order, however the socket cuts PostgreSQL's messages; a failing COPY fails the stream; and
// the connection goes back to pg ready for the next statement.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { copyToStdout } from './copy-to-stdout';

/** A backend message: its code, its length (counting itself) and its body. */
function message(code: string, body: Buffer | string = ''): Buffer {
  const bytes = Buffer.from(body);
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([header, bytes]);
}

/** Everything a readable stream passes on, each piece as it came. */
async function pieces(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return parts;
}

describe('copyToStdout on a socket cut anywhere', () => {
  const rows = ['1\tGemeinde Nord\n', '2\t"Süd"; mit Zeile\nund Umbruch\n', '3\t\n', '4\tÖkohof\n'];
  const backend = Buffer.concat([
    message('H', Buffer.from([0, 0, 2, 0, 0, 0, 0])), // CopyOutResponse: text, 2 columns
    message('d', rows[0]),
    message('N', 'SNOTICE\0Mhinweis\0\0'), // a notice between two rows
    message('d', rows[1]),
    message('S', 'application_name\0lp\0'),
    message('d', rows[2]),
    message('d', rows[3]),
  ]);
  const afterCopy = Buffer.concat([message('c'), message('C', 'COPY 4\0'), message('Z', 'I')]);
  const wire = Buffer.concat([backend, afterCopy]);
  const rowEnds = rows.map((_, i) => Buffer.byteLength(rows.slice(0, i + 1).join('')));

  it('passes on each row whole and hands pg exactly the messages from CopyDone on', async () => {
    for (let first = 0; first <= wire.length; first += 1)
      for (const second of [first, first + 1, first + 6, first + 40]) {
        const socket = new PassThrough();
        const handed: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => handed.push(Buffer.from(chunk)));
        const connection = Object.assign(new EventEmitter(), { stream: socket, query: () => undefined });
        const copy = copyToStdout('copy t to stdout');
        copy.submit(connection as unknown as pg.Connection);
        const received = pieces(copy);
        // Written one piece after another, as a socket delivers them: cut at `first` and `second`.
        const cuts = [0, first, Math.min(second, wire.length), wire.length];
        for (let i = 1; i < cuts.length; i += 1) {
          if (cuts[i]! > cuts[i - 1]!) socket.write(Buffer.from(wire.subarray(cuts[i - 1], cuts[i])));
          await new Promise((resolve) => setImmediate(resolve));
        }
        const parts = await received;
        expect(Buffer.concat(parts).toString('utf8'), `cut at ${first}, ${second}`).toBe(rows.join(''));
        // Each piece ends where a row ends.
        let end = 0;
        for (const part of parts) {
          end += part.length;
          expect(rowEnds, `cut at ${first}, ${second}`).toContain(end);
        }
        await new Promise((resolve) => setImmediate(resolve));
        expect(Buffer.concat(handed).equals(afterCopy), `cut at ${first}, ${second}`).toBe(true);
      }
  });
});

describe('copyToStdout against PostgreSQL', () => {
  const t = useTestApp();
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
  });
  afterAll(() => client.end());

  it('streams every row of a large COPY, whole and in order, and the connection goes on', async () => {
    const copy = client.query(
      copyToStdout(
        `copy (select x, repeat(chr(97 + x % 26), x % 300) from generate_series(1, 50000) x) to stdout`,
      ),
    );
    const parts = await pieces(copy);
    const expected = Array.from({ length: 50_000 }, (_, i) => {
      const x = i + 1;
      return `${x}\t${String.fromCharCode(97 + (x % 26)).repeat(x % 300)}\n`;
    }).join('');
    expect(Buffer.concat(parts).toString('latin1')).toBe(expected);
    expect(parts.length).toBeGreaterThan(10); // many socket reads, rows cut between them
    for (const part of parts) expect(part[part.length - 1]).toBe(0x0a);
    expect(copy.rowCount).toBe(50_000);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it("fails with PostgreSQL's error when the COPY fails midway, and the connection goes on", async () => {
    const copy = client.query(
      copyToStdout(`copy (select 1 / (x - 40000) from generate_series(1, 50000) x) to stdout`),
    );
    await expect(pieces(copy)).rejects.toThrow('division by zero');
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails with the error of a statement PostgreSQL refuses at once', async () => {
    await expect(pieces(client.query(copyToStdout('copy (select nonsense) to stdout')))).rejects.toThrow(
      'column "nonsense" does not exist',
    );
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
