// The query API's process (query-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./query-process.ts');
