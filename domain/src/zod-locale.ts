// Zod's own messages (for checks that carry no message of ours) in German. Imported once by the
// server's app and by the web's zod (web/src/lib/zod.ts), before any schema is used. Only the German
// locale is imported, so the web bundle does not carry the others. From 'zod/v4', the same zod as
// 'zod': the web app aliases the bare 'zod' to its own module, which imports this one.
import { z } from 'zod/v4';
import de from 'zod/v4/locales/de.js';

z.config(de());
