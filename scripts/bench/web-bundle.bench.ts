// The web app's production bundle per route (issue 13: the login route under 150 kB of gzipped
// JavaScript): builds the web app with Vite and prints, for every page path of the router, what a first
// visit loads — the entry chunk and its static imports, plus each lazy route module on the way (layout
// and screen) with its static imports, deduplicated — as raw and gzipped JavaScript, and CSS apart.
// Then checks the split: the screens' code and the large libraries (charts, pickers, forms) stay out
// of what every route loads. Prints figures only; fails only when the build fails or a route below
// names a module the build does not have.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './support';

/** Gzipped JavaScript of a first visit to /login (issue 13). */
const LOGIN_TARGET_BYTES = 150_000;

/**
 * Every page path of the router (web/src/app/router.tsx with the features' routes.tsx and
 * app/input/routes.tsx) and the lazy modules a first visit to it loads, outermost route first. A lazy
 * module of the build that no path here names is reported below, so a new screen is not missed.
 */
const ROUTES: { path: string; modules: string[] }[] = [
  { path: '/login', modules: ['features/auth/components/login-page.tsx'] },
  { path: '/logout', modules: ['features/auth/components/logout-page.tsx'] },
  { path: '/transactions', modules: ['features/bookings/components/list/bookings-page.tsx'] },
  { path: '/transactions/edit', modules: ['features/bookings/components/edit/edit-page.tsx'] },
  ...[
    ['manual', 'features/bookings/components/input/manual-entry-panel.tsx'],
    ['csv', 'features/upload/components/upload-panel.tsx'],
    ['negative-report', 'features/bookings/components/input/empty-report-panel.tsx'],
  ].map(([tab, panel]) => ({ path: `/input/${tab}`, modules: ['app/input/input-page.tsx', panel!] })),
  { path: '/exports', modules: ['features/export-batches/components/export-batches-page.tsx'] },
  { path: '/status', modules: ['features/reporting-status/components/reporting-status-page.tsx'] },
  ...[
    ['', 'management-index.tsx'],
    ['/articles', 'pages.tsx'],
    ['/creditors', 'creditor-list-page.tsx'],
    ['/debitors', 'pages.tsx'],
    ['/users', 'pages.tsx'],
  ].map(([child, screen]) => ({
    path: `/management${child}`,
    modules: [
      'features/master-data/components/management-layout.tsx',
      `features/master-data/components/${screen}`,
    ],
  })),
  ...['articles', 'creditors', 'debitors'].map((kind) => ({
    path: `/management/${kind}/edit`,
    modules: ['features/master-data/components/pages.tsx'],
  })),
  { path: '/management/users/edit', modules: ['features/master-data/components/user-edit-page.tsx'] },
];

/**
 * Lazy modules that are no route's: parts of a screen loaded after it has shown (the bookings list's
 * filter panel, with the pickers' react-aria), so they count for no route's first visit.
 */
const AFTER_FIRST_VISIT = ['features/bookings/components/list/filter-panel.tsx'];

/** Libraries that only some screens need; none may be in what every route loads. */
const SCREEN_LIBRARIES = [
  'recharts',
  'react-aria-components',
  'react-aria',
  'react-hook-form',
  'immer',
  'zod',
];

/** One chunk of Vite's manifest (build.manifest), keyed by its source path relative to web/. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * `npm run build --workspace web` into a temp dir, with the manifest (the chunk graph) and hidden source
 * maps (which modules each chunk holds). The chunks are byte for byte those of the plain build (hidden
 * maps add no comment to them); building elsewhere leaves web/dist, which running servers serve, alone.
 */
async function build(outDir: string): Promise<void> {
  const args = ['run', 'build', '--workspace', 'web', '--', '--outDir', outDir, '--emptyOutDir'];
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', [...args, '--manifest', '--sourcemap', 'hidden'], { cwd: ROOT });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed:\n${output}`))));
  });
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

interface Size {
  files: number;
  raw: number;
  gzip: number;
  /** What the server sends a browser that accepts brotli: the build's .br twin of each file, if any. */
  brotli: number;
}

/** Raw, gzipped and brotli bytes of the files, each compressed on its own as it is sent. */
function sizeOf(dist: string, files: Iterable<string>): Size {
  const size: Size = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(dist, file));
    size.files += 1;
    size.raw += bytes.length;
    size.gzip += gzipSync(bytes, { level: 9 }).length;
    const twin = path.join(dist, `${file}.br`);
    // No twin where brotli would not make it smaller: the server sends the file itself.
    size.brotli += fs.existsSync(twin) ? fs.statSync(twin).size : bytes.length;
  }
  return size;
}

/** The npm package (or the repository path) each module of a chunk comes from, from its source map. */
function modulesOf(dist: string, file: string): string[] {
  const mapFile = path.join(dist, `${file}.map`);
  // A chunk of only the bundler's own runtime has no source map.
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return inPackage ? inPackage[1]! : path.relative(ROOT, path.resolve(dist, path.dirname(file), source));
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function run(): Promise<void> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-web-'));
  try {
    await build(dist);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    if (!entryKey) throw new Error('the build manifest has no entry chunk');
    const entry = staticClosure(manifest, entryKey);
    const js = (keys: Set<string>) =>
      [...keys].map((key) => manifest[key]!.file).filter((f) => f.endsWith('.js'));
    const css = (keys: Set<string>) => new Set([...keys].flatMap((key) => manifest[key]!.css ?? []));

    const loaded = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      const keys = new Set(entry);
      for (const module of route.modules) staticClosure(manifest, `src/${module}`, keys);
      loaded.set(route.path, keys);
    }

    console.log(
      'JavaScript and CSS of a first visit per route (entry + static imports + the route’s lazy chunks and ' +
        "their static imports, deduplicated); gzip: node:zlib level 9 per file; br: the build's brotli " +
        'twins, which the server sends to browsers that accept them; kB = 1000 bytes',
    );
    const header = ['chunks', 'JS raw', 'JS gzip', 'JS br', 'CSS raw', 'CSS gzip'];
    const width = Math.max(...ROUTES.map((r) => r.path.length), 'all routes load (entry)'.length);
    console.log(`  ${'route'.padEnd(width)}  ${header.map((h) => h.padStart(9)).join('  ')}`);
    const row = (label: string, keys: Set<string>) => {
      const script = sizeOf(dist, js(keys));
      const style = sizeOf(dist, css(keys));
      const cells = [
        String(script.files),
        kB(script.raw),
        kB(script.gzip),
        kB(script.brotli),
        kB(style.raw),
        kB(style.gzip),
      ];
      console.log(`  ${label.padEnd(width)}  ${cells.map((c) => c.padStart(9)).join('  ')}`);
      return script;
    };
    row('all routes load (entry)', entry);
    const scripts = new Map(ROUTES.map((route) => [route.path, row(route.path, loaded.get(route.path)!)]));

    const login = scripts.get('/login')!;
    console.log(
      `\n  /login: ${kB(login.gzip)} of gzipped JavaScript, target < ${kB(LOGIN_TARGET_BYTES)}: ` +
        `${login.gzip < LOGIN_TARGET_BYTES ? 'met' : 'NOT MET'} (sent as brotli: ${kB(login.brotli)})`,
    );
    const list = scripts.get('/transactions')!;
    console.log(
      `  /transactions (the bookings list): ${kB(list.gzip)} of gzipped JavaScript ` +
        `(sent as brotli: ${kB(list.brotli)})`,
    );

    // The split: every lazy module of the build is a route's (or loaded after a first visit), and
    // what every route loads holds no screen and none of the screens' large libraries.
    const routed = new Set(
      [...ROUTES.flatMap((route) => route.modules), ...AFTER_FIRST_VISIT].map((module) => `src/${module}`),
    );
    const unrouted = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && !routed.has(key));
    if (unrouted.length > 0)
      console.log(`  lazy chunks no route here names (add them): ${unrouted.join(', ')}`);
    const modules = new Map<string, string[]>();
    for (const file of new Set([...loaded.values()].flatMap((keys) => js(keys))))
      modules.set(file, modulesOf(dist, file));
    const entryModules = new Set(js(entry).flatMap((file) => modules.get(file)!));
    const screensInEntry = [...entryModules].filter((module) =>
      /^web\/src\/(features\/[^/]+\/components\/|app\/input\/input-page)/.test(module),
    );
    console.log(
      `  entry: ${js(entry).length} chunks, ${entryModules.size} modules; screens in it: ` +
        `${screensInEntry.length === 0 ? 'none' : `${screensInEntry.join(', ')} (SPLIT BROKEN)`}`,
    );
    for (const library of SCREEN_LIBRARIES) {
      const routes = ROUTES.filter((route) =>
        js(loaded.get(route.path)!).some((file) => modules.get(file)!.includes(library)),
      );
      const where = routes.map((route) => route.path).join(' ') || 'no route';
      console.log(
        `  ${library.padEnd(22)} ${entryModules.has(library) ? 'in the entry (SPLIT BROKEN)' : where}`,
      );
    }
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

export default { name: 'web-bundle', run };
