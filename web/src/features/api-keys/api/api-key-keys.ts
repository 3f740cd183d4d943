/** Query keys of the organization's API keys, in one place; the organization is part of every key. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (organizationId: string) => ['api-keys', 'list', organizationId] as const,
};

/** Keys change only when an owner or admin changes them (or a key is used): fresh for 10 seconds. */
export const API_KEYS_STALE_TIME = 10_000;
