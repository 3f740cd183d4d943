import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory, { type Bidi } from 'bidi-js';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

export type FontStyle = 'regular' | 'bold' | 'italic' | 'signature';

const require = createRequire(import.meta.url);
// bidi-js is CommonJS: its default import is the factory itself, whatever its types say.
const bidi = (bidiFactory as unknown as () => Bidi)();

/** A Noto family as its npm package ships it: one WOFF file per script range, weight and style. */
interface Family {
  name: string;
  dir: string;
  /** Subset name → the code point ranges its file covers. */
  subsets: [string, [number, number][]][];
  italic: boolean;
}

const parseRanges = (text: string): [number, number][] =>
  text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from as string, 16), Number.parseInt((to ?? from) as string, 16)];
  });

function family(name: string, italic = false): Family {
  // The package's own unicode.json names each file's ranges; its `exports` hide package.json.
  const dir = dirname(require.resolve(`@fontsource/${name}/unicode.json`));
  const unicode = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  return {
    name,
    dir,
    subsets: Object.entries(unicode).map(([subset, ranges]) => [
      subset.replace(/^\[|\]$/g, ''),
      parseRanges(ranges),
    ]),
    italic,
  };
}

/**
 * The families tried for a character, in order: Latin (every accent), Greek, Cyrillic, Vietnamese and
 * Devanagari first, then Hebrew, Arabic, and Chinese with Japanese kana and Korean-free CJK ideographs.
 */
let families: Family[] | undefined;
const allFamilies = () => {
  families ??= [
    family('noto-sans', true),
    family('noto-sans-hebrew'),
    family('noto-sans-arabic'),
    family('noto-sans-sc'),
  ];
  return families;
};

const fileBytes = new Map<string, Uint8Array>();
const readFont = (path: string) => {
  let bytes = fileBytes.get(path);
  if (!bytes) {
    bytes = readFileSync(path);
    fileBytes.set(path, bytes);
  }
  return bytes;
};

/**
 * Reads, ahead of the first document, the families' ranges and the Latin files every document uses
 * (regular, bold, italic), so no download waits for them.
 */
export function readCommonFonts(): void {
  const [latin] = allFamilies();
  if (!latin) return;
  for (const file of ['400-normal', '700-normal', '400-italic'])
    readFont(join(latin.dir, 'files', `${latin.name}-latin-${file}.woff`));
}

/** Characters a PDF never shows: control characters and line breaks become spaces. */
export const printable = (text: string) => text.normalize('NFC').replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ');

/** Right-to-left scripts, which fontkit lays out (and orders) itself. */
const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

interface Run {
  font: PDFFont;
  text: string;
}

/**
 * The fonts of one document: each character is written with the first Noto file that has it, embedded
 * (as a subset of the glyphs used) the first time it is needed.
 */
export class FontBook {
  readonly #doc: PDFDocument;
  readonly #embedded = new Map<string, { font: PDFFont; has: Set<number> }>();
  readonly #chosen = new Map<string, PDFFont>();

  constructor(doc: PDFDocument) {
    this.#doc = doc;
    doc.registerFontkit(fontkit);
  }

  async #face(path: string) {
    let face = this.#embedded.get(path);
    if (!face) {
      const font = await this.#doc.embedFont(readFont(path), { subset: true });
      face = { font, has: new Set(font.getCharacterSet()) };
      this.#embedded.set(path, face);
    }
    return face;
  }

  /** The font that writes `codePoint` in `style`, or null when no family has it. */
  async #fontFor(codePoint: number, style: FontStyle): Promise<PDFFont | null> {
    const key = `${style}:${codePoint}`;
    const known = this.#chosen.get(key);
    if (known) return known;
    const weight = style === 'bold' ? 700 : 400;
    for (const each of allFamilies()) {
      const slant = (style === 'italic' || style === 'signature') && each.italic ? 'italic' : 'normal';
      for (const [subset, ranges] of each.subsets) {
        if (!ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) continue;
        const face = await this.#face(
          join(each.dir, 'files', `${each.name}-${subset}-${weight}-${slant}.woff`),
        );
        if (face.has.has(codePoint)) {
          this.#chosen.set(key, face.font);
          return face.font;
        }
      }
    }
    return null;
  }

  /** Makes every character of `text` ready to write in `style` (embeds the files it needs). */
  async prepare(text: string, style: FontStyle): Promise<void> {
    for (const char of printable(text)) await this.#fontFor(char.codePointAt(0) as number, style);
  }

  /** `text` cut into runs of one font each, in reading order; a character no font has stays with its neighbours. */
  runs(text: string, style: FontStyle): Run[] {
    const runs: Run[] = [];
    const base = this.#chosen.get(`${style}:${'a'.codePointAt(0)}`);
    for (const char of printable(text)) {
      const found = this.#chosen.get(`${style}:${char.codePointAt(0)}`);
      const last = runs.at(-1);
      // Spaces and marks stay in the run they are in when its font has them.
      const font =
        last && (!found || last.font === found || this.#has(last.font, char)) ? last.font : (found ?? base);
      if (!font) continue;
      if (last && last.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  #has(font: PDFFont, char: string) {
    for (const face of this.#embedded.values())
      if (face.font === font) return face.has.has(char.codePointAt(0) as number) && /[\s\p{M}]/u.test(char);
    return false;
  }

  width(text: string, style: FontStyle, size: number): number {
    return this.runs(text, style).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /**
   * Writes one line from `x`: the Unicode bidirectional algorithm puts right-to-left words (Hebrew,
   * Arabic) in their visual order within the left-to-right document; fontkit shapes them.
   */
  draw(
    page: PDFPage,
    line: string,
    at: { x: number; y: number; size: number; style: FontStyle; color: RGB },
  ) {
    const text = printable(line);
    const chars = [...text];
    const runs = this.runs(text, at.style);
    // The run of each character (runs cover the characters in order).
    const runOf: number[] = [];
    runs.forEach((run, index) => {
      for (const _ of run.text) runOf.push(index);
    });
    // Levels are per UTF-16 unit in bidi-js: map them to characters.
    const embedding = bidi.getEmbeddingLevels(text, 'ltr');
    const { levels } = embedding;
    const levelOf: number[] = [];
    let unit = 0;
    for (const char of chars) {
      levelOf.push(levels[unit] as number);
      unit += char.length;
    }
    // The characters' visual order: reverse each segment the algorithm names, in turn.
    const order = chars.map((_, index) => index);
    for (const [start = 0, end = 0] of bidi.getReorderSegments(text, embedding)) {
      // Segments are in UTF-16 units; convert to character indexes.
      const from = unitsToChar(chars, start);
      const to = unitsToChar(chars, end);
      order.splice(from, to - from + 1, ...order.slice(from, to + 1).reverse());
    }
    let x = at.x;
    let index = 0;
    while (index < order.length) {
      const first = order[index] as number;
      const chunk = [first];
      while (
        index + chunk.length < order.length &&
        runOf[order[index + chunk.length] as number] === runOf[first] &&
        levelOf[order[index + chunk.length] as number] === levelOf[first]
      )
        chunk.push(order[index + chunk.length] as number);
      index += chunk.length;
      const font = runs[runOf[first] as number]?.font;
      if (!font) continue;
      const visual = chunk.map((i) => chars[i] as string);
      const rightToLeft = (levelOf[first] as number) % 2 === 1;
      // fontkit reverses a run of a right-to-left script itself: it gets that run in reading order.
      const drawn =
        rightToLeft && RTL_SCRIPT.test(visual.join(''))
          ? [...visual].reverse().join('')
          : rightToLeft
            ? visual.map((char) => bidi.getMirroredCharacter(char) ?? char).join('')
            : visual.join('');
      page.drawText(drawn, { x, y: at.y, size: at.size, font, color: at.color });
      x += font.widthOfTextAtSize(drawn, at.size);
    }
  }
}

/** The character index of a UTF-16 unit index. */
function unitsToChar(chars: string[], unitIndex: number): number {
  let units = 0;
  for (let index = 0; index < chars.length; index++) {
    units += (chars[index] as string).length;
    if (units > unitIndex) return index;
  }
  return chars.length - 1;
}
