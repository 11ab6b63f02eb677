// Starts the real server for the browser tests on a fresh, empty database in a temporary directory
// (the server initialises embedded PostgreSQL there), and removes it afterwards. Playwright stops
// this process with SIGTERM; the signal is passed on so the server shuts PostgreSQL down cleanly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnvironment } from './environment';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));

// The production bundle `npm start` runs (npm run test:e2e builds it first).
const child = spawn(process.execPath, ['server/dist/main.mjs'], {
  cwd: repoRoot,
  env: { ...process.env, ...serverEnvironment(dataDir) },
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => child.kill(signal));
}

child.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
