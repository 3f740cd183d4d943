/** PNG files made byte by byte, for tests and the bench: a pad's drawing and a decompression bomb. */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG data URL of `width` × `height` pixels at `bitDepth` bits of grey, its rows from `row(y)`. */
export function pngDataUrl(width: number, height: number, bitDepth: 1 | 8, row: (y: number) => Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), row(y));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** 16000 × 16000 one-bit pixels in about 41 KB: small on the wire, huge once inflated. */
export const bombSignature = () => {
  const blank = Buffer.alloc(16_000 / 8);
  return pngDataUrl(16_000, 16_000, 1, () => blank);
};

/** What a signature pad sends: 600 × 200 grey pixels with a stroke across. */
export const padSignature = () =>
  pngDataUrl(600, 200, 8, (y) => {
    const line = Buffer.alloc(600, 255);
    for (let x = 0; x < 600; x++) if (Math.abs(y - 100 - 60 * Math.sin(x / 40)) < 3) line[x] = 0;
    return line;
  });

/**
 * A PNG within the pixel bounds (`width` × `height` grey pixels) whose one IDAT chunk inflates to
 * `inflated` bytes of zeros: a few KB on the wire, far more than its pixels once inflated.
 */
export function inflationBomb(width: number, height: number, inflated: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(inflated), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A pad's drawing grown to exactly `bytes` bytes by an ancillary chunk of padding before its end. */
export function paddedSignature(bytes: number) {
  const png = Buffer.from(padSignature().slice('data:image/png;base64,'.length), 'base64');
  const end = png.subarray(png.length - 12);
  const padding = chunk('zzPd', Buffer.alloc(bytes - png.length - 12));
  const padded = Buffer.concat([png.subarray(0, png.length - 12), padding, end]);
  return `data:image/png;base64,${padded.toString('base64')}`;
}
