import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { BetterAuthOptions } from 'better-auth';
import { mongodbAdapter } from 'better-auth/adapters/mongodb';
import { getMigrations } from 'better-auth/db/migration';
import { MongoClient } from 'mongodb';
import type { AuthDatabaseConfig } from './auth-config.ts';

export interface AuthDatabase {
  /** The value for better-auth's `database` option. */
  database: NonNullable<BetterAuthOptions['database']>;
  /** Brings the schema up to date with the configured fields, so a fresh store works on first start. */
  migrate(options: BetterAuthOptions): Promise<void>;
  close(): Promise<void>;
}

export async function openAuthDatabase(config: AuthDatabaseConfig): Promise<AuthDatabase> {
  return config.kind === 'sqlite' ? openSqlite(config.path) : openMongo(config.url, config.dbName);
}

function openSqlite(path: string): AuthDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // WAL lets readers proceed while a sign-in writes; the busy timeout absorbs other processes' writes;
  // foreign keys make deleting a user cascade to its sessions and accounts.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  return {
    // better-auth's kysely adapter recognises a node:sqlite DatabaseSync and wraps it in its own dialect.
    database: db,
    async migrate(options) {
      const { runMigrations } = await getMigrations(options);
      await runMigrations();
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

async function openMongo(url: string, dbName: string): Promise<AuthDatabase> {
  const client = new MongoClient(url);
  await client.connect();
  return {
    // Passing the client turns on transactions, which the production replica set supports.
    database: mongodbAdapter(client.db(dbName), { client }),
    // Collections need no schema; the adapter creates its indexes on first use.
    async migrate() {},
    async close() {
      await client.close();
    },
  };
}
