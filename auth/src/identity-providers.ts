import type { BetterAuthOptions } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';

/** An OpenID Connect provider found through its discovery document (`/.well-known/openid-configuration`). */
export interface OidcProviderSettings {
  /** Lowercase provider id: the callback is `/api/auth/callback/{id}`. */
  id: string;
  /** Shown on the sign-in button. */
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes?: string[];
}

/** Options of one built-in provider: its client credentials plus the few settings some providers need. */
export type BuiltInProviderSettings = Record<string, string>;

export interface IdentityProviders {
  /** better-auth's built-in providers by id (`github`, `google`, …). */
  builtIn: Record<string, BuiltInProviderSettings>;
  oidc: OidcProviderSettings[];
  /** Providers trusted to link to an existing account even when they do not report the e-mail verified. */
  trusted: string[];
}

export const noIdentityProviders: IdentityProviders = { builtIn: {}, oidc: [], trusted: [] };

export function socialProvidersOption(providers: IdentityProviders): BetterAuthOptions['socialProviders'] {
  // Each entry was checked against the provider's required settings when the configuration was read;
  // better-auth's per-provider option types cannot be named for an id known only at run time.
  return providers.builtIn as BetterAuthOptions['socialProviders'];
}

export function genericOAuthConfigs(providers: IdentityProviders): GenericOAuthConfig[] {
  return providers.oidc.map((provider) => ({
    providerId: provider.id,
    name: provider.name,
    discoveryUrl: provider.discoveryUrl,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: provider.scopes ?? ['openid', 'email', 'profile'],
    // Authorization code with an S256 challenge, and the id token checked against the discovered key set.
    pkce: true,
    requireIdTokenVerification: true,
  }));
}
