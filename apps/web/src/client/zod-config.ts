import * as z from 'zod';

// zod compiles an object schema's parser with `new Function` when it may, and decides when the schema is
// built (probing for eval then): the site's Content-Security-Policy forbids eval, and the probe alone is
// reported as a violation. So this runs before any schema exists: main.ts imports it first, ahead of the
// REST contract's request schemas (@coup/api-contract/forms). The plain parsers are fast enough for forms.
z.config({ jitless: true });
