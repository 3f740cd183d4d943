/** The downloaded document's file name, apart from the renderer so the server's thread never loads it. */

/** Letters that Unicode does not decompose into a plain letter and an accent, as plain letters. */
const plainLetters: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'Th',
  þ: 'th',
};

/** A character without its accents ("ő" → "o", "Ł" → "L"), or itself when it has none to lose. */
const withoutAccents = (char: string) => plainLetters[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');

/** "driver-onboarding-agreement-Rita-Receiver.pdf": letters, digits, dots and dashes only. */
export function documentFileName(templateId: string, receiverName: string): string {
  const part = (text: string) =>
    [...text.normalize('NFC')]
      .map(withoutAccents)
      .join('')
      .replace(/[^A-Za-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  return `${[part(templateId), part(receiverName)].filter(Boolean).join('-') || 'envelope'}.pdf`;
}
