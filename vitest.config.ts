import { defineConfig } from 'vitest/config';

// One runner, three projects: pure domain logic, the API against a real PostgreSQL, web components.
// Vitest's default is one worker per core less one: a single worker on our 2-core machines. The API
// tests mostly wait on PostgreSQL (another process), so three files run at a time (figures in
// docs/performance.md, "Test loop"); the web tests are CPU-bound, and two workers use both cores.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          maxWorkers: 2,
          setupFiles: ['web/test-setup.ts'],
        },
      },
    ],
  },
});
