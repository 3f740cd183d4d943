// The command API's process (command-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./command-process.ts');
