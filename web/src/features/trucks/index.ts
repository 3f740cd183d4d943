// What other features may use of this one; everything else in the folder is its own.
export { truckQueryOptions } from './api/get-truck';
export { type TrucksPage, trucksQueryOptions } from './api/get-trucks';
export { invalidateTrucks } from './api/truck-cache';
export { truckKeys } from './api/truck-keys';
export { defaultTrucksSearch } from './trucks-search';
