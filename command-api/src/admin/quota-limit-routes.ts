import type { AuthService, QuotaLedger } from '@dispatch/auth';
import { callerFirst, requireSuperAdmin } from '@dispatch/auth';
import {
  adminOrganizationIdParams,
  notFound,
  organizationLimitsAnswerSchema,
  organizationLimitsSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import { quotaLimits } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { loadOrganization } from '../organizations/organization-store.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

/**
 * A platform admin sets an organization's sending limits (and each of its users'), in place of the
 * defaults and of a young organization's lower ones. The usage beside them is read on the query side.
 */
export function quotaLimitRoutes(options: {
  store: EventStore;
  auth: AuthService;
  quotas: QuotaLedger;
}): RoutesPlugin {
  const { store, auth, quotas } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireSuperAdmin));
    app.post(
      '/api/v1/admin/organizations/:organizationId/limits',
      answers(
        { 200: organizationLimitsAnswerSchema },
        { params: adminOrganizationIdParams, body: organizationLimitsSchema },
      ),
      async (request, reply) => {
        const { user } = await requireSuperAdmin(auth, request);
        const { organizationId } = request.params;
        const limits = request.body;
        const organization = await loadOrganization(store, organizationId);
        if (organization.status !== 'active') throw notFound('Organization not found');
        const result = await handle(
          store,
          quotaLimits,
          organizationId,
          { type: 'SetQuotaLimits', data: { organizationId, limits, setBy: user.id } },
          commandContextOf(request, { orgId: organizationId, userId: user.id }),
        );
        quotas.forgetLimits(organizationId);
        sendPosition(reply, result);
        return { success: true, data: { organizationId, limits } };
      },
    );
  };
}
