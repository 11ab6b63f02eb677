import { defineConfig } from 'vitest/config';

// `npm run test:durability`: real server processes killed under load (minutes), apart from test:api.
export default defineConfig({
  test: {
    name: 'durability',
    include: ['server/durability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
