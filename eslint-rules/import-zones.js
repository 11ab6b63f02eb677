// ESLint rule `local/import-zones`: an import from a file inside `target` must not resolve into `from`
// (except the `except` folders), the same contract as import-x's no-restricted-paths. Our own because
// eslint-plugin-import-x needs the native unrs-resolver bindings, which the npm registry we install
// from does not carry, so `npm ci` fails (docs/decisions/0015-import-zones-rule.md). Only relative
// and project-absolute specifiers can reach another folder of web/src; packages are never checked.
import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between the web layers and features flow one way only.' },
    schema: [
      {
        type: 'object',
        properties: { basePath: { type: 'string' }, zones: { type: 'array' } },
        required: ['basePath', 'zones'],
      },
    ],
  },
  create(context) {
    const { basePath, zones } = context.options[0];
    const file = path.resolve(context.filename);
    const list = (value) => [value].flat().map((folder) => path.resolve(basePath, folder));
    const active = zones
      .map((zone) => ({
        targets: list(zone.target),
        froms: list(zone.from),
        excepts: list(zone.from).flatMap((from) => (zone.except ?? []).map((e) => path.resolve(from, e))),
        message: zone.message,
      }))
      .filter((zone) => zone.targets.some((target) => inside(file, target)));
    if (active.length === 0) return {};

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), specifier);
      for (const zone of active) {
        const reaches = zone.froms.some((from) => inside(resolved, from));
        const excepted = zone.excepts.some((except) => inside(resolved, except));
        if (reaches && !excepted) context.report({ node, message: zone.message });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
