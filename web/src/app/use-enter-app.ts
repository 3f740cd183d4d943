import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { afterSignInPath } from '../features/auth/guards';
import { loadViewer } from './viewer';

/** After signing in or up: the page that asked for a sign-in, or the user's home (docs/rules.md#screens-and-routes guards). */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (requested?: string) => {
      const viewer = await loadViewer(queryClient);
      if (!viewer) return false;
      await navigate({ href: afterSignInPath(viewer.guard, requested), replace: true });
      return true;
    },
    [queryClient, navigate],
  );
}
