// `npm run backup` (backup-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./backup-process.ts');
