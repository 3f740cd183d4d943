import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { BoardPath } from './board-kind';
import { type BoardFilters, withFilters, withoutFilters } from './board-search';

/** Changing and clearing a list's filters in its URL. */
export function useBoardFilters(from: BoardPath) {
  const navigate = useNavigate({ from });
  // Functional updates: a debounced search box may fire after another filter changed the URL.
  const changeFilters = useCallback(
    (changes: Partial<BoardFilters>) => navigate({ search: (current) => withFilters(current, changes) }),
    [navigate],
  );
  const clearFilters = useCallback(
    () => navigate({ search: (current) => withoutFilters(current) }),
    [navigate],
  );
  return { changeFilters, clearFilters };
}
