// `npm run restore` (restore-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./restore-process.ts');
