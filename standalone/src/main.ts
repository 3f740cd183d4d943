// `npm start`: the product in one process (standalone-process.ts), its code compiled through Node's cache.
import '@dispatch/config/compile-cache';

await import('./standalone-process.ts');
