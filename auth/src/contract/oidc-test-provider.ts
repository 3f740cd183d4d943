import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** Who signs in at the provider next: the claims it will vouch for. */
export interface ProviderUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcTestProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** The person who completes the provider's login on the next authorization. */
  signInAs(user: ProviderUser): void;
  /** Lifetime of the access tokens it issues from now on. */
  setAccessTokenLifetime(seconds: number): void;
  /**
   * Follows an authorization URL through the provider the way a browser would (its own cookies, its
   * redirects) until it leads back to the application; returns that address.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for the social sign-in contract:
 * discovery, key set, authorization with PKCE, token, user info and refresh are its own. Only its login
 * screen is replaced: whoever the test names is signed in and consents.
 */
export async function startOidcTestProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'dispatch-web';
  const clientSecret = options.clientSecret ?? 'dispatch-client-secret-for-tests';
  const accounts = new Map<string, ProviderUser>();
  let next: ProviderUser | null = null;
  let accessTokenLifetime = 3600;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-signing-key' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const user = accounts.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ ...user }) };
    },
    features: { devInteractions: { enabled: false } },
    // Refresh tokens without the offline_access consent dance, so token refresh can be exercised.
    issueRefreshToken: async () => true,
    ttl: { AccessToken: () => accessTokenLifetime },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    pkce: { required: () => true },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      if (!next) throw new Error('signInAs was not called before the authorization');
      const user = next;
      accounts.set(user.sub, user);
      const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    signInAs(user) {
      next = user;
    },
    setAccessTokenLifetime(seconds) {
      accessTokenLifetime = seconds;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const name = pair.slice(0, pair.indexOf('='));
          const value = pair.slice(pair.indexOf('=') + 1);
          if (value === '' || /max-age=0/i.test(cookie)) jar.delete(name);
          else jar.set(name, value);
        }
        const location = response.headers.get('location');
        if (!location)
          throw new Error(`provider stopped at ${url.pathname}: ${response.status} ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
