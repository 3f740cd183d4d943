// `npm run start:services` (services-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./services-process.ts');
