import {
  isRebuildUnderWay,
  type ReadModelGroupName,
  type ReadModelRebuildStatus,
  readModelGroupsAnswerSchema,
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

/** Each group of read models with its rows and lag; followed every second while a rebuild runs. */
export const readModelGroupsQueryOptions = (rebuilding: boolean) =>
  queryOptions({
    queryKey: adminKeys.readModelGroups(),
    queryFn: async ({ signal }) =>
      (await request('/api/v1/admin/read-models/groups', { signal, answer: readModelGroupsAnswerSchema }))
        .data,
    refetchInterval: rebuilding ? 1000 : 10_000,
  });

/** Asks for a rebuild of `groups`, or of every read model when null. */
export function useRequestRebuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: ReadModelGroupName[] | null) =>
      request('/api/v1/admin/read-models/rebuild', {
        method: 'POST',
        body: groups ? { groups } : {},
        answer: rebuildRequestedAnswerSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.readModels() }),
  });
}
