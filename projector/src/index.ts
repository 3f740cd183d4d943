export * from './change-feed.ts';
export * from './collections.ts';
export * from './projection.ts';
export * from './projections/index.ts';
export type { TruckDocument } from './projections/trucks.ts';
export * from './read-models.ts';
export * from './runner.ts';
