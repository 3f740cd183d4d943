import { type CreateOrganizationInput, organizationCommandAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { organizationKeys } from './organization-keys';

export type CreatedOrganization = z.output<typeof organizationCommandAnswerSchema>['data'];

export async function createOrganization(input: CreateOrganizationInput): Promise<CreatedOrganization> {
  const response = await request('/api/v1/organization/create', {
    method: 'POST',
    body: input,
    answer: organizationCommandAnswerSchema,
  });
  return response.data;
}

/** The server makes the new organization the session's active one: the session is read again. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOrganizationInput) => {
      const organization = await createOrganization(input);
      await refreshSession(queryClient);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      return organization;
    },
  });
}
