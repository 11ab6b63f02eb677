import { defineConfig } from 'vitest/config';

// One runner, three projects: pure domain logic, the API against a real PostgreSQL, web components.
// Vitest's default is one worker per core less one: a single worker on our 2-core machines. The API
// tests mostly wait on PostgreSQL (another process), so three files run at a time (figures in
// docs/performance.md, "Test loop"); the unit projects are CPU-bound, and two workers use both cores.
// Projects run together need the same worker count (vitest groups them), hence 2 for all three.
// `isolate: false` where no file needs a module graph of its own: a worker imports the server's
// modules once for all its files instead of once per file (test:api 293 → 145 s, test:unit 70 → 47 s
// on the 2-core machine, 2 Dec 2026). So a test file leaves no global changed behind it: fake timers
// are put back in afterEach, environment variables are passed to createTestApp, never set on
// process.env. The web project keeps its isolation: its files share jsdom's document otherwise.
export default defineConfig({
  test: {
    projects: [
      {
        // Pure logic: the domain, and the project's own lint rules.
        test: {
          name: 'domain',
          maxWorkers: 2,
          isolate: false,
          include: ['domain/src/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Server logic that needs no database: parsers, planners, caches, calendars (`*.test.ts`).
        test: {
          name: 'server-unit',
          maxWorkers: 2,
          isolate: false,
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Against a real PostgreSQL: through the HTTP API (`*.api.test.ts`) or the database alone
        // (`*.db.test.ts`); each file gets a database cloned from one migrated template.
        test: {
          name: 'server',
          include: ['server/src/**/*.{api,db}.test.ts', 'server/test/**/*.{api,db}.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          maxWorkers: 3,
          isolate: false,
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
