// Browser tests against the real built app: the server serves web/dist (built by `npm run test:e2e`)
// on its own port with a fresh database. Debian's Chromium is used; no browser is ever downloaded.
import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, checkPlaywrightFeatures } from './support/chromium-launch';
import { BASE_URL } from './support/environment';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
checkPlaywrightFeatures();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two cores: one browser at a time next to the server and PostgreSQL.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
