import { PNG } from 'pngjs';

/**
 * Decodes a drawn signature whose header was checked (see signature-image.ts) and re-encodes it as an
 * 8-bit RGBA PNG. Runs on the signature thread.
 */
export default function normalizeSignature(bytes: Uint8Array): Uint8Array {
  const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const png = PNG.sync.write(image, { colorType: 6, inputColorType: 6, bitDepth: 8 });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
