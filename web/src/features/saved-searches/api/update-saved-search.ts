import { type SavedSearchAnswer, type SavedSearchPatch, savedSearchOneAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateSavedSearches } from './saved-search-cache';

export interface UpdateSavedSearchInput {
  id: string;
  /**
   * A new name, alerts, or both. No version is stated: a search is its owner's alone, and the e-mail
   * records of its alerts move its version without changing anything the owner sees.
   */
  patch: Omit<SavedSearchPatch, 'version'>;
}

/** PATCH /api/v1/saved-searches/{id}. */
export async function updateSavedSearch({ id, patch }: UpdateSavedSearchInput): Promise<SavedSearchAnswer> {
  return (
    await request(`/api/v1/saved-searches/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: patch,
      answer: savedSearchOneAnswerSchema,
    })
  ).data;
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: () => invalidateSavedSearches(queryClient),
  });
}
