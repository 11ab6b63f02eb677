// Zod in the browser: German messages, and no JIT. Zod compiles its object parsers with
// `new Function` when eval is allowed and probes for that on first use; under our CSP (no
// 'unsafe-eval') the probe is refused and every screen with a form reports a CSP violation.
// Jitless parsing is fast enough for forms; the server keeps the JIT. Must be imported first,
// before any module builds a schema (object schemas read the setting when they are built).
import { z } from 'zod';
import '@lp/domain/zod-locale';

z.config({ jitless: true });
