import {
  type SavedSearchAnswer,
  type SavedSearchCreateForm,
  savedSearchOneAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateSavedSearches } from './saved-search-cache';

/** POST /api/v1/saved-searches. */
export async function createSavedSearch(input: SavedSearchCreateForm): Promise<SavedSearchAnswer> {
  return (
    await request('/api/v1/saved-searches', {
      method: 'POST',
      body: input,
      answer: savedSearchOneAnswerSchema,
    })
  ).data;
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => invalidateSavedSearches(queryClient),
  });
}
