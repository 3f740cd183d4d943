export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => ['organizations', 'list'] as const,
  active: (organizationId: string) => ['organizations', 'active', organizationId] as const,
};

/** SPEC section 9: organization data is fresh for 5 minutes. */
export const ORGANIZATION_STALE_TIME = 5 * 60_000;
