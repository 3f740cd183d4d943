import { z } from 'zod';

/**
 * zod compiles a fast parser for each object schema with `new Function` where eval is allowed, and
 * finds out whether it is by trying it once. The app's Content Security Policy allows no eval, so
 * that try is refused and reported as a violation. Without the compiled parsers zod never tries.
 *
 * zod reads this when a schema is built, so this module is the web app's first import: ES modules
 * run in import order, before main.tsx's own body, and the domain builds its schemas as its
 * modules load.
 */
z.config({ jitless: true });
