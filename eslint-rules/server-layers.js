// ESLint rule `local/server-layers`: the server's layers, enforced (docs/development.md "Layers").
//
//   app (app.ts, main.ts, config, CLIs: backup/, demo/)   may import anything below
//   http (server/src/http) and routes (modules/*/*.routes.ts)
//   modules (modules/<name>/: services, repositories, rules)
//   db, lib, config, paths, logger                         import nothing above them
//
// Within the layers: a module reaches another module only through that module's public door, its
// `index.ts` or its `<name>.service.ts` (never its repository or its internals); http/ reaches modules
// through the same doors; a route calls services, never a repository (SQL lives in repositories and
// is reached through a service). Only relative specifiers are checked (packages and @lp/domain are
// below every layer). Tests are not checked: they may set up any part directly.
import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between the server layers flow one way, modules meet at their doors.' },
    schema: [
      {
        type: 'object',
        properties: { serverSrc: { type: 'string' } },
        required: ['serverSrc'],
      },
    ],
  },
  create(context) {
    const src = path.resolve(context.options[0].serverSrc);
    const file = path.resolve(context.filename);
    if (!inside(file, src) || /\.test\.ts$|test-support\.ts$/.test(file)) return {};

    const place = (target) => {
      const relative = path.relative(src, target).split(path.sep);
      const [top, name, base] = relative;
      // Top-level files: app.ts and main.ts compose the app; config, paths and the logger are read by
      // every layer, so they sit with db/ and lib/.
      if (relative.length === 1) return /^(app|main)\.ts$/.test(top) ? { layer: 'app' } : { layer: 'infra' };
      if (top === 'db' || top === 'lib') return { layer: 'infra' };
      if (top === 'http') return { layer: 'http' };
      if (top === 'modules' && name && base) {
        return {
          layer: /\.routes(\.ts)?$/.test(base) ? 'routes' : 'module',
          module: name,
          base: base.replace(/\.(ts|js|mjs)$/, ''),
        };
      }
      return { layer: 'app' };
    };
    const self = place(file);
    if (self.layer === 'app') return {};

    const isDoor = (target) => target.base === 'index' || target.base === `${target.module}.service`;

    const problem = (target) => {
      if (self.layer === 'infra' && target.layer !== 'infra')
        return 'db/ and lib/ import nothing above them (http, modules, app): move the shared part down.';
      // A module's index.ts is its door and may hand out its route builder too.
      if (
        self.layer === 'module' &&
        self.base !== 'index' &&
        (target.layer === 'http' || target.layer === 'routes')
      )
        return 'Services and repositories do not import the HTTP layer (http/, routes): move the shared part to lib/ or domain/.';
      if (self.layer === 'http' && target.layer === 'routes')
        return 'http/ does not import routes: app.ts registers them.';
      const module = target.layer === 'module' || target.layer === 'routes';
      if (module && target.module !== self.module && !isDoor(target))
        return `Another module is reached through its index.ts or ${target.module}.service.ts, never its internals.`;
      if (
        self.layer === 'routes' &&
        target.layer === 'module' &&
        target.module === self.module &&
        target.base.endsWith('.repository')
      )
        return 'Routes call services only; SQL is reached through the service.';
      return undefined;
    };

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), specifier);
      if (!inside(resolved, src)) return;
      const message = problem(place(resolved));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
