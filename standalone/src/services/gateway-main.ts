// The gateway's process (gateway-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./gateway-process.ts');
