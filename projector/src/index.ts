export * from './projection.ts';
export * from './projections/index.ts';
export {
  type CompiledOrganization,
  type CompiledStanding,
  compileStandingSearches,
} from './projections/standing-search-alerts.ts';
export * from './read-model-groups.ts';
export * from './read-model-rebuild.ts';
export * from './runner/index.ts';
