import { describe, expect, it } from 'vitest';
import { activeActivityFilters, activityParams, activitySearchSchema, dayEdge } from './activity-search';
import { activityActionOf, activityActorOf, changeValueText, receiverNameOf } from './activity-wording';

describe('the activity page’s search params', () => {
  it('keeps valid filters, one kind or several, and drops what the API would refuse', () => {
    expect(
      activitySearchSchema.parse({
        actor: 'user-1',
        kind: 'truck,load,spaceship',
        subject: 17,
        from: '2026-05-01',
        to: '2026-02-30',
        text: '  Peoria ',
      }),
    ).toEqual({
      actor: 'user-1',
      kind: ['truck', 'load'],
      subject: '17',
      from: '2026-05-01',
      text: 'Peoria',
    });
    expect(activitySearchSchema.parse({ kind: ['envelope', 'envelope'], text: 'x'.repeat(101) })).toEqual({
      kind: ['envelope'],
    });
  });

  it('sends the period as the instants the viewer’s days start and end at', () => {
    const params = activityParams({ kind: ['truck', 'load'], from: '2026-05-01', to: '2026-05-02' });
    expect(params.kind).toBe('truck,load');
    expect(params.startDate).toBe(new Date('2026-05-01T00:00:00.000').toISOString());
    expect(params.endDate).toBe(new Date('2026-05-02T23:59:59.999').toISOString());
    expect(dayEdge(undefined, 'start')).toBeUndefined();
    expect(activeActivityFilters({ from: '2026-05-01', to: '2026-05-02', actor: 'u' })).toBe(2);
  });
});

describe('the activity’s words', () => {
  it('says what happened and who did it', () => {
    expect(activityActionOf('TruckUpdated')).toBe('edited truck');
    expect(activityActionOf('SomethingNew')).toBe('something new');
    expect(activityActorOf({ actorId: 'u', actorName: 'Ada' })).toBe('Ada');
    expect(activityActorOf({ actorId: 'system:sign-pro', actorName: null })).toBe('System');
    expect(activityActorOf({ actorId: 'u', actorName: null })).toBe('Someone outside the organization');
    expect(changeValueText('member', 'role', 'memberPlus')).toBe('Member+');
    expect(changeValueText('truck', 'status', false)).toBe('Not available');
    expect(receiverNameOf('Rita Receiver (rita@example.com)')).toBe('Rita Receiver');
  });
});
