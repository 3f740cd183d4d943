/**
 * What an organization's API key may do: each scope opens a set of routes to the key (docs/security.md,
 * "API keys"). Every other route refuses a key.
 */
export const apiKeyScopes = ['postings:read', 'postings:write', 'envelopes', 'webhooks', 'activity'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'postings:read': 'Read postings',
  'postings:write': 'Write postings',
  envelopes: 'Envelopes',
  webhooks: 'Webhooks',
  activity: 'Activity',
};
