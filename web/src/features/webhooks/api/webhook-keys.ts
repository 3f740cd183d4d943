/** Query keys of the organization's webhook endpoints and their deliveries, in one place. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (organizationId: string) => ['webhooks', 'list', organizationId] as const,
  deliveriesOf: (organizationId: string, endpointId: string) =>
    ['webhooks', 'deliveries', organizationId, endpointId] as const,
  deliveries: (organizationId: string, endpointId: string, page: number, pageSize: number) =>
    ['webhooks', 'deliveries', organizationId, endpointId, { page, pageSize }] as const,
};

/** Endpoints change when someone edits them, and as deliveries succeed or fail: fresh for 10 seconds. */
export const WEBHOOKS_STALE_TIME = 10_000;

/**
 * Deliveries move an endpoint's status and last attempt with no notice to the browser: while its page
 * is open (and in view) the list is read again this often.
 */
export const WEBHOOKS_REFETCH_INTERVAL = 10_000;

/**
 * Deliveries are made in the background, not by this page: while an endpoint's log is open it is read
 * again this often, so a test or a retry shows up without a reload.
 */
export const DELIVERIES_REFETCH_INTERVAL = 5_000;
