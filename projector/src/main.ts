// The projector's process (projector-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./projector-process.ts');
