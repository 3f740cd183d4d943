import type { DatabaseSync } from 'node:sqlite';
import { assertCollectionName } from '../collection-definition.ts';
import type { CollectionDefinition } from '../port.ts';

/**
 * The declared fields of every collection, kept in the file: another process (or a store opened later)
 * queries a collection it did not ensure itself.
 */
export class CollectionCatalog {
  readonly #select;
  readonly #upsert;
  readonly #delete;
  readonly #known = new Map<string, CollectionDefinition>();

  constructor(db: DatabaseSync) {
    db.exec(
      'CREATE TABLE IF NOT EXISTS document_collections (name TEXT PRIMARY KEY, definition TEXT NOT NULL)',
    );
    this.#select = db.prepare('SELECT definition FROM document_collections WHERE name = ?');
    this.#upsert = db.prepare(
      'INSERT INTO document_collections (name, definition) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET definition = excluded.definition',
    );
    this.#delete = db.prepare('DELETE FROM document_collections WHERE name = ?');
  }

  find(name: string): CollectionDefinition | undefined {
    const known = this.#known.get(name);
    if (known) return known;
    const row = this.#select.get(name) as { definition: string } | undefined;
    if (!row) return undefined;
    const definition = JSON.parse(row.definition) as CollectionDefinition;
    this.#known.set(name, definition);
    return definition;
  }

  /** Whether the file has the collection, as it stands now (not as this catalog learnt it before). */
  exists(name: string): boolean {
    this.#known.delete(name);
    return this.find(name) !== undefined;
  }

  /** Forgets what it learnt of a collection another connection changed: the next look reads the file. */
  forget(name: string): void {
    this.#known.delete(name);
  }

  /** The definition, which also vouches for the name: only validated names reach the catalog. */
  get(name: string): CollectionDefinition {
    assertCollectionName(name);
    const definition = this.find(name);
    if (!definition) throw new Error(`Collection ${name} does not exist; ensureCollection creates it`);
    return definition;
  }

  save(definition: CollectionDefinition): void {
    this.#upsert.run(definition.name, JSON.stringify(definition));
    this.#known.set(definition.name, definition);
  }

  remove(name: string): void {
    this.#delete.run(name);
    this.#known.delete(name);
  }
}
