import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page as a reader copies it, extracted by PDF.js: the pieces of a line joined as
 * they are, the lines joined by spaces. PDF.js gives right-to-left runs (Hebrew, Arabic) in their
 * reading order, as copying them from a viewer does.
 */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent({ disableNormalization: true });
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
      pages.push(text.replace(/ +/g, ' ').trim());
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
