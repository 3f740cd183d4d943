import { enableCompileCache } from 'node:module';

/**
 * Node's compile cache, for the process that imports this first and for every thread and process it
 * starts: the code it compiles (TypeScript stripped of its types, then V8's bytecode) is kept on disk
 * and read back at the next start, so a start, a rebuild's builder thread and a store's writer thread
 * load their code in about two thirds of the time. An entry point imports this module alone, then the
 * rest of its code with `import()`: a module's static imports are compiled before its first line runs.
 *
 * The cache is in the system's temporary folder unless NODE_COMPILE_CACHE names another; an entry
 * whose source changed is compiled again. Where the cache cannot be kept (a read-only disk), the code
 * compiles as without it.
 */
const { directory } = enableCompileCache();
// Threads and processes started from here read the same cache from their first module on.
if (directory) process.env.NODE_COMPILE_CACHE = directory;
