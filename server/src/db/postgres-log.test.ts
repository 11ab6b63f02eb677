import { describe, expect, it } from 'vitest';
import { createPostgresLogClassifier, createPostgresLogWriter, type PostgresLogLevel } from './postgres-log';

const PREFIX = '2025-01-31 10:00:00.123 UTC [4711] ';

describe('PostgreSQL log classifier', () => {
  it.each<[string, PostgresLogLevel]>([
    ['LOG:  database system is ready to accept connections', 'debug'],
    ['NOTICE:  relation "x" already exists, skipping', 'debug'],
    ['INFO:  vacuuming "public.transactions"', 'debug'],
    ['DEBUG2:  checkpointer updated shared memory configuration values', 'debug'],
    ['WARNING:  there is no transaction in progress', 'warn'],
    ['ERROR:  division by zero', 'error'],
    ['FATAL:  password authentication failed for user "postgres"', 'error'],
    ['PANIC:  could not write to file "pg_wal/xlogtemp.1": No space left on device', 'error'],
    // FATALs of our own start-up probe and fast shutdown are routine
    ['FATAL:  the database system is starting up', 'debug'],
    ['FATAL:  terminating connection due to administrator command', 'debug'],
    // the job queue's first look for its own tables on a new database is routine too
    ['ERROR:  relation "graphile_worker.migrations" does not exist at character 85', 'debug'],
    ['ERROR:  relation "transactions" does not exist at character 15', 'error'],
  ])('%s → %s', (message, level) => {
    expect(createPostgresLogClassifier()(`${PREFIX}${message}`)).toBe(level);
    // without a prefix (log_line_prefix set empty) alike
    expect(createPostgresLogClassifier()(message)).toBe(level);
  });

  it('logs the details and the statement of a message at the message level', () => {
    const classify = createPostgresLogClassifier();
    expect(classify(`${PREFIX}ERROR:  duplicate key value violates unique constraint "t_a_key"`)).toBe(
      'error',
    );
    expect(classify(`${PREFIX}DETAIL:  Key (a)=(1) already exists.`)).toBe('error');
    expect(classify(`${PREFIX}STATEMENT:  insert into t`)).toBe('error');
    expect(classify('\tvalues (1)')).toBe('error');
    expect(classify(`${PREFIX}LOG:  checkpoint starting: time`)).toBe('debug');
    expect(classify(`${PREFIX}HINT:  none`)).toBe('debug');
    expect(classify(`${PREFIX}WARNING:  there is no transaction in progress`)).toBe('warn');
    expect(classify(`${PREFIX}HINT:  none`)).toBe('warn');
  });

  it('takes the first severity word, not one quoted in the message', () => {
    const classify = createPostgresLogClassifier();
    expect(classify(`${PREFIX}LOG:  statement: select 'ERROR:  no'`)).toBe('debug');
  });
});

describe('PostgreSQL log writer', () => {
  it('joins lines split across chunks and logs each at its level', () => {
    const lines: [PostgresLogLevel, string][] = [];
    const writer = createPostgresLogWriter({
      debug: (m) => lines.push(['debug', m]),
      warn: (m) => lines.push(['warn', m]),
      error: (m) => lines.push(['error', m]),
    });
    writer.write(`${PREFIX}LOG:  ready\n${PREFIX}WARN`);
    writer.write(`ING:  careful\n\n${PREFIX}ERR`);
    expect(lines).toEqual([
      ['debug', `postgres: ${PREFIX}LOG:  ready`],
      ['warn', `postgres: ${PREFIX}WARNING:  careful`],
    ]);
    // a cut-off last line without a severity belongs to the message before it
    writer.flush();
    expect(lines.at(-1)).toEqual(['warn', `postgres: ${PREFIX}ERR`]);
  });
});
