import { adminOrganizationAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminOrganization = z.output<typeof adminOrganizationAnswerSchema>['data'];

/** One organization as a platform admin looks at it, read only. */
export const adminOrganizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: adminKeys.organization(organizationId),
    queryFn: async ({ signal }) =>
      (
        await request(`/api/v1/admin/organizations/${encodeURIComponent(organizationId)}`, {
          signal,
          answer: adminOrganizationAnswerSchema,
        })
      ).data,
  });
