import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { documentStoreContract } from '../document-store.contract.ts';
import { openMongoDocumentStore } from './open-mongo-document-store.ts';

// A replica set (transactions need one), e.g. MONGO_URL='mongodb://localhost:27017/?replicaSet=rs0'.
// Tests use collections of their own in a database of their own and drop them afterwards.
const url = process.env.MONGO_URL ?? '';
const dbName = `dispatch_storage_test_${randomBytes(4).toString('hex')}`;

describe.skipIf(!url)('mongodb (MONGO_URL)', () => {
  documentStoreContract('mongodb', () => openMongoDocumentStore({ url, dbName }));
});
