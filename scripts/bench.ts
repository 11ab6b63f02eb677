// `npm run bench [case ...]`: runs the benchmark cases in scripts/bench/ and prints their figures.
// Each case file default-exports { name, run(): Promise<void> } and prints its own figures.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface BenchCase {
  name: string;
  run(): Promise<void>;
}

const dir = path.join(import.meta.dirname, 'bench');
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
if (files.length === 0) console.log('No benchmark cases yet.');
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: BenchCase };
  if (wanted.length > 0 && !wanted.includes(mod.default.name)) continue;
  console.log(`\n== ${mod.default.name} ==`);
  const started = performance.now();
  await mod.default.run();
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
