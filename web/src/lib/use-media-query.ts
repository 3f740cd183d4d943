import { useCallback, useSyncExternalStore } from 'react';

/** Whether the window matches `query` now, and again whenever that changes (false where no window can say). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false,
  );
}

/** Below 640 px (the `sm` breakpoint): the boards show their rows as cards. */
export const PHONE_QUERY = '(width < 40rem)';
