import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent, request } from '../../../lib/api-client';
import { invalidateSavedSearches } from './saved-search-cache';

/** DELETE /api/v1/saved-searches/{id}: its alerts stop; notifications already made stay. */
export function deleteSavedSearch(id: string): Promise<void> {
  return request(`/api/v1/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE', answer: noContent });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => invalidateSavedSearches(queryClient),
  });
}
