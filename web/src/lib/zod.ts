// What `import … from 'zod'` means in the web app (vite.config.ts aliases the bare 'zod' here): zod,
// set up before any module that imports it can build a schema, since every such module evaluates
// this one first. Two settings:
// - German messages for the checks that carry no message of ours (@lp/domain/zod-locale).
// - No JIT: zod compiles its object parsers with `new Function` when eval is allowed and probes for
//   that on first use; under our CSP (no 'unsafe-eval') the probe is refused and every screen with a
//   form reported a CSP violation. Jitless parsing is fast enough for forms; the server keeps the JIT.
//   Object schemas read the setting when they are built, hence here and not in main.tsx.
// Set up in main.tsx instead, zod came into the code every route loads (~4 kB gzipped of /login's
// JavaScript, which needs no schema); now only the screens with forms load it.
import { z } from 'zod/v4';
import '@lp/domain/zod-locale';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
