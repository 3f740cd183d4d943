import { randomBytes } from 'node:crypto';
import type { CollectionDefinition, DocumentStore, WriteOperation } from '../port.ts';

/**
 * What a capability's part of the contract is given: the store of the running test (opened before
 * each test, closed after) and the collections to drop after it.
 */
export interface ContractUse {
  /** The store of the running test. */
  store: DocumentStore;
  /** Ensures the collection and drops it after the test; returns its name. */
  ensure(definition: CollectionDefinition): Promise<string>;
  /** Drops after the test a collection the test made itself. */
  adopt(name: string): void;
}

/** A name of its own for every test, so the suite can run against a shared database. */
export function collectionName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export type Truck = [
  id: string,
  name: string,
  capacityKg: number,
  active: boolean,
  registeredAt: string,
  rating: number | null | undefined,
  city: string,
  depot: string | null | undefined,
];

// undefined: the field is absent from the document, which queries treat like null.
export const trucks: Truck[] = [
  ['t01', 'Atlas', 12000, true, '2024-01-15T08:00:00.000Z', 4.5, 'Lyon', 'north'],
  ['t02', 'Boreas', 18000, false, '2024-02-01T09:30:00.000Z', 3, 'Paris', 'south'],
  ['t03', 'Cyclone 100%', 12000, true, '2024-02-10T10:00:00.000Z', null, 'Lyon', null],
  ['t04', 'Dune_runner', 7500, true, '2023-11-20T07:45:00.000Z', 5, 'Marseille', 'north'],
  ['t05', 'Echo', 26000, false, '2024-03-05T12:00:00.000Z', 2.5, 'Paris', undefined],
  ['t06', 'FALCON', 18000, true, '2024-03-05T12:00:00.000Z', 4, 'Lille', 'east'],
  ['t07', 'Gale', 3500, true, '2022-06-30T16:20:00.000Z', undefined, 'Lyon', 'north'],
  ['t08', 'harbor', 12000, false, '2024-04-01T00:00:00.000Z', 3.5, 'Nantes', 'west'],
  ['t09', 'Icebreaker', 40000, true, '2021-12-31T23:59:59.000Z', 4.5, 'Marseille', 'south'],
  ['t10', 'Jolly 50% off', 7500, false, '2024-04-15T06:00:00.000Z', 1, 'Lille', null],
  ['t11', 'Kestrel', 26000, true, '2023-05-05T05:05:05.000Z', 4, 'Paris', 'east'],
  ['t12', 'Lynx', 12000, true, '2024-05-20T14:00:00.000Z', 3, 'Nantes', 'west'],
  ['t13', 'Mistral', 18000, false, '2023-08-08T08:08:08.000Z', null, 'Marseille', 'south'],
  ['t14', 'Nomad', 3500, true, '2024-06-01T10:00:00.000Z', 2, 'Lyon', 'north'],
  ['t15', 'Orca', 40000, false, '2022-01-01T00:00:00.000Z', 5, 'Paris', undefined],
  ['t16', 'Pampero', 7500, true, '2024-06-15T11:11:11.000Z', 3.5, 'Lille', 'east'],
  ['t17', 'Quasar', 12000, true, '2023-02-14T09:00:00.000Z', 4, 'Marseille', null],
  ['t18', 'Rover_1', 18000, true, '2024-07-04T04:00:00.000Z', 2.5, 'Nantes', 'west'],
  ['t19', 'Sirocco', 26000, false, '2023-10-10T10:10:10.000Z', 3, 'Lyon', 'south'],
  ['t20', 'Tempest', 3500, true, '2024-08-08T08:00:00.000Z', 4.5, 'Paris', 'north'],
  ['t21', 'Ursa', 12000, false, '2024-09-09T09:09:09.000Z', 1.5, 'Lille', 'east'],
  ['t22', 'Vortex', 40000, true, '2024-10-10T10:00:00.000Z', 5, 'Nantes', 'west'],
  ['t23', 'Whirlwind', 7500, false, '2022-12-12T12:00:00.000Z', 2, 'Marseille', 'south'],
  ['t24', 'Xenon', 18000, true, '2024-11-11T11:00:00.000Z', 3.5, 'Lyon', null],
  ['t25', 'Yukon', 26000, true, '2023-03-03T03:03:03.000Z', 4, 'Paris', 'north'],
  ['t26', 'Zephyr', 3500, false, '2024-12-24T18:00:00.000Z', null, 'Lille', 'east'],
  ['t27', 'atlas junior', 12000, true, '2025-01-05T08:00:00.000Z', 3, 'Lyon', 'north'],
  ['t28', 'Big Atlas', 26000, true, '2025-01-20T08:00:00.000Z', 4, 'Marseille', 'south'],
  ['t29', '100_percent', 7500, true, '2025-02-01T08:00:00.000Z', 2.5, 'Nantes', 'west'],
  ['t30', 'Plain100xpercent', 3500, false, '2025-02-02T08:00:00.000Z', 1, 'Paris', 'north'],
];

export function truckDocument([id, name, capacityKg, active, registeredAt, rating, city, depot]: Truck) {
  return {
    id,
    name,
    capacityKg,
    active,
    registeredAt,
    ...(rating === undefined ? {} : { rating }),
    location: { city, country: 'FR' },
    ...(depot === undefined ? {} : { depot }),
    tags: ['fleet'],
  };
}

export function truckCollection(): CollectionDefinition {
  return {
    name: collectionName('trucks'),
    fields: {
      name: 'text',
      capacityKg: 'number',
      active: 'boolean',
      registeredAt: 'date',
      rating: 'number',
      'location.city': 'text',
      depot: 'text',
    },
    indexes: [
      ['active', 'capacityKg'],
      ['location.city', 'name'],
    ],
  };
}

/** A collection of trucks holding the fixed fleet; returns its name. */
export async function writeFleet(use: ContractUse): Promise<string> {
  const collection = await use.ensure(truckCollection());
  await use.store.write(fleetPuts(collection));
  return collection;
}

/** The writes that put the fixed fleet into `collection`, at positions 1, 2, … */
export function fleetPuts(collection: string): WriteOperation[] {
  return trucks.map((truck, i) => ({
    op: 'put' as const,
    collection,
    document: truckDocument(truck),
    position: BigInt(i + 1),
  }));
}
