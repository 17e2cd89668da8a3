import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it may. The portal's Content Security
 * Policy forbids eval, so in the browser every first parse tried, was refused and logged a CSP
 * violation (a Lighthouse "issue") before falling back. The browser parses few objects; the
 * interpreted parser is fast enough and never asks for eval. The server keeps the compiled one.
 */
z.config({ jitless: true });
