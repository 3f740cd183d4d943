/**
 * Small choices this browser remembers between visits (localStorage, as JSON). A missing, unreadable,
 * full or refused storage only costs the remembered choice: reads answer null, writes do nothing.
 */
const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

/** What was kept under `key`, parsed; null when nothing readable is there. */
export function recalled(key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function remember(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused: the next form starts without it.
  }
}
