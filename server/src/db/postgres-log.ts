// Forwards the embedded PostgreSQL's own log (its stderr) to our logger at a level matching the
// line's severity, so that its warnings and errors are not hidden among the routine debug lines.
// PostgreSQL writes `<log_line_prefix>SEVERITY:  message`; the default prefix is `%m [%p] `
// ("2025-01-31 10:00:00.123 UTC [4711] WARNING:  ...").

export type PostgresLogLevel = 'debug' | 'warn' | 'error';

export interface PostgresLogSink {
  debug(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

// The first severity word followed by a colon and whitespace; PostgreSQL prints two spaces after it.
const SEVERITY =
  /(?:^|\s)(DEBUG[1-5]?|INFO|NOTICE|WARNING|ERROR|LOG|FATAL|PANIC|DETAIL|HINT|QUERY|CONTEXT|LOCATION|STATEMENT):\s/;

/** Lines that belong to the message above them (its details, or a multi-line statement's rest). */
const CONTINUATION = new Set(['DETAIL', 'HINT', 'QUERY', 'CONTEXT', 'LOCATION', 'STATEMENT']);

/**
 * FATALs the server itself causes in its normal lifecycle: the readiness probe connecting while
 * PostgreSQL starts, and connections ended by our own fast shutdown. Not failures worth an alarm.
 */
const LIFECYCLE_FATALS = [
  'the database system is starting up',
  'the database system is not yet accepting connections',
  'the database system is shutting down',
  'terminating connection due to administrator command',
];

/**
 * ERRORs of a normal first start: the job queue (graphile-worker) asks for its migrations table
 * before it has made it, on every new database.
 */
const LIFECYCLE_ERRORS = ['relation "graphile_worker.migrations" does not exist'];

/** The log level of one message line by its severity word (no continuation handling). */
export function severityLevel(severity: string, message = ''): PostgresLogLevel {
  switch (severity) {
    case 'WARNING':
      return 'warn';
    case 'ERROR':
      return LIFECYCLE_ERRORS.some((text) => message.includes(text)) ? 'debug' : 'error';
    case 'PANIC':
      return 'error';
    case 'FATAL':
      return LIFECYCLE_FATALS.some((text) => message.includes(text)) ? 'debug' : 'error';
    default:
      return 'debug';
  }
}

/**
 * Classifies PostgreSQL log lines one after the other. A continuation line (DETAIL, HINT, an
 * indented line, a line without a severity) takes the level of the message it follows,
 * so that an error's details are logged beside it.
 */
export function createPostgresLogClassifier(): (line: string) => PostgresLogLevel {
  let previous: PostgresLogLevel = 'debug';
  return (line) => {
    if (/^\s/.test(line)) return previous; // the indented rest of a multi-line statement
    const match = SEVERITY.exec(line);
    const severity = match?.[1];
    if (severity === undefined || CONTINUATION.has(severity)) return previous;
    previous = severityLevel(severity, line.slice(match!.index + match![0].length));
    return previous;
  };
}

/**
 * A writer for one output stream of PostgreSQL: splits the chunks into lines (a chunk may end in the
 * middle of one) and logs each at its level, prefixed with `postgres: `.
 */
export function createPostgresLogWriter(log: PostgresLogSink): {
  write(chunk: string): void;
  flush(): void;
} {
  const classify = createPostgresLogClassifier();
  let pending = '';
  const emit = (line: string) => {
    if (line.trim()) log[classify(line)](`postgres: ${line}`);
  };
  return {
    write(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
    },
    flush() {
      emit(pending);
      pending = '';
    },
  };
}
