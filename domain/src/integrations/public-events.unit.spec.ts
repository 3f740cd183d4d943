import { describe, expect, it } from 'vitest';
import {
  feedEventTypes,
  feedQuerySchema,
  feedTypesCoveredBy,
  publicEventLabels,
  publicEventScope,
  publicEventTypes,
} from './public-events.ts';

describe('the public events', () => {
  it('each have a label and the scope that covers them; the test delivery is never in the feed', () => {
    for (const type of publicEventTypes) {
      expect(publicEventLabels[type]).toBeTruthy();
      expect(publicEventScope[type]).toBeTruthy();
    }
    expect(publicEventLabels['truck.posted']).toBe('Truck posted');
    expect(feedEventTypes).not.toContain('webhook.test');
    expect(feedEventTypes).toHaveLength(publicEventTypes.length - 1);
  });

  it('are covered by scope: postings by postings:read, envelopes by envelopes, members and matches by activity', () => {
    expect(feedTypesCoveredBy(['postings:read'])).toEqual([
      'truck.posted',
      'truck.edited',
      'truck.removed',
      'truck.refreshed',
      'truck.expired',
      'load.posted',
      'load.edited',
      'load.removed',
      'load.refreshed',
      'load.expired',
    ]);
    expect(feedTypesCoveredBy(['envelopes']).every((type) => type.startsWith('envelope.'))).toBe(true);
    expect(feedTypesCoveredBy(['envelopes'])).toHaveLength(6);
    expect(feedTypesCoveredBy(['activity'])).toEqual(['member.joined', 'member.left', 'search.matched']);
    expect(feedTypesCoveredBy(['webhooks', 'postings:write'])).toEqual([]);
  });
});

describe('the feed query', () => {
  it('defaults to the beginning, 100 items and no wait', () => {
    expect(feedQuerySchema.parse({})).toEqual({ after: 0, limit: 100, wait: 0 });
  });

  it('reads a comma list of types, or several parameters, once each', () => {
    expect(feedQuerySchema.parse({ types: 'truck.posted, load.posted,truck.posted' }).types).toEqual([
      'truck.posted',
      'load.posted',
    ]);
    expect(feedQuerySchema.parse({ types: ['member.left', 'member.joined'] }).types).toEqual([
      'member.left',
      'member.joined',
    ]);
  });

  it('refuses what is out of bounds, each field with its message', () => {
    const result = feedQuerySchema.safeParse({ after: '1.5', limit: '0', wait: '-1', types: 'webhook.test' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(fields).toEqual({
      after: 'After must be a sequence of the feed: a whole number of at most 15 digits',
      limit: 'Limit must be at least 1',
      wait: 'Wait must be at least 0',
      types: expect.stringMatching(/^Types must be among truck\.posted, .*search\.matched$/),
    });
    expect(feedQuerySchema.safeParse({ after: '1234567890123456' }).success).toBe(false);
    expect(feedQuerySchema.safeParse({ limit: '500', wait: '30', after: '123456789012345' }).success).toBe(
      true,
    );
    expect(feedQuerySchema.safeParse({ cursor: '1' }).success).toBe(false);
  });
});
