/** Query keys of the account page's lists, in one place for invalidation. */
export const accountKeys = {
  all: ['account'] as const,
  linkedAccounts: () => ['account', 'linked-accounts'] as const,
  sessions: () => ['account', 'sessions'] as const,
};
