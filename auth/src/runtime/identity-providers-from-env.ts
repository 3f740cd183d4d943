import { socialProviderList } from 'better-auth/social-providers';
import type {
  BuiltInProviderSettings,
  IdentityProviders,
  OidcProviderSettings,
} from '../identity-providers.ts';

/**
 * Social sign-in is configured by environment variables: `{PROVIDER}_CLIENT_ID` and `{PROVIDER}_CLIENT_SECRET`
 * for every provider better-auth ships (`GITHUB_CLIENT_ID`, …), plus `OIDC_{ID}_DISCOVERY_URL`,
 * `OIDC_{ID}_CLIENT_ID`, `OIDC_{ID}_CLIENT_SECRET` (and optional `OIDC_{ID}_NAME`, `OIDC_{ID}_SCOPES`) for
 * any OpenID Connect provider. A provider named by half its credentials is a start-up error that says which
 * variable is missing, rather than a sign-in button that fails later.
 */

/** Settings some providers need beyond their credentials; `true` marks the required ones. */
const providerExtras: Record<string, Record<string, boolean>> = {
  cognito: { domain: true, region: true, userPoolId: true },
  microsoft: { tenantId: false },
  gitlab: { issuer: false },
  paybin: { issuer: false },
  paypal: { environment: false },
  salesforce: { environment: false },
};

// TikTok calls its client id a client key.
const clientIdOption: Record<string, string> = { tiktok: 'clientKey' };

const toVariable = (option: string) => option.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

export class IdentityProviderConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super('Environment validation failed');
    this.problems = problems;
  }
}

function builtInProviders(env: Record<string, string | undefined>, problems: string[]) {
  const builtIn: Record<string, BuiltInProviderSettings> = {};
  for (const id of socialProviderList) {
    const prefix = id.toUpperCase();
    const idOption = clientIdOption[id] ?? 'clientId';
    const idVariable = `${prefix}_${toVariable(idOption)}`;
    const clientId = env[idVariable];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!clientId && !clientSecret) continue;
    if (!clientId)
      problems.push(`${idVariable}: required for the ${id} sign-in provider (its secret is set)`);
    if (!clientSecret)
      problems.push(
        `${prefix}_CLIENT_SECRET: required for the ${id} sign-in provider (${idVariable} is set)`,
      );
    const settings: BuiltInProviderSettings = {
      [idOption]: clientId ?? '',
      clientSecret: clientSecret ?? '',
    };
    for (const [option, required] of Object.entries(providerExtras[id] ?? {})) {
      const variable = `${prefix}_${toVariable(option)}`;
      const value = env[variable];
      if (value) settings[option] = value;
      else if (required) problems.push(`${variable}: required for the ${id} sign-in provider`);
    }
    builtIn[id] = settings;
  }
  return builtIn;
}

function oidcProviders(env: Record<string, string | undefined>, problems: string[]) {
  const ids = new Set<string>();
  for (const name of Object.keys(env)) {
    const match = /^OIDC_([A-Z0-9_]+?)_(DISCOVERY_URL|CLIENT_ID|CLIENT_SECRET|NAME|SCOPES)$/.exec(name);
    if (match?.[1] && env[name]) ids.add(match[1]);
  }
  const providers: OidcProviderSettings[] = [];
  for (const key of [...ids].sort()) {
    const id = key.toLowerCase().replace(/_/g, '-');
    const read = (suffix: string) => env[`OIDC_${key}_${suffix}`];
    const discoveryUrl = read('DISCOVERY_URL');
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    for (const [suffix, value] of [
      ['DISCOVERY_URL', discoveryUrl],
      ['CLIENT_ID', clientId],
      ['CLIENT_SECRET', clientSecret],
    ] as const) {
      if (!value) problems.push(`OIDC_${key}_${suffix}: required for the ${id} sign-in provider`);
    }
    if (discoveryUrl && !URL.canParse(discoveryUrl))
      problems.push(`OIDC_${key}_DISCOVERY_URL: must be a valid URL`);
    if ((socialProviderList as readonly string[]).includes(id))
      problems.push(`OIDC_${key}_DISCOVERY_URL: ${id} is a built-in provider; use ${key}_CLIENT_ID instead`);
    providers.push({
      id,
      name: read('NAME') ?? key.charAt(0) + key.slice(1).toLowerCase().replace(/_/g, ' '),
      discoveryUrl: discoveryUrl ?? '',
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      scopes: read('SCOPES')
        ?.split(/[\s,]+/)
        .filter(Boolean),
    });
  }
  return providers;
}

/** Reads the providers; throws "Environment validation failed" after logging each problem. */
export function identityProvidersFromEnv(
  env: Record<string, string | undefined>,
  log: (line: string) => void = console.error,
): IdentityProviders {
  const problems: string[] = [];
  const builtIn = builtInProviders(env, problems);
  const oidc = oidcProviders(env, problems);
  const configured = new Set([...Object.keys(builtIn), ...oidc.map((provider) => provider.id)]);
  const trusted = (env.TRUSTED_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of trusted) {
    if (!configured.has(id)) problems.push(`TRUSTED_PROVIDERS: ${id} is not a configured sign-in provider`);
  }
  if (problems.length > 0) {
    for (const problem of problems) log(problem);
    throw new IdentityProviderConfigError(problems);
  }
  return { builtIn, oidc, trusted };
}
