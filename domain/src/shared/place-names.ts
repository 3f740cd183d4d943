/**
 * How US place names are compared (the gazetteer's index, the city pickers): one key per spelling
 * people use for the same place. "St. Louis", "Saint Louis" and "ST LOUIS" share the key
 * "saint louis"; "Coeur d'Alene" is "coeur dalene"; "Española" is "espanola"; "Winston-Salem" is
 * "winston salem".
 */

/** The abbreviations of place names, as whole words, with the word each stands for. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  mtn: 'mountain',
  pt: 'point',
  hts: 'heights',
  spgs: 'springs',
  jct: 'junction',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};

const expand = (word: string) => ABBREVIATIONS[word] ?? word;

/**
 * Lower case without diacritics or apostrophes, "&" as "and", every other run of punctuation, hyphens
 * and spaces as one space, trimmed: "Coeur d'Alene" → "coeur dalene", "Winston-Salem" → "winston salem".
 */
export function simplifyPlaceText(text: string): string {
  let simple = text.toLowerCase();
  // Most names are already plain ("fort kent" once lower case): nothing more to do.
  if (PLAIN.test(simple)) return simple;
  // The Unicode decomposition is for the others ("española" → "espanola").
  if (/[^ -~]/.test(simple)) {
    simple = simple
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[\u2018\u2019\u02bb\u02bc]/g, '');
  }
  simple = simple.replace(/['`]/g, '');
  if (simple.includes('&')) simple = simple.replaceAll('&', ' and ');
  return simple.replace(/[^a-z0-9]+/g, ' ').trim();
}

const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
/** A word of ABBREVIATIONS in a simplified text. */
const ABBREVIATED = new RegExp(`(?:^| )(?:${Object.keys(ABBREVIATIONS).join('|')})(?: |$)`);

/** The key a place name is known by: simplified, with its abbreviations spelled out ("Ft. Kent" → "fort kent"). */
export function placeNameKey(name: string): string {
  const simple = simplifyPlaceText(name);
  return ABBREVIATED.test(simple) ? simple.split(' ').map(expand).join(' ') : simple;
}

/**
 * The starts of keys a typed prefix stands for. The words typed before the last are whole words
 * ("st lo" → "saint lo"); the last one may be a word still being typed, so an abbreviation there
 * gives both readings ("st" → "st" for Sterling and "saint" for St. Louis), unless punctuation ends
 * it ("st." → "saint "). An empty prefix gives [''] (every key starts with it).
 */
export function placePrefixKeys(prefix: string): string[] {
  const simple = simplifyPlaceText(prefix);
  if (!simple) return [''];
  const words = simple.split(' ');
  const last = words.pop() ?? '';
  const head = words.map((word) => `${expand(word)} `).join('');
  if (/[^\p{L}\p{N}'\u2019]\s*$/u.test(prefix)) return [`${head}${expand(last)} `];
  const spelled = expand(last);
  return spelled === last ? [`${head}${last}`] : [`${head}${last}`, `${head}${spelled}`];
}
