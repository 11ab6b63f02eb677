// One server per DATA_DIR: a pid file created exclusively. A file left by a killed process (its pid no
// longer alive) is taken over; a live owner stops the second start with a clear message.
import fs from 'node:fs';
import path from 'node:path';

export class AlreadyRunningError extends Error {}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ServerLock {
  release(): void;
}

export function acquireServerLock(dataDir: string): ServerLock {
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new AlreadyRunningError(
          `Auf DATA_DIR ${dataDir} läuft bereits ein Lieferantenportal-Server (PID ${owner}). ` +
            'Beenden Sie ihn zuerst oder starten Sie diesen mit einem anderen DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new AlreadyRunningError(`Die Server-Sperre ${file} konnte nicht gesetzt werden.`);
}
