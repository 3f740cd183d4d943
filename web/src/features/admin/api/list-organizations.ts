import { adminOrganizationsPageAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { AdminOrganizationsSearch } from '../admin-search';
import { adminKeys } from './admin-keys';

export const adminOrganizationsQueryOptions = (search: AdminOrganizationsSearch) =>
  queryOptions({
    queryKey: adminKeys.organizations(search),
    queryFn: ({ signal }) =>
      request('/api/v1/admin/organizations', {
        search: { ...search },
        signal,
        answer: adminOrganizationsPageAnswerSchema,
      }),
    placeholderData: keepPreviousData,
  });
