import type { AuthService } from '@dispatch/auth';
import { callerFirst, readOrganizationUsage, requireSuperAdmin } from '@dispatch/auth';
import {
  adminOrganizationIdParams,
  DEFAULT_QUOTAS,
  notFound,
  organizationMessages,
  organizationUsageAnswerSchema,
  type QuotaSettings,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';

/**
 * What an organization sent in the last hour and day, per channel, what the quotas held back, and the
 * limits it is held to. The counts live in the quota ledgers of the event store, not in a read model:
 * they are the very entries the command side counts with, read from two short streams (today's and
 * yesterday's), so the admin sees what the next send will be judged by.
 */
export function quotaUsageQueries(options: {
  documents: DocumentStore;
  eventStore: EventStore;
  auth: AuthService;
  quotas?: QuotaSettings;
}): RoutesPlugin {
  const { documents, eventStore, auth } = options;
  const settings = options.quotas ?? DEFAULT_QUOTAS;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireSuperAdmin));
    app.get(
      '/api/v1/admin/organizations/:organizationId/usage',
      answers({ 200: organizationUsageAnswerSchema }, { params: adminOrganizationIdParams }),
      async (request) => {
        await requireSuperAdmin(auth, request);
        const { organizationId } = request.params;
        if (!(await documents.get(collections.organizations, organizationId)))
          throw notFound(organizationMessages.notFound);
        const usage = await readOrganizationUsage(eventStore, settings, organizationId, Date.now());
        return {
          success: true,
          data: {
            organizationId,
            young: usage.young,
            youngUntil: usage.youngUntil,
            channels: usage.channels,
            limits: usage.limits,
            custom: usage.custom !== null,
            setBy: usage.custom?.setBy ?? null,
            setAt: usage.custom?.setAt ?? null,
          },
        };
      },
    );
  };
}
