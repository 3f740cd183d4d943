import { beforeEach, describe, expect, it } from 'vitest';
import { type ContractUse, writeFleet } from './fixtures.ts';

/** Counting the documents a filter matches, whole or up to a limit. */
export function countContract(use: ContractUse): void {
  describe('counts over a fixed fleet', () => {
    const { store } = use;
    let collection: string;
    beforeEach(async () => {
      collection = await writeFleet(use);
    });

    it('counts with a filter', async () => {
      expect(await store.count(collection, { active: { eq: true }, capacityKg: { gte: 18000 } })).toBe(8);
      expect(await store.count(collection, { name: { contains: 'atlas' } })).toBe(3);
    });

    it('counts up to a limit', async () => {
      const filter = { active: { eq: true }, capacityKg: { gte: 18000 } };
      expect(await store.count(collection, filter, { limit: 5 })).toBe(5);
      expect(await store.count(collection, filter, { limit: 8 })).toBe(8);
      expect(await store.count(collection, filter, { limit: 9 })).toBe(8);
      expect(await store.count(collection, undefined, { limit: 12 })).toBe(12);
      expect(await store.count(collection, { name: { contains: 'atlas' } }, { limit: 2 })).toBe(2);
      for (const limit of [0, -1, 1.5, Number.NaN])
        await expect(store.count(collection, filter, { limit })).rejects.toThrow(/limit/);
    });
  });
}
