import { describe, expect, it } from 'vitest';
import { lookupOf, matchScreens, screensFor, uniqueBy } from './command-items';

const labels = (role: Parameters<typeof screensFor>[0]) => screensFor(role).map((screen) => screen.label);

describe('the command menu', () => {
  it('offers each role the screens it may open', () => {
    expect(labels('owner')).toEqual(expect.arrayContaining(['Members', 'Activity', 'Sign-pro drivers']));
    expect(labels('admin')).toEqual(expect.arrayContaining(['Members', 'Activity', 'Onboard client']));
    expect(labels('memberPlus')).toContain('Sign-pro');
    expect(labels('memberPlus')).not.toContain('Members');
    expect(labels('owner')).toEqual(expect.arrayContaining(['Settings', 'API keys', 'Webhooks']));
    expect(labels('admin')).toEqual(expect.arrayContaining(['Settings', 'API keys', 'Webhooks']));
    expect(labels('memberPlus')).not.toContain('API keys');
    expect(labels('memberPlus')).not.toContain('Webhooks');
    expect(labels('member')).not.toContain('Sign-pro');
    expect(labels('member')).not.toContain('Activity');
    expect(labels('member')).toEqual(
      expect.arrayContaining([
        'Overview',
        'Trucks',
        'Loads',
        'Post truck',
        'Post load',
        'Radius search',
        'Radius 360',
        'System check',
      ]),
    );
  });

  it('finds screens by the starts of their words and keywords', () => {
    const screens = screensFor('owner');
    expect(matchScreens(screens, 'post tr').map((screen) => screen.label)).toEqual(['Post truck']);
    expect(matchScreens(screens, 'rad').map((screen) => screen.label)).toEqual([
      'Radius search',
      'Radius 360',
    ]);
    expect(matchScreens(screens, 'invite').map((screen) => screen.label)).toEqual(['Members']);
    expect(matchScreens(screens, 'integr').map((screen) => screen.label)).toEqual(['API keys', 'Webhooks']);
    expect(matchScreens(screens, '')).toHaveLength(screens.length);
    expect(matchScreens(screens, 'Night Owl')).toEqual([]);
  });

  it('looks a query up as text, a posting number or an envelope id', () => {
    expect(lookupOf('n')).toEqual({ text: null, id: null, envelopeId: null });
    expect(lookupOf(' Night Owl ')).toEqual({ text: 'Night Owl', id: null, envelopeId: null });
    expect(lookupOf('#42')).toEqual({ text: '#42', id: 42, envelopeId: null });
    expect(lookupOf('7').id).toBe(7);
    expect(lookupOf('0').id).toBeNull();
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(lookupOf(id.toUpperCase()).envelopeId).toBe(id);
  });

  it('lists each result once', () => {
    expect(uniqueBy([{ id: 1 }, { id: 2 }, { id: 1 }], (item) => item.id)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
