import type { SQLInputValue } from 'node:sqlite';
import type { CollectionDefinition, Scalar } from '../port.ts';
import type { Predicate, QueryPlan } from '../query-plan.ts';
import {
  columnOf,
  loweredColumnOf,
  searchFieldsOf,
  searchRowsName,
  tableByNameSql,
  tableOf,
  textFillName,
  textIndexOf,
  textSearchHash,
} from './collection-schema.ts';
import { condition, limitedCount, type Sql, sortKeys } from './query-to-sql.ts';
import type { StatementCache } from './statement-cache.ts';

/**
 * A `contains` of three characters or more on a collection's text index (see `ensureTextIndex`), on
 * SQLite. Whichever way a query goes, every row it keeps passes the same test as on a collection
 * without the index (`instr(lower(field), lower(needle)) > 0`): the search rows hold `lower(field)`,
 * and the trigram index only proposes candidates.
 *
 * Three ways, chosen per query from a sample of the search rows (their texts and the fields of the
 * collection's indexes: roughly how many rows hold each run of three characters of the needle, how
 * many hold the needle, and what share of the rows the filter's organization holds):
 * - **walk**, for a page of a needle many rows hold: the list's own index in the list's order, a
 *   window of a few hundred to a few thousand rows, each tested on its search row. The page is there
 *   when the window holds enough matches ("truck" among "Truck 1"…"Truck 1000000": the first ten
 *   rows); otherwise one of the next ways answers.
 * - **candidates**, when some runs of the needle are rare: the trigram index's rows holding those runs
 *   (only those: a run most rows hold, "tru" or "uck" in "truck 1000", makes the index read a list as
 *   long as the table for nothing), each tested and sorted on its search row, then the page's rows
 *   read. One statement gives the page and the number of matches, which the count that follows the
 *   page (a list asks for both) takes while nothing has been written.
 * - **scan**, when every run is common: the count tests every search row (or, for an organization
 *   holding few of them, its rows through the list's index); a page walks the list's index to its end.
 * Counting a needle most of a million rows hold still tests them all (about 100–300 ms): SQLite counts
 * an index range no faster than it steps through it (45 ms for the million entries of one
 * organization, before any test).
 */

type Contains = Extract<Predicate, { op: 'contains' }>;

/** A collection's text search structures, when they are built (a deferred rebuild builds them last). */
export interface SearchTarget {
  /** The collection's table, its search rows and its trigram index (quoted names). */
  table: string;
  rows: string;
  index: string;
  /** The declared text fields, in the order of the trigram index's columns (c0, c1…). */
  texts: string[];
  /** The fields the search rows hold besides the lowered texts. */
  kept: Set<string>;
  /** Whether the trigram index knows where runs stand (phrases, columns) or only which rows hold them. */
  positions: boolean;
}

export function searchTargetOf(
  statements: StatementCache,
  definition: CollectionDefinition,
): SearchTarget | null {
  const texts = definition.textIndex ?? [];
  if (texts.length === 0) return null;
  const rows = searchRowsName(definition.name, textSearchHash(definition));
  // Asked on every such query: a prepared statement, not a new one each time. Search rows still being
  // filled hold only some rows (see `ensureTextIndex`).
  const tables = statements.get(tableByNameSql);
  if (tables.get(rows) === undefined || tables.get(textFillName(definition.name)) !== undefined) return null;
  return {
    table: tableOf(definition.name),
    rows: `"${rows}"`,
    index: textIndexOf(definition.name),
    texts,
    kept: new Set(searchFieldsOf(definition)),
    positions: definition.textIndexPositions !== false,
  };
}

/** One term of an FTS5 query: the text quoted. */
const ftsTerm = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 query of a needle's phrases: each phrase in its column; without positions, every run of
 * three characters of each phrase, in any column (the exact test on the search rows sorts them out).
 */
export function trigramMatch(phrases: string[], column: string, positions: boolean): string {
  if (positions) return phrases.map((phrase) => `${column} : ${ftsTerm(phrase)}`).join(' AND ');
  return [...new Set(phrases.flatMap(runsOf))].map(ftsTerm).join(' AND ');
}

/** The runs of three characters (not UTF-16 units) of a text, in order. */
function runsOf(text: string): string[] {
  const chars = [...text];
  return chars
    .slice(0, Math.max(0, chars.length - 2))
    .map((_, start) => chars.slice(start, start + 3).join(''));
}

/** A text lowered as SQLite's `lower` does without ICU: ASCII letters only. */
export const sqlLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** Needles shorter than this read no trigram (a trigram index holds runs of three characters). */
const MIN_INDEXED = 3;
/** Search rows sampled per collection, and for how long a sample stands. */
const SAMPLE_SIZE = 1024;
const SAMPLE_TTL_MS = 60_000;
const ANALYSES_KEPT = 256;
/** A run held by this share of the rows or more is not worth reading from the trigram index. */
const DENSE = 0.3;
/** Bounds of a walk's window of the list, in rows. */
const WALK_WINDOW_MIN = 256;
const WALK_WINDOW_MAX = 16_384;
/** How much cheaper than the candidates a walk must look: it fails when a list's order and its texts
 * go together, and then costs its window on top. */
const WALK_MARGIN = 8;
/** Costs per row in microseconds, measured on a million trucks: a run's list in the trigram index, a
 * candidate tested and kept, a search row tested in a scan, a search row reached from a list's index.
 * Only their ratios matter. */
const COST = { list: 0.1, candidate: 0.5, scan: 0.15, lookup: 1.4 };

/** The runs of a needle worth asking the trigram index for, from the texts of a sample. */
export interface Runs {
  /** Parts of the needle, each one or more consecutive runs (a phrase); none when every run is common. */
  phrases: string[];
  /** The share of the texts holding the rarest run, and holding every phrase (at least one text's). */
  rarest: number;
  candidates: number;
}

/**
 * The rarest run of three characters of `needle` (lowered) among `texts` (lowered), with those about as
 * rare; consecutive ones make one phrase. A run most texts hold is left out: the trigram index would
 * read a list about as long as the table and rule out almost nothing.
 */
export function rareRuns(
  texts: (string | null)[],
  needle: string,
  shares: Map<string, number> = new Map(),
): Runs {
  const size = Math.max(1, texts.length);
  // The share of each run, kept in `shares` for the next needle holding it.
  const share = (part: string) => {
    const known = shares.get(part);
    if (known !== undefined) return known;
    let held = 0;
    for (const text of texts) if (text?.includes(part)) held++;
    if (shares.size >= 10_000) shares.clear();
    shares.set(part, held / size);
    return held / size;
  };
  const chars = [...needle];
  const runs = runsOf(needle).map(share);
  const rarest = Math.min(...runs);
  const chosen = runs.map((held) => held < DENSE && held <= Math.max(2 * rarest, 2 / size));
  const phrases: string[] = [];
  for (let start = 0; start < runs.length; start++) {
    if (!chosen[start]) continue;
    let end = start;
    while (chosen[end + 1]) end++;
    phrases.push(chars.slice(start, end + 3).join(''));
    start = end;
  }
  let candidates = 0;
  for (const text of texts)
    if (text !== null && phrases.every((phrase) => text.includes(phrase))) candidates++;
  // A phrase no sampled text holds may still be held by some rows.
  return { phrases, rarest, candidates: Math.max(candidates, 1) / size };
}

interface Sample {
  /** Per sampled row, the kept fields' values (by field) and the lowered texts (by position). */
  kept: Record<string, unknown>[];
  texts: (string | null)[][];
  /** About how many search rows there are (the span of their rowids). */
  rows: number;
  takenAt: number;
  /** What it said of the filters asked about lately (a page and its count ask about the same one),
   * and of each run of three characters asked about, per text field. */
  analyses: Map<string, Analysis>;
  shares: Map<string, number>[];
}

/** What the sample says of one `contains`. */
interface Needle extends Runs {
  predicate: Contains;
  /** The text field's position in the trigram index. */
  position: number;
  /** The share of the sampled rows passing the needle (of the organization's, when the sample holds
   * enough of them). */
  density: number;
}

interface Analysis {
  needles: Needle[];
  /** The needle whose phrases go to the trigram index: the one with the fewest candidates. */
  driver: Needle | undefined;
  /** The share of sampled rows passing the filter's equalities on the kept fields. */
  population: number;
  /** About how many search rows there are. */
  rows: number;
}

interface Row {
  doc: string;
  position: string;
}

export class TextSearch {
  readonly #statements: StatementCache;
  /** What the database holds now: a count kept for a filter is good while this is unchanged. */
  readonly #version: () => string;
  readonly #samples = new Map<string, Sample>();
  #total: { key: string; version: string; count: number } | null = null;

  constructor(statements: StatementCache, version: () => string) {
    this.#statements = statements;
    this.#version = version;
  }

  /** Samples and kept totals of tables that went away or changed wholesale are let go. */
  forget(): void {
    this.#samples.clear();
    this.#total = null;
  }

  /** The indexed `contains` predicates this module answers; none: the store's plain query does. */
  static indexed(target: SearchTarget, predicates: Predicate[]): Contains[] {
    return predicates.filter((predicate) => isText(target, predicate)) as Contains[];
  }

  find(target: SearchTarget, plan: QueryPlan): Row[] {
    const analysis = this.#analyse(target, plan.predicates);
    const need = plan.limit === undefined ? undefined : plan.skip + plan.limit;
    const density = Math.min(...analysis.needles.map((needle) => needle.density));
    const candidates = analysis.driver
      ? candidatesCost(analysis.driver) * analysis.rows
      : Number.POSITIVE_INFINITY;
    // A walk meets the page's matches after about need / density rows if they are spread along the
    // list. It is tried when that looks clearly cheaper than the candidates, in a window expected to
    // hold them four times over: a list's order and its texts may go together ("Truck 1000…" are the
    // oldest trucks, the last of a list by latest edits), and a window without them is time lost.
    if (
      need !== undefined &&
      density > 0 &&
      need / density <= WALK_WINDOW_MAX / 4 &&
      WALK_MARGIN * (need / density) * COST.lookup < candidates
    ) {
      const window = Math.min(WALK_WINDOW_MAX, Math.max(WALK_WINDOW_MIN, Math.ceil((4 * need) / density)));
      const rowids = this.#walk(target, plan, window, need);
      if (rowids) return this.#documents(target, rowids.slice(plan.skip));
    }
    if (analysis.driver && candidatesCost(analysis.driver) < scanCost(analysis))
      return this.#candidates(target, plan, analysis.driver);
    return this.#scanPage(target, plan);
  }

  /** How many rows pass the predicates, or `limit` when at least that many do (see `CountOptions`). */
  count(target: SearchTarget, predicates: Predicate[], limit?: number): number {
    const key = totalKey(target, predicates);
    const kept = this.#total;
    if (kept && kept.key === key && kept.version === this.#version())
      return Math.min(kept.count, limit ?? kept.count);
    const analysis = this.#analyse(target, predicates);
    const driver = analysis.driver;
    // With a limit, each way stops at that many matches: the trigram index gives its candidates and a
    // scan its rows in rowid order, so a needle most rows hold is counted up to the limit in the first
    // rows it reaches.
    if (driver && candidatesCost(driver) < scanCost(analysis)) {
      const sql = this.#candidatesSql(target, predicates, driver, []);
      return this.#number(limitedCount(`${sql.from}${sql.where}`, sql.params, limit));
    }
    // Every search row, or the rows the filter's other conditions reach through the collection's own
    // indexes (an organization holding few of the rows), each tested on its search row. A count up to
    // a limit that many rows reach goes through those rows too: it stops after about limit / density
    // of them, where the search rows, in the order they were written, may hold other organizations'
    // rows first.
    const density = Math.min(...analysis.needles.map((needle) => needle.density));
    const throughRows =
      analysis.population * COST.lookup < COST.scan ||
      predicates.some((predicate) => !this.#onSearchRows(target, predicate)) ||
      (limit !== undefined &&
        density > 0 &&
        (limit / density) * COST.lookup < scanCost(analysis) * analysis.rows);
    const params: SQLInputValue[] = [];
    const conditions = predicates.map((predicate) =>
      throughRows && !isText(target, predicate)
        ? condition(predicate, params, `t.${columnOf(predicate.field)}`)
        : this.#condition(target, predicate, params),
    );
    const from = throughRows
      ? `FROM ${target.table} AS t CROSS JOIN ${target.rows} AS s ON s.rowid = t.rowid`
      : `FROM ${target.rows} AS s`;
    return this.#number(limitedCount(`${from} WHERE ${conditions.join(' AND ')}`, params, limit));
  }

  #number({ sql, params }: Sql): number {
    return Number((this.#statements.get(sql).get(...params) as { count: number | bigint }).count);
  }

  /** Whether a predicate can be tested on the search rows alone. */
  #onSearchRows(target: SearchTarget, predicate: Predicate): boolean {
    return isText(target, predicate) || (predicate.op !== 'contains' && target.kept.has(predicate.field));
  }

  /** A predicate on the search row (`s`) when it holds the field, else on the collection's row (`t`). */
  #condition(target: SearchTarget, predicate: Predicate, params: SQLInputValue[]): string {
    if (predicate.op === 'contains' && isText(target, predicate)) {
      params.push(predicate.needle);
      return `instr(s.${loweredColumnOf(predicate.field)}, lower(?)) > 0`;
    }
    const table = this.#onSearchRows(target, predicate) ? 's' : 't';
    return condition(predicate, params, `${table}.${columnOf(predicate.field)}`);
  }

  /**
   * The first `need` matches among the first `window` rows of the list in its order (the filter's
   * other conditions on the rows, through the list's index), or null when the window holds fewer and
   * the list goes on beyond it.
   */
  #walk(target: SearchTarget, plan: QueryPlan, window: number, need: number): number[] | null {
    const keys = sortKeys(plan);
    const filterParams: SQLInputValue[] = [];
    const filter = plan.predicates
      .filter((predicate) => !isText(target, predicate))
      .map((predicate) => condition(predicate, filterParams));
    const where = filter.length > 0 ? ` WHERE ${filter.join(' AND ')}` : '';
    const testParams: SQLInputValue[] = [];
    const tests = plan.predicates
      .filter((predicate) => isText(target, predicate))
      .map((predicate) => this.#condition(target, predicate, testParams));
    const columns = keys.map((key, n) => `${columnOf(key.field)} AS k${n}`).join(', ');
    const order = keys.map((key) => `${columnOf(key.field)} ${key.direction}`).join(', ');
    const listed = `SELECT rowid AS r, ${columns} FROM ${target.table}${where} ORDER BY ${order} LIMIT ?`;
    const found = (
      this.#statements
        .get(
          `SELECT w.r AS r FROM (${listed}) AS w CROSS JOIN ${target.rows} AS s ON s.rowid = w.r WHERE ${tests.join(' AND ')} ORDER BY ${keys.map((key, n) => `w.k${n} ${key.direction}`).join(', ')} LIMIT ?`,
        )
        .all(...filterParams, window, ...testParams, need) as { r: number }[]
    ).map((row) => row.r);
    if (found.length >= need) return found;
    // Fewer matches than the page needs: the whole answer, if the window held every row of the list.
    const rows = this.#number(limitedCount(`FROM ${target.table}${where}`, filterParams, window));
    return rows < window ? found : null;
  }

  /** The trigram index's candidates of the driver's phrases, tested on their search rows (and rows). */
  #candidatesSql(target: SearchTarget, predicates: Predicate[], driver: Needle, sortFields: string[]) {
    const match = trigramMatch(driver.phrases, `c${driver.position}`, target.positions);
    const params: SQLInputValue[] = [match];
    const conditions = predicates.map((predicate) => this.#condition(target, predicate, params));
    const needsRows =
      predicates.some((predicate) => !this.#onSearchRows(target, predicate)) ||
      sortFields.some((field) => !target.kept.has(field));
    const rows = needsRows ? ` CROSS JOIN ${target.table} AS t ON t.rowid = s.rowid` : '';
    return {
      from: `FROM ${target.index} CROSS JOIN ${target.rows} AS s ON s.rowid = ${target.index}.rowid${rows}`,
      where: ` WHERE ${target.index} MATCH ? AND ${conditions.join(' AND ')}`,
      params,
    };
  }

  #candidates(target: SearchTarget, plan: QueryPlan, driver: Needle): Row[] {
    const keys = sortKeys(plan);
    const sql = this.#candidatesSql(
      target,
      plan.predicates,
      driver,
      keys.map((key) => key.field),
    );
    const columns = keys
      .map((key, n) => `${target.kept.has(key.field) ? 's' : 't'}.${columnOf(key.field)} AS k${n}`)
      .join(', ');
    const order = keys.map((key, n) => `k${n} ${key.direction}`).join(', ');
    // What the database holds before the statement reads it: a write during the statement makes the
    // count that follows read again, rather than take a number older than the data.
    const version = this.#version();
    // The matches once, then their number (the first row) and the page among them.
    const [first, ...page] = this.#statements
      .get(
        `WITH m AS MATERIALIZED (SELECT s.rowid AS r, ${columns} ${sql.from}${sql.where}) SELECT NULL AS r, count(*) AS total FROM m UNION ALL SELECT * FROM (SELECT r, NULL FROM m ORDER BY ${order} LIMIT ? OFFSET ?)`,
      )
      .all(...sql.params, plan.limit ?? -1, plan.skip) as { r: number | null; total: number | null }[];
    this.#total = {
      key: totalKey(target, plan.predicates),
      version,
      count: Number(first?.total ?? 0),
    };
    return this.#documents(
      target,
      page.map((row) => Number(row.r)),
    );
  }

  /** Every row of the list in its order, each tested on its search row. */
  #scanPage(target: SearchTarget, plan: QueryPlan): Row[] {
    const params: SQLInputValue[] = [];
    const conditions = plan.predicates.map((predicate) =>
      isText(target, predicate)
        ? this.#condition(target, predicate, params)
        : condition(predicate, params, `t.${columnOf(predicate.field)}`),
    );
    const order = sortKeys(plan)
      .map((key) => `t.${columnOf(key.field)} ${key.direction}`)
      .join(', ');
    return this.#statements
      .get(
        `SELECT t.doc AS doc, CAST(t.position AS TEXT) AS position FROM ${target.table} AS t CROSS JOIN ${target.rows} AS s ON s.rowid = t.rowid WHERE ${conditions.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...params, plan.limit ?? -1, plan.skip) as unknown as Row[];
  }

  /** The documents of the given rows, in that order. */
  #documents(target: SearchTarget, rowids: number[]): Row[] {
    if (rowids.length === 0) return [];
    const rows = this.#statements
      .get(
        `SELECT rowid AS r, doc, CAST(position AS TEXT) AS position FROM ${target.table} WHERE rowid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rowids)) as unknown as (Row & { r: number })[];
    const byRowid = new Map(rows.map((row) => [row.r, row]));
    return rowids.flatMap((rowid) => {
      const row = byRowid.get(rowid);
      return row ? [{ doc: row.doc, position: row.position }] : [];
    });
  }

  /**
   * Search rows evenly spread over their rowids (all of them in a small table), kept a minute: the same
   * rows from one sample to the next while the table grows little, so their pages stay in the cache.
   */
  #sample(target: SearchTarget): Sample {
    const kept = this.#samples.get(target.rows);
    const now = Date.now();
    if (kept && now - kept.takenAt < SAMPLE_TTL_MS) return kept;
    const fields = [...target.kept];
    const columns = [...fields.map(columnOf), ...target.texts.map(loweredColumnOf)].join(', ');
    const span = this.#statements
      .get(`SELECT min(rowid) AS low, max(rowid) AS high FROM ${target.rows}`)
      .get() as { low: number | null; high: number | null };
    const low = span.low ?? 0;
    const rows = Math.max(0, (span.high ?? -1) - low + 1);
    let picked: Record<string, unknown>[];
    if (rows <= 2 * SAMPLE_SIZE) {
      picked = this.#statements.get(`SELECT ${columns} FROM ${target.rows}`).all() as Record<
        string,
        unknown
      >[];
    } else {
      const one = this.#statements.get(
        `SELECT ${columns} FROM ${target.rows} WHERE rowid >= ? ORDER BY rowid LIMIT 1`,
      );
      picked = [];
      for (let n = 0; n < SAMPLE_SIZE; n++) {
        const row = one.get(low + Math.floor(((n + 0.5) * rows) / SAMPLE_SIZE));
        if (row) picked.push(row as Record<string, unknown>);
      }
    }
    const sample: Sample = {
      kept: picked.map((row) => Object.fromEntries(fields.map((field) => [field, row[resultName(field)]]))),
      texts: picked.map((row) =>
        target.texts.map((field) => {
          const value = row[`lower:${field}`];
          return typeof value === 'string' ? value : null;
        }),
      ),
      rows,
      takenAt: now,
      analyses: new Map(),
      shares: target.texts.map(() => new Map()),
    };
    this.#samples.set(target.rows, sample);
    return sample;
  }

  #analyse(target: SearchTarget, predicates: Predicate[]): Analysis {
    const sample = this.#sample(target);
    const key = JSON.stringify(predicates);
    const known = sample.analyses.get(key);
    if (known) return known;
    const analysis = this.#analyseAfresh(target, predicates, sample);
    if (sample.analyses.size >= ANALYSES_KEPT)
      sample.analyses.delete(sample.analyses.keys().next().value as string);
    sample.analyses.set(key, analysis);
    return analysis;
  }

  #analyseAfresh(target: SearchTarget, predicates: Predicate[], sample: Sample): Analysis {
    // The sampled rows the filter's equalities on kept fields keep (the organization's, say); below
    // 64 of them their share says too little, and the whole sample speaks for the needle's density.
    const population = sample.kept
      .map((row, index) => (passesEqualities(row, predicates, target) ? index : -1))
      .filter((index) => index >= 0);
    const members = population.length >= 64 ? population : sample.texts.map((_, index) => index);
    const needles = TextSearch.indexed(target, predicates).map((predicate): Needle => {
      const position = target.texts.indexOf(predicate.field);
      const lowered = sqlLower(predicate.needle);
      const texts = sample.texts.map((row) => row[position] ?? null);
      let matching = 0;
      for (const index of members) if (texts[index]?.includes(lowered)) matching++;
      return {
        ...rareRuns(texts, lowered, sample.shares[position]),
        predicate,
        position,
        density: matching / Math.max(1, members.length),
      };
    });
    const driver = needles
      .filter((needle) => needle.phrases.length > 0)
      .sort((a, b) => a.candidates - b.candidates)[0];
    return {
      needles,
      driver,
      population: population.length / Math.max(1, sample.texts.length),
      rows: sample.rows,
    };
  }
}

/** Whether a predicate is a `contains` this module answers: on a text field of the index, long enough. */
function isText(target: SearchTarget, predicate: Predicate): boolean {
  return (
    predicate.op === 'contains' &&
    target.texts.includes(predicate.field) &&
    [...predicate.needle].length >= MIN_INDEXED
  );
}

const totalKey = (target: SearchTarget, predicates: Predicate[]) =>
  `${target.table}\u0000${JSON.stringify(predicates)}`;

/** About what reading a needle's candidates costs, per search row of the collection. */
function candidatesCost(driver: Needle): number {
  return driver.rarest * driver.phrases.length * COST.list + driver.candidates * COST.candidate;
}

/** About what testing every row the filter's equalities leave costs, per search row. */
function scanCost(analysis: Analysis): number {
  return Math.min(COST.scan, analysis.population * COST.lookup);
}

/** The result column of a kept field in the sample's query. */
const resultName = (field: string) => columnOf(field).replaceAll('"', '');

/** Whether a sampled row passes the filter's equalities on the fields the search rows keep. */
function passesEqualities(
  row: Record<string, unknown>,
  predicates: Predicate[],
  target: SearchTarget,
): boolean {
  for (const predicate of predicates) {
    if (predicate.op !== 'eq' || !target.kept.has(predicate.field)) continue;
    const value: Scalar = typeof predicate.value === 'boolean' ? Number(predicate.value) : predicate.value;
    if ((row[predicate.field] ?? null) !== value) return false;
  }
  return true;
}
