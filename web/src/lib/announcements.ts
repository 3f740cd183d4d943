import { useSyncExternalStore } from 'react';

/**
 * Whether the live boards tell a screen reader what changed ("2 new trucks, 1 updated"): on unless
 * the user turned it off. A display setting of the browser, kept beside the theme in localStorage.
 */
export const ANNOUNCEMENTS_STORAGE_KEY = 'dispatch.announce-board-changes';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(ANNOUNCEMENTS_STORAGE_KEY) !== 'off';
  } catch {
    // Storage refused (private mode): the default.
    return true;
  }
}

export function setBoardAnnouncements(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.removeItem(ANNOUNCEMENTS_STORAGE_KEY);
    else globalThis.localStorage?.setItem(ANNOUNCEMENTS_STORAGE_KEY, 'off');
  } catch {
    // Kept for this page only.
  }
  current = on;
  for (const listener of listeners) listener();
}

let current: boolean | null = null;

/** The setting, re-read when another tab changes it. */
export function useBoardAnnouncements(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== ANNOUNCEMENTS_STORAGE_KEY) return;
        current = read();
        listener();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(listener);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    () => {
      if (current === null) current = read();
      return current;
    },
    () => true,
  );
}
