import { defineConfig } from 'vitest/config';

// `npm run test:replica`: the read/write router against a real primary and its streaming replica
// (Debian's PostgreSQL, pg_basebackup -R), the primary stopped and started under load; apart from
// test:api, which runs on one database.
export default defineConfig({
  test: {
    name: 'replica',
    include: ['server/replica/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/replica/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
