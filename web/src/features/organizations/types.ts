import type { fullOrganizationAnswerSchema, organizationListAnswerSchema } from '@dispatch/domain';
import type { z } from 'zod';

/** One of the caller's organizations, with the caller's role in it (GET /api/v1/organization/list). */
export type OrganizationSummary = z.output<typeof organizationListAnswerSchema>['data'][number];

/** The session's active organization (GET /api/v1/organization/get-full-organization). */
export type Organization = NonNullable<z.output<typeof fullOrganizationAnswerSchema>['data']>;
