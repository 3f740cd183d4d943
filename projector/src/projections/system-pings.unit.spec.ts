import { SYSTEM_PINGED } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { readModelsOf } from '../index.ts';
import { projections } from './index.ts';

describe('the system check ping', () => {
  it('keeps no read model at all, so adding it rebuilt nothing', () => {
    const pings = projections.find((projection) => projection.eventTypes.includes(SYSTEM_PINGED));
    expect(pings?.collections).toEqual([]);
    expect(readModelsOf(projections)).toBe(readModelsOf(projections.filter((p) => p !== pings)));
  });
});
