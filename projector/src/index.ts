export * from './change-feed.ts';
export * from './collections.ts';
export * from './projection.ts';
export * from './projection-health.ts';
export * from './projections/activity.ts';
export * from './projections/board-calendar.ts';
export * from './projections/board-stats.ts';
export {
  type EnvelopeCountsDocument,
  type EnvelopeDocument,
  envelopeCountsId,
  envelopeDocumentOf,
  envelopeOfDocument,
  envelopeSearchText,
} from './projections/envelopes.ts';
export * from './projections/index.ts';
export {
  type ListHistory,
  listHistories,
  type VersionFields,
} from './projections/list-versions.ts';
export type { LoadDocument } from './projections/loads.ts';
export * from './projections/organization-documents.ts';
export { facetFields } from './projections/posting-changes.ts';
export * from './projections/saved-search-documents.ts';
export {
  type CompiledOrganization,
  type CompiledStanding,
  compileStandingSearches,
} from './projections/standing-search-alerts.ts';
export type { TruckDocument } from './projections/trucks.ts';
export * from './read-model-rebuild.ts';
export * from './read-models.ts';
export * from './runner.ts';
