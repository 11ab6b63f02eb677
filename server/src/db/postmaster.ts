// The embedded PostgreSQL server process, supervised: started, restarted on the same port when it
// dies under the running server (killed, crashed), and stopped on every way out of the process.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { Logger } from './embedded-postgres';
import { createPostgresLogWriter } from './postgres-log';

export interface PostmasterOptions {
  binary: string;
  args: string[];
  /** As root: the postgres system user's ids. */
  ids: { uid: number; gid: number } | undefined;
  log: Logger;
}

export interface Postmaster {
  /** The process running now (a restart replaces it). */
  current(): ChildProcess;
  /** The last 8000 characters PostgreSQL wrote. */
  output(): string;
  /** Fast shutdown (SIGINT), immediate (SIGQUIT) after 30 s; no restart afterwards. */
  stop(): Promise<void>;
}

/**
 * Restart attempts back off from 0.5 s to 10 s while PostgreSQL cannot start (its old backends may hold
 * the shared memory for a moment after the postmaster died); once it accepts connections again, the
 * next failure starts from 0.5 s again.
 */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;
const READY_LINE = 'database system is ready to accept connections';

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function startPostmaster({ binary, args, ids, log }: PostmasterOptions): Postmaster {
  let output = '';
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  // PostgreSQL's own log: each line at the level of its severity (WARNING → warn, ERROR → error).
  const forward = (stream: Readable | null) => {
    if (!stream) return;
    const writer = createPostgresLogWriter(log);
    stream.setEncoding('utf8'); // a chunk may end inside a multi-byte character
    stream.on('data', (text: string) => {
      // The line may arrive split over two chunks: look at the new text and the end of the old.
      if ((output.slice(-READY_LINE.length) + text).includes(READY_LINE)) failures = 0;
      output = (output + text).slice(-8000);
      writer.write(text);
    });
    stream.on('end', () => writer.flush());
  };

  const launch = (): ChildProcess => {
    const child = spawn(binary, args, {
      ...ids,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    forward(child.stdout);
    forward(child.stderr);
    child.on('error', (error) => log.warn(`PostgreSQL konnte nicht gestartet werden: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (stopping || child !== current) return;
      const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** failures, MAX_RESTART_DELAY_MS);
      const how = signal ? `Signal ${signal}` : `Exit-Code ${code}`;
      if (failures === 0) log.warn(`PostgreSQL unerwartet beendet (${how}); Neustart in ${delay} ms`);
      else
        log.warn(
          `PostgreSQL startete nicht wieder (${how}); nächster Versuch in ${delay} ms: ${output.slice(-500)}`,
        );
      failures += 1;
      restartTimer = setTimeout(() => {
        if (!stopping) current = launch();
      }, delay);
    });
    return child;
  };

  let current = launch();

  // Whatever ends this process (a forced exit, an uncaught error, process.exit anywhere), PostgreSQL
  // is told to shut down: it finishes the fast shutdown on its own after we are gone.
  const onExit = () => {
    if (isRunning(current)) current.kill('SIGINT');
  };
  process.once('exit', onExit);

  let stopped: Promise<void> | undefined;
  return {
    current: () => current,
    output: () => output,
    stop() {
      stopping = true;
      clearTimeout(restartTimer);
      stopped ??= new Promise<void>((resolve) => {
        const child = current;
        const done = () => {
          process.off('exit', onExit);
          resolve();
        };
        if (!isRunning(child)) return done();
        child.once('exit', done);
        child.kill('SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
        setTimeout(() => child.kill('SIGQUIT'), 30_000).unref();
      });
      return stopped;
    },
  };
}
