import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Prepared statements keyed by their SQL. Queries differ in shape (filters, `in` list lengths), so the
 * cache is bounded: the least recently used statement is dropped first.
 */
export class StatementCache {
  readonly #db: DatabaseSync;
  readonly #capacity: number;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync, capacity = 500) {
    this.#db = db;
    this.#capacity = capacity;
  }

  get(sql: string): StatementSync {
    const cached = this.#statements.get(sql);
    if (cached) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#capacity) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  /** Statements on a dropped table would fail; forget them all (dropping is rare). */
  clear(): void {
    this.#statements.clear();
  }
}
