import { useSyncExternalStore } from 'react';
import type { LiveChange } from './live-changes';

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

/** The app's one live connection as screens other than the layout see it (the system check). */
export interface LiveConnection {
  status: LiveStatus;
  /** How messages travel while connected ('websocket'); null while not connected. */
  transport: string | null;
  /** It was up before: a drop is now a reconnection rather than a first connection. */
  wasConnected: boolean;
}

let current: LiveConnection = { status: 'idle', transport: null, wasConnected: false };
const connectionListeners = new Set<() => void>();
const changeListeners = new Set<(change: LiveChange) => void>();

/** Called by the connection itself (use-live-updates) as it comes and goes. */
export function reportLiveConnection(next: Partial<LiveConnection>): void {
  current = { ...current, ...next };
  for (const listener of connectionListeners) listener();
}

export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(
    (listener) => {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    () => current,
  );
}

/** Every change notice of the active organization, whether or not a cache refreshes for its kind. */
export function onLiveChange(listener: (change: LiveChange) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function announceLiveChange(change: LiveChange): void {
  for (const listener of changeListeners) listener(change);
}
