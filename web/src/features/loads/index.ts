// What other features may use of this one; everything else in the folder is its own.
export { loadQueryOptions } from './api/get-load';
export { loadsQueryOptions } from './api/get-loads';
export { invalidateLoads } from './api/load-cache';
export { defaultLoadsSearch } from './loads-search';
