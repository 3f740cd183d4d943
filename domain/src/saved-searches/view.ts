import type { PostingEventEnvelope } from '../shared/posting.ts';
import type { SavedSearchEvent } from './events.ts';
import type { SavedSearchAlert, SavedSearchQuery } from './schemas.ts';

/** A saved search as its owner sees it. */
export type SavedSearch = {
  id: string;
  name: string;
  alert: SavedSearchAlert;
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what an edit states as the version it read. */
  version: number;
} & SavedSearchQuery;

/**
 * The saved search folded from its events, for the command's answer and the read model alike; null
 * once deleted. The e-mail records of its notifications change the stream, not the search: they
 * move its version (an edit states the stream's revision) and nothing else.
 */
export function applySavedSearchEvent(
  view: SavedSearch | null,
  event: SavedSearchEvent & PostingEventEnvelope,
): SavedSearch | null {
  const version = Number(event.revision);
  switch (event.type) {
    case 'SavedSearchCreated': {
      const { savedSearchId, ownerId: _owner, ...fields } = event.data;
      const at = event.metadata.occurredAt;
      return { id: savedSearchId, ...fields, createdAt: at, updatedAt: at, version } as SavedSearch;
    }
    case 'SavedSearchRenamed':
      return view && { ...view, name: event.data.name, updatedAt: event.metadata.occurredAt, version };
    case 'SavedSearchAlertsChanged':
      return view && { ...view, alert: event.data.alert, updatedAt: event.metadata.occurredAt, version };
    case 'SavedSearchDeleted':
      return null;
    default:
      return view && { ...view, version };
  }
}
