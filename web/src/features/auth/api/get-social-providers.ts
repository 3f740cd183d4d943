import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api-client';

/** A sign-in provider the service has credentials for: its id (`github`, `google`, …) and display name. */
export interface SocialProvider {
  id: string;
  name: string;
}

const socialProvidersSchema = z.object({
  providers: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })),
});

/** The providers configured on the service (GET /api/auth/providers); with none, no buttons show. */
export async function getSocialProviders(): Promise<SocialProvider[]> {
  return socialProvidersSchema.parse(await request<unknown>('/api/auth/providers')).providers;
}

export const socialProvidersQueryOptions = () =>
  // Configuration changes only with a restart of the service.
  queryOptions({ queryKey: ['social-providers'], queryFn: getSocialProviders, staleTime: Infinity });

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
