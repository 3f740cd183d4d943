import {
  isRebuildUnderWay,
  type ReadModelRebuildStatus,
  readModelStatusAnswerSchema,
  rebuildRequestedAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const isRebuilding = (status: ReadModelRebuildStatus | undefined) =>
  status !== undefined && isRebuildUnderWay(status.state);

/** The latest rebuild; followed every second while one runs. */
export const readModelStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.readModels(),
    queryFn: async ({ signal }) =>
      (await request('/api/v1/admin/read-models', { signal, answer: readModelStatusAnswerSchema })).data,
    refetchInterval: (query) => (isRebuilding(query.state.data) ? 1000 : 10_000),
  });

export function useRequestRebuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/api/v1/admin/read-models/rebuild', { method: 'POST', answer: rebuildRequestedAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.readModels() }),
  });
}
