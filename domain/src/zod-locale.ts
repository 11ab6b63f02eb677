// Zod's own messages (for checks that carry no message of ours) in German. Imported once by the
// server's app and the web's entry point, before any schema is used. Only the German locale is
// imported, so the web bundle does not carry the others.
import { z } from 'zod';
import de from 'zod/v4/locales/de.js';

z.config(de());
