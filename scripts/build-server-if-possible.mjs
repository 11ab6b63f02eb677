// `npm run migrate|backup|restore|demo` run the built bundles (server/dist/*.mjs), as a deployment
// installed with `npm ci --omit=dev` has them. In a checkout with the build tools the server bundle is
// rebuilt first (esbuild, about a second), so a CLI never runs code older than the source; without
// esbuild (a production install) the shipped bundle is used as it is.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

// esbuild is a devDependency of the server workspace: looked up from there.
const serverRequire = createRequire(new URL('../server/package.json', import.meta.url));
let hasEsbuild = true;
try {
  serverRequire.resolve('esbuild');
} catch {
  hasEsbuild = false;
}
if (hasEsbuild) {
  const npm = process.env.npm_execpath;
  const [command, args] = npm
    ? [process.execPath, [npm, 'run', '--silent', 'build', '--workspace', 'server']]
    : ['npm', ['run', '--silent', 'build', '--workspace', 'server']];
  execFileSync(command, args, { stdio: 'inherit' });
}
