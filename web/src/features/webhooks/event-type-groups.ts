import { type FeedEventType, feedEventTypes } from '@dispatch/domain';

/** The event types an endpoint may receive, grouped as the form shows them. */
export const eventTypeGroups: { id: string; label: string; types: FeedEventType[] }[] = [
  {
    id: 'postings',
    label: 'Postings',
    types: feedEventTypes.filter((type) => type.startsWith('truck.') || type.startsWith('load.')),
  },
  {
    id: 'envelopes',
    label: 'Envelopes',
    types: feedEventTypes.filter((type) => type.startsWith('envelope.')),
  },
  { id: 'members', label: 'Members', types: feedEventTypes.filter((type) => type.startsWith('member.')) },
  { id: 'searches', label: 'Searches', types: feedEventTypes.filter((type) => type.startsWith('search.')) },
];
