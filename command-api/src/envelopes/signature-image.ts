import { InputError } from '@dispatch/http';
import { Piscina } from 'piscina';

/** The largest drawing a signature pad makes, in pixels. */
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
/** The largest signature file accepted, in bytes once decoded (a pad's PNG is a few KB). */
export const SIGNATURE_MAX_BYTES = 200_000;

const DATA_URL_PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const signatureMessages = {
  notPng: 'Signature must be a PNG image',
  tooLarge: 'The signature image is too large',
  tooManyPixels: `The signature image must be at most ${SIGNATURE_MAX_WIDTH} × ${SIGNATURE_MAX_HEIGHT} pixels`,
};

const refuse = (message: string) => new InputError('body', { signature: [message] });

/**
 * The pixel size a PNG declares in its header (the IHDR chunk, which must come first), read without
 * inflating anything; null when the bytes are no PNG.
 */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 33 || !view.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (view.readUInt32BE(8) !== 13 || view.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/**
 * The checks a drawn signature passes before anything is inflated: at most SIGNATURE_MAX_BYTES, and a
 * PNG header declaring at most SIGNATURE_MAX_WIDTH × SIGNATURE_MAX_HEIGHT pixels. Refusals are the
 * `signature` field's messages.
 */
export function boundedSignatureBytes(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw refuse(signatureMessages.notPng);
  const encoded = dataUrl.slice(DATA_URL_PREFIX.length);
  // Four base64 characters make three bytes: refused before decoding when it cannot fit.
  if (Math.floor((encoded.length * 3) / 4) > SIGNATURE_MAX_BYTES + 2)
    throw refuse(signatureMessages.tooLarge);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw refuse(signatureMessages.tooLarge);
  const size = pngDimensions(bytes);
  if (!size || size.width === 0 || size.height === 0) throw refuse(signatureMessages.notPng);
  if (size.width > SIGNATURE_MAX_WIDTH || size.height > SIGNATURE_MAX_HEIGHT)
    throw refuse(signatureMessages.tooManyPixels);
  return bytes;
}

let pool: Piscina | undefined;
/**
 * One thread decodes and re-encodes signatures, so the server's own thread never does. It is started
 * with the server (see startSignaturePool) and kept, so no signature waits for it to load.
 */
const signaturePool = () => {
  pool ??= new Piscina({
    filename: new URL('./signature-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: 1,
  });
  return pool;
};

/** Starts the signature thread (the server listening), so the first signature finds it ready. */
export function startSignaturePool(): void {
  signaturePool();
}

/**
 * A drawn signature as it is stored: bounded (see boundedSignatureBytes), decoded off the server's
 * thread, and re-encoded as an RGBA PNG data URL, so what the signed document embeds later is a plain
 * image of bounded size. No signature stays none.
 */
export async function normalizedSignature(dataUrl: string | null): Promise<string | null> {
  if (dataUrl === null) return null;
  const bytes = boundedSignatureBytes(dataUrl);
  let normalized: Uint8Array;
  try {
    normalized = await signaturePool().run(bytes);
  } catch {
    throw refuse(signatureMessages.notPng);
  }
  if (normalized.byteLength > SIGNATURE_MAX_BYTES) throw refuse(signatureMessages.tooLarge);
  return `${DATA_URL_PREFIX}${Buffer.from(normalized).toString('base64')}`;
}

/** Ends the signature thread (the server closing). */
export async function closeSignaturePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
