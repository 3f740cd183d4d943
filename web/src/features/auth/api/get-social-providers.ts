import { type SocialProviderAnswer, socialProvidersAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** A sign-in provider the service has credentials for: its id (`github`, `google`, …) and display name. */
export type SocialProvider = SocialProviderAnswer;

/** The providers configured on the service (GET /api/auth/providers); with none, no buttons show. */
export async function getSocialProviders(): Promise<SocialProvider[]> {
  return (await request('/api/auth/providers', { answer: socialProvidersAnswerSchema })).providers;
}

export const socialProvidersQueryOptions = () =>
  // Configuration changes only with a restart of the service.
  queryOptions({ queryKey: ['social-providers'], queryFn: getSocialProviders, staleTime: Infinity });

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
