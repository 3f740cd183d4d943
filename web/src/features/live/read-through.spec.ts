import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetPositions, noteAnswerPosition, notePosition, shareAnswer } from '../../lib/event-position';
import { createHighlights } from '../../lib/highlights';
import { applyLiveChange, type LiveChangeHandlers, refreshAllKinds } from './live-changes';
import { trackReadPositions } from './read-through';

const ORG = 'org-1';
const key = ['trucks', 'list', ORG] as const;
const none = () => undefined;
const handlers: LiveChangeHandlers = {
  trucks: (queryClient) => queryClient.invalidateQueries({ queryKey: ['trucks'] }),
  loads: none,
  envelopes: none,
  members: none,
  invitations: none,
  organization: none,
  notifications: none,
  'saved-searches': none,
  ping: none,
};

/** A list query on screen whose answers the test releases one by one, each reflecting a position. */
function listOnScreen(queryClient: QueryClient) {
  const pending: ((position: string) => void)[] = [];
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: () => {
      fetches += 1;
      return new Promise<object>((resolve) =>
        pending.push((position) => {
          const answer = { data: [{ id: fetches }] };
          noteAnswerPosition(answer, position);
          resolve(answer);
        }),
      );
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    fetches: () => fetches,
    answer: async (position: string) => {
      pending.shift()?.(position);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    unsubscribe,
  };
}

const change = (position: string) => ({ kind: 'trucks', ids: [7], position, orgId: ORG });

describe('a change notice refetches only what does not reflect it yet', () => {
  let queryClient: QueryClient;
  let stopTracking: () => void;
  const apply = (position: string) =>
    applyLiveChange(queryClient, change(position), {
      organizationId: ORG,
      handlers,
      highlights: createHighlights(),
    });

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { structuralSharing: shareAnswer } } });
    stopTracking = trackReadPositions(queryClient);
  });
  afterEach(() => {
    stopTracking();
    forgetPositions();
    queryClient.clear();
  });

  it("loads the list once in the poster's tab: the fetch sent after its own command already asks for the notice's position", async () => {
    // The command answered with its position, then the list was (re)loaded asking for it.
    notePosition('120');
    const list = listOnScreen(queryClient);
    expect(list.fetches()).toBe(1);
    // The notice of that same commit comes while the list is still loading, or after.
    apply('120');
    await list.answer('120');
    apply('120');
    expect(list.fetches()).toBe(1);
    list.unsubscribe();
  });

  it('does not load a list again whose reload after the own command has already answered', async () => {
    notePosition('100');
    const list = listOnScreen(queryClient);
    await list.answer('100');
    // The command answers at 120; the board comes back on screen and reloads, and is answered.
    notePosition('120');
    void queryClient.invalidateQueries({ queryKey: key });
    expect(list.fetches()).toBe(2);
    await list.answer('120');
    // Only then does the notice of the command's commit come.
    apply('120');
    expect(list.fetches()).toBe(2);
    list.unsubscribe();
  });

  it('refetches a list loaded before the change, and one whose answer is older than the notice', async () => {
    notePosition('100');
    const list = listOnScreen(queryClient);
    await list.answer('100');
    apply('130');
    expect(list.fetches()).toBe(2);
    await list.answer('130');

    // A fetch that asked for 140 but was answered before the read side got there (its wait is bounded).
    notePosition('140');
    void queryClient.refetchQueries({ queryKey: key });
    expect(list.fetches()).toBe(3);
    apply('140');
    expect(list.fetches()).toBe(3);
    await list.answer('135');
    expect(list.fetches()).toBe(4);
    list.unsubscribe();
  });

  it('at a connect, loads again only what does not reflect the position the connection joined at', async () => {
    const list = listOnScreen(queryClient);
    await list.answer('150');
    // The list was read at the server's position as the connection joined: nothing was missed.
    refreshAllKinds(queryClient, handlers, '150');
    expect(list.fetches()).toBe(1);
    // Commits came between the read and the connection: their notices are lost, the list is read again.
    refreshAllKinds(queryClient, handlers, '160');
    expect(list.fetches()).toBe(2);
    list.unsubscribe();
  });
});
