import { describe, expect, it } from 'vitest';
import { IdentityProviderConfigError, identityProvidersFromEnv } from './identity-providers-from-env.ts';

function read(env: Record<string, string>) {
  const lines: string[] = [];
  try {
    return { providers: identityProvidersFromEnv(env, (line) => lines.push(line)), lines };
  } catch (error) {
    return { error, lines };
  }
}

describe('social sign-in providers from the environment', () => {
  it('configures none without variables', () => {
    expect(read({}).providers).toEqual({ builtIn: {}, oidc: [], trusted: [] });
  });

  it('enables a built-in provider from its client id and secret', () => {
    const { providers } = read({ GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' });

    expect(providers?.builtIn).toEqual({ github: { clientId: 'gh-id', clientSecret: 'gh-secret' } });
  });

  it('fails the start, naming the variable, when a provider has a client id but no secret', () => {
    const { error, lines } = read({ GOOGLE_CLIENT_ID: 'g-id' });

    expect(error).toBeInstanceOf(IdentityProviderConfigError);
    expect((error as Error).message).toBe('Environment validation failed');
    expect(lines).toEqual([
      'GOOGLE_CLIENT_SECRET: required for the google sign-in provider (GOOGLE_CLIENT_ID is set)',
    ]);
  });

  it('requires the settings a provider cannot work without', () => {
    const { lines } = read({
      COGNITO_CLIENT_ID: 'c-id',
      COGNITO_CLIENT_SECRET: 'c-secret',
      COGNITO_REGION: 'us-east-1',
    });

    expect(lines).toEqual([
      'COGNITO_DOMAIN: required for the cognito sign-in provider',
      'COGNITO_USER_POOL_ID: required for the cognito sign-in provider',
    ]);
  });

  it('passes optional provider settings and names TikTok client id as its client key', () => {
    const { providers } = read({
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
      MICROSOFT_TENANT_ID: 'contoso',
      TIKTOK_CLIENT_KEY: 't-key',
      TIKTOK_CLIENT_SECRET: 't-secret',
    });

    expect(providers?.builtIn).toEqual({
      microsoft: { clientId: 'm-id', clientSecret: 'm-secret', tenantId: 'contoso' },
      tiktok: { clientKey: 't-key', clientSecret: 't-secret' },
    });
  });

  it('configures an OpenID Connect provider by discovery URL', () => {
    const { providers } = read({
      OIDC_ACME_ID_DISCOVERY_URL: 'https://id.acme.example/.well-known/openid-configuration',
      OIDC_ACME_ID_CLIENT_ID: 'dispatch',
      OIDC_ACME_ID_CLIENT_SECRET: 'shh',
      OIDC_ACME_ID_NAME: 'Acme',
      OIDC_ACME_ID_SCOPES: 'openid email profile groups',
    });

    expect(providers?.oidc).toEqual([
      {
        id: 'acme-id',
        name: 'Acme',
        discoveryUrl: 'https://id.acme.example/.well-known/openid-configuration',
        clientId: 'dispatch',
        clientSecret: 'shh',
        scopes: ['openid', 'email', 'profile', 'groups'],
      },
    ]);
  });

  it('fails the start for an OpenID Connect provider missing its secret or with a bad discovery URL', () => {
    const { lines } = read({ OIDC_ACME_DISCOVERY_URL: 'not a url', OIDC_ACME_CLIENT_ID: 'dispatch' });

    expect(lines).toEqual([
      'OIDC_ACME_CLIENT_SECRET: required for the acme sign-in provider',
      'OIDC_ACME_DISCOVERY_URL: must be a valid URL',
    ]);
  });

  it('accepts only configured providers as trusted for account linking', () => {
    const ok = read({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's', TRUSTED_PROVIDERS: 'github' });
    const bad = read({ TRUSTED_PROVIDERS: 'github' });

    expect(ok.providers?.trusted).toEqual(['github']);
    expect(bad.lines).toEqual(['TRUSTED_PROVIDERS: github is not a configured sign-in provider']);
  });
});
