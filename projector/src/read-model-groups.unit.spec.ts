import { collections } from '@dispatch/read-models';
import { describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import {
  groupsAfterTheBoards,
  groupsReadBy,
  groupsToRebuild,
  readModelGroups,
  readModelsOfGroup,
} from './read-model-groups.ts';
import { readModelsOf } from './runner/index.ts';

const all = new Set(readModelsOf(projections).split(','));
const names = (groups: { name: string }[] | null) => groups?.map((group) => group.name) ?? null;

describe('the read model groups', () => {
  it('hold every projection that keeps a read model, each in one group, in the product order', () => {
    const grouped = readModelGroups.flatMap((group) => group.projections);
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const projection of grouped) expect(projections).toContain(projection);
    const ungrouped = projections.filter((projection) => !grouped.includes(projection));
    expect(ungrouped.flatMap((projection) => projection.collections)).toEqual([]);
    expect(readModelGroups.flatMap(readModelsOfGroup).sort()).toEqual([...all].sort());
  });

  it('read only groups named before them', () => {
    const seen: string[] = [];
    for (const group of readModelGroups) {
      for (const read of group.reads) expect(seen, `${group.name} reads ${read}`).toContain(read);
      seen.push(group.name);
    }
  });

  it('build a changed group again with the groups that read it, and nothing when all are kept', () => {
    const without = (collection: string) => new Set([...all].filter((name) => name !== collection));
    expect(names(groupsToRebuild(readModelGroups, projections, all))).toEqual([]);
    expect(names(groupsToRebuild(readModelGroups, projections, without(collections.activity)))).toEqual([
      'history',
    ]);
    expect(names(groupsToRebuild(readModelGroups, projections, without(collections.envelopes)))).toEqual([
      'envelopes',
      'history',
    ]);
    expect(names(groupsToRebuild(readModelGroups, projections, without(collections.trucks)))).toEqual([
      'boards',
      'searches',
      'history',
    ]);
    expect(names(groupsToRebuild(readModelGroups, projections, without(collections.members)))).toEqual([
      'organizations',
      'boards',
      'searches',
      'history',
    ]);
    // Every group then: the boards first (see below).
    expect(groupsToRebuild(readModelGroups, projections, new Set())).toBeNull();
  });

  it('build the boards and the groups they read first when every group is built again', () => {
    const changedEverywhere = new Set(
      [...all].filter((name) => !readModelGroups.some((group) => readModelsOfGroup(group)[0] === name)),
    );
    expect(groupsToRebuild(readModelGroups, projections, changedEverywhere)).toBeNull();
    expect(names(groupsAfterTheBoards(readModelGroups, projections, changedEverywhere))).toEqual([
      'envelopes',
      'searches',
      'history',
    ]);
    // A read model outside every group changed: every read model at once.
    const pings = {
      name: 'pings',
      collections: [{ name: 'pings_v1', fields: {} }],
      eventTypes: [],
      apply() {},
    };
    expect(groupsAfterTheBoards(readModelGroups, [...projections, pings], changedEverywhere)).toBeNull();
  });

  it('name the groups a rebuilt group reads as they stood, through others too', () => {
    expect(names(groupsReadBy(readModelGroups, ['searches']))).toEqual(['organizations', 'boards']);
    expect(names(groupsReadBy(readModelGroups, ['organizations']))).toEqual([]);
  });
});
