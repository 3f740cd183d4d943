/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Without the background traffic this machine's closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** The name under which the run's global setup gives the spec files its Chromium's address. */
export const CHROMIUM_ENDPOINT = 'chromiumEndpoint';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint?: string;
  }
}
