// The frame of the backup and restore commands: one file argument, messages on stderr/stdout, exit
// code 0 only when the work is complete.
import fs from 'node:fs';
import type { Logger } from '../db/embedded-postgres';

const log: Logger = {
  info: (msg) => console.log(msg),
  warn: (msg) => console.warn(msg),
  error: (msg) => console.error(msg),
  debug: () => undefined,
};

export async function runCli(
  command: 'backup' | 'restore',
  work: (file: string, log: Logger) => Promise<void>,
) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error(`Aufruf: npm run ${command} -- DATEI`);
    process.exit(2);
  }
  if (command === 'restore' && !fs.existsSync(file)) {
    console.error(`${file} gibt es nicht`);
    process.exit(2);
  }
  try {
    await work(file, log);
    process.exit(0);
  } catch (error) {
    console.error(
      `${command === 'backup' ? 'Sicherung' : 'Wiederherstellung'} fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
