const SEARCH_TEXT_MAX = 300;
const SEARCH_VALUE_MAX = 60;

/** An instant or a calendar date (stored as its UTC midnight) is searched by its date. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})t\d{2}:\d{2}:\d{2}(?:\.\d+)?z$/;

/**
 * What the text filter matches: the subject's label, the actor's name and the values the event set,
 * lower-cased. Kept short (each value cut, the whole bounded, a value the text already holds left
 * out, an instant written as its date): every entry's words go into the trigram index, and a long
 * text costs every write and the index's size, not the finding.
 */
export function searchTextOf(parts: unknown[]): string {
  let text = '';
  for (const part of parts) {
    let word =
      typeof part === 'string'
        ? part.slice(0, SEARCH_VALUE_MAX).toLowerCase()
        : typeof part === 'number'
          ? String(part)
          : '';
    // An instant is 20 characters or more with its "t" at the 11th: the pattern only for those.
    if (word.length >= 20 && word.charCodeAt(10) === 116) word = ISO_INSTANT.exec(word)?.[1] ?? word;
    if (!word || text.includes(word)) continue;
    text = text ? `${text} ${word}` : word;
    if (text.length >= SEARCH_TEXT_MAX) break;
  }
  return text.slice(0, SEARCH_TEXT_MAX);
}
