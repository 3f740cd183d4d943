import { afterEach, beforeEach, describe } from 'vitest';
import { viewOf } from '../testing/store-per-test.ts';
import { countContract } from './contract/count.ts';
import { crudContract } from './contract/crud.ts';
import type { ContractUse } from './contract/fixtures.ts';
import { geoContract } from './contract/geo.ts';
import { laneContract } from './contract/lane.ts';
import { queryContract } from './contract/query.ts';
import { deferredIndexesContract } from './contract/rebuild/deferred-indexes.ts';
import { replaceContract } from './contract/rebuild/replace.ts';
import { textSearchContract } from './contract/text-search.ts';
import type { DocumentStore } from './port.ts';

/** The behaviour every document store adapter must have, capability by capability; a spec per adapter runs it. */
export function documentStoreContract(
  name: string,
  open: () => Promise<DocumentStore> | DocumentStore,
  cleanup?: () => Promise<void> | void,
): void {
  describe(`${name}: document store contract`, () => {
    let store: DocumentStore;
    const created: string[] = [];
    const use: ContractUse = {
      store: viewOf(() => store),
      async ensure(definition) {
        await store.ensureCollection(definition);
        created.push(definition.name);
        return definition.name;
      },
      adopt(collection) {
        created.push(collection);
      },
    };

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      for (const collection of created.splice(0)) await store.dropCollection(collection);
      await store.close();
      await cleanup?.();
    });

    crudContract(use);
    queryContract(use);
    countContract(use);
    textSearchContract(use);
    geoContract(use);
    laneContract(use);
    deferredIndexesContract(use);
    replaceContract(use);
  });
}
