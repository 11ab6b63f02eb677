// `npm run build --workspace server`: the server and its command-line tools as bundles in dist/, run by
// `npm start` and the npm scripts of the root (a deployment needs no TypeScript tooling).
//
// Every package stays external (native code, files of their own, one copy shared with the tests)
// except drizzle-orm: loaded as its ~190 separate modules, it grew the idle server's memory by ~90 MB
// (RSS once started on an empty database: 241 MB external, 151 MB bundled; measured 2 Dec 2026,
// docs/performance.md), and bundled only what the server uses of it is kept.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const BUNDLED = new Set(['drizzle-orm', '@lp/domain']);
const external = [
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.optionalDependencies ?? {}),
].filter((name) => !BUNDLED.has(name));

await build({
  entryPoints: [
    'src/main.ts',
    'src/db/migrate-cli.ts',
    'src/backup/backup-cli.ts',
    'src/backup/restore-cli.ts',
    'src/demo/demo-cli.ts',
    'src/retention/retention-cli.ts',
    'src/modules/auth/rotate-token-secret-cli.ts',
  ],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  external,
  alias: { '@lp/domain': '../domain/src' },
  sourcemap: true,
  outdir: 'dist',
  entryNames: '[name]',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
