import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importZones } from './eslint-rules/import-zones.js';
import { serverLayers } from './eslint-rules/server-layers.js';

// The web app's layers: imports flow shared (components, lib, api) → features → app, and a feature
// never imports another one (what two features share moves down to the shared layer; a screen made
// of several features' parts is composed in app/). Every folder below features/ is a feature.
const WEB_SRC = 'web/src';
const FEATURES = readdirSync(join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['components', 'lib', 'api'].map((folder) => `${WEB_SRC}/${folder}`);
const IMPORT_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both need to components/, lib/ or api/, or compose in app/.',
  })),
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'Features do not import the app layer.',
  },
  {
    target: SHARED,
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'Shared code (components/, lib/, api/) does not import features or the app layer.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      'data',
      'test-results',
      'playwright-report',
      'server/src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // In the web app the bare 'zod' is zod set up for the browser (web/src/lib/zod.ts, aliased in
    // web/vite.config.ts); a schema built from 'zod/v4' would miss that set-up.
    files: ['domain/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['domain/src/zod-locale.ts', 'web/src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^zod/(v4|mini|v4-mini|v4/mini|v4/core|v3)$', message: "Import zod as 'zod'." },
          ],
        },
      ],
    },
  },
  {
    // One door to the rules (decision 0063): the server asks lib/access.ts (requireAccess, hasAccess,
    // allowedBy), never POLICIES itself, and no service reads `isAdmin` to decide a right.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/lib/access.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lp/domain/policies',
              importNames: ['POLICIES'],
              message: 'Ask lib/access.ts (requireAccess, hasAccess) or allowedBy(policy name).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='isAdmin'][object.name=/^(user|actor|request)$/]",
          message: 'A right is a rule of domain/src/policies.ts: ask lib/access.ts.',
        },
      ],
    },
  },
  {
    // The server's layers (eslint-rules/server-layers.js): http and routes → modules → db/lib.
    files: ['server/src/**/*.ts'],
    plugins: { local: { rules: { 'server-layers': serverLayers } } },
    rules: {
      'local/server-layers': ['error', { serverSrc: join(import.meta.dirname, 'server/src') }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'import-zones': importZones } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'local/import-zones': ['error', { basePath: import.meta.dirname, zones: IMPORT_ZONES }],
    },
  },
);
