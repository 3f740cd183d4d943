import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { inlineScriptHashes } from './web-assets.ts';

/**
 * The production deployment cannot be started on these machines (no Docker engine), so this suite
 * reads docker-compose.yml, the Dockerfile and the gateway configuration and checks what would
 * break a `docker compose up`: missing services, entry files that do not exist, dependencies on
 * services that never become healthy, a replica set that is never initiated, missing configuration
 * and gateway routes.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}

interface Service {
  image?: string;
  build?: string | { context?: string; target?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  ports?: (string | number | { published?: string | number; target?: number })[];
}

interface Compose {
  services: Record<string, Service>;
}

// Merge keys (`<<: *service-environment`) are part of the compose format.
const compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
const services = compose.services ?? {};

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

function environment(name: string): Record<string, string> {
  const env = service(name).environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const index = entry.indexOf('=');
        return index === -1 ? [entry, ''] : [entry.slice(0, index), entry.slice(index + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

function words(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : value.split(/\s+/).filter(Boolean);
}

function healthcheckText(name: string): string {
  const test = service(name).healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

// The services of the production deployment (docs/operations.md, "Containers").
const infrastructure = ['eventstore', 'mongo', 'mailpit'];
const built = {
  'command-api': { entry: 'command-api/src/server.ts', port: '3001' },
  'query-api': { entry: 'query-api/src/server.ts', port: '3002' },
  projector: { entry: 'projector/src/main.ts', port: '3003' },
} as const;
const builtNames = Object.keys(built) as (keyof typeof built)[];
const gateway = 'gateway';

// ---------------------------------------------------------------------------------------------
// Dockerfile: stages by name, with their CMD and COPY instructions.

interface Stage {
  from: string;
  cmd?: string[];
  copies: { from?: string; sources: string[]; destination: string }[];
}

function parseDockerfile(text: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of instructions) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = keyword.toUpperCase();
    if (instruction === 'FROM') {
      const asIndex = rest.findIndex((word) => word.toUpperCase() === 'AS');
      current = { from: rest[0] ?? '', copies: [] };
      stages.set(asIndex === -1 ? `#${stages.size}` : (rest[asIndex + 1] ?? ''), current);
    } else if (instruction === 'CMD' && current) {
      const args = line.slice(keyword.length).trim();
      current.cmd = args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
    } else if (instruction === 'COPY' && current) {
      const from = rest.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = rest.filter((word) => !word.startsWith('--'));
      current.copies.push({ from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' });
    }
  }
  return stages;
}

const dockerfile = parseDockerfile(read('Dockerfile'));

// ---------------------------------------------------------------------------------------------
// nginx configuration: a tree of directives.

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** Parses an nginx configuration; `include` of a file the image copies in is replaced by its directives. */
function parseNginx(text: string, includes: Map<string, string> = new Map()): Directive[] {
  const tokens = text.match(/#[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[{};]|[^\s{};"'#]+/g) ?? [];
  let position = 0;
  const parseBlock = (): Directive[] => {
    const directives: Directive[] = [];
    let words: string[] = [];
    while (position < tokens.length) {
      const token = tokens[position++] ?? '';
      if (token.startsWith('#')) continue;
      if (token === ';') {
        const [name = '', ...args] = words;
        const included = name === 'include' ? includes.get(args[0] ?? '') : undefined;
        if (included !== undefined) directives.push(...parseNginx(read(included), includes));
        else directives.push({ name, args });
        words = [];
      } else if (token === '{') {
        const [name = '', ...args] = words;
        directives.push({ name, args, block: parseBlock() });
        words = [];
      } else if (token === '}') {
        return directives;
      } else {
        words.push(token.replace(/^(["'])(.*)\1$/s, '$2'));
      }
    }
    return directives;
  };
  return parseBlock();
}

const all = (directives: Directive[] | undefined, name: string) =>
  (directives ?? []).filter((d) => d.name === name);
const one = (directives: Directive[] | undefined, name: string) => all(directives, name)[0];

// ---------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('defines every service of the production deployment', () => {
    for (const name of [...infrastructure, ...builtNames, gateway]) {
      expect(Object.keys(services), `service ${name}`).toContain(name);
    }
  });

  it('uses the images the deployment is written for', () => {
    expect(service('eventstore').image).toMatch(/^eventstore\/eventstore:24\.10/);
    expect(service('mongo').image).toMatch(/^mongo:7(\.|$)/);
    expect(service('mailpit').image).toMatch(/^axllent\/mailpit(:|$)/);
  });

  it('gives every service a healthcheck', () => {
    for (const [name, definition] of Object.entries(services)) {
      expect(definition.healthcheck?.disable, `${name} healthcheck disabled`).not.toBe(true);
      expect(healthcheckText(name), `${name} healthcheck`).not.toBe('');
    }
  });

  it('makes every depends_on wait for a defined, healthy service', () => {
    let edges = 0;
    for (const [name, definition] of Object.entries(services)) {
      const dependsOn = definition.depends_on;
      if (dependsOn === undefined) continue;
      expect(Array.isArray(dependsOn), `${name}: depends_on needs conditions, not a list`).toBe(false);
      for (const [dependency, options] of Object.entries(
        dependsOn as Record<string, { condition?: string }>,
      )) {
        edges++;
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
        expect(options?.condition, `${name} -> ${dependency}`).toBe('service_healthy');
        expect(healthcheckText(dependency), `${dependency} has no healthcheck`).not.toBe('');
      }
    }
    expect(edges).toBeGreaterThan(0);
  });

  it('starts the services only once the stores they use are healthy', () => {
    const dependencies = (name: string) => Object.keys(service(name).depends_on ?? {});
    // Every service keeps read models, auth or checkpoints in Mongo. The query side reads events
    // only for a posting's history, so it waits for the event store too.
    for (const name of builtNames) expect(dependencies(name), name).toContain('mongo');
    expect(dependencies('command-api')).toEqual(expect.arrayContaining(['eventstore', 'mailpit']));
    expect(dependencies('projector')).toContain('eventstore');
    expect(dependencies('query-api')).toContain('eventstore');
    expect(dependencies(gateway)).toEqual(expect.arrayContaining(['command-api', 'query-api']));
  });

  describe.each(builtNames)('%s', (name) => {
    const expected = built[name];

    it('is built from a Dockerfile stage that runs its entry file with node', () => {
      const build = service(name).build;
      expect(typeof build === 'object' && build !== null, `${name} has a build section`).toBe(true);
      const target = typeof build === 'object' ? build.target : undefined;
      expect(target, `${name} build target`).toBeDefined();
      const stage = dockerfile.get(target ?? '');
      expect(stage, `Dockerfile stage ${target}`).toBeDefined();
      expect(stage?.cmd).toEqual(['node', expected.entry]);
      const command = words(service(name).command);
      if (command.length > 0) expect(command).toEqual(['node', expected.entry]);
    });

    it('has an entry file that exists in the repository', () => {
      expect(existsSync(join(root, expected.entry)), `${expected.entry} exists`).toBe(true);
    });

    it('is configured for the production stores', () => {
      const env = environment(name);
      for (const key of ['EVENTSTORE_URL', 'MONGO_URL', 'BETTER_AUTH_SECRET', 'PUBLIC_URL']) {
        expect(env[key], `${name}: ${key}`).toBeTruthy();
      }
      expect(env.PORT).toBe(expected.port);
      expect(new URL(env.EVENTSTORE_URL ?? '').hostname).toBe('eventstore');
      expect(new URL(env.MONGO_URL ?? '').hostname).toBe('mongo');
      if (env.SMTP_URL) expect(new URL(env.SMTP_URL).hostname).toBe('mailpit');
    });

    it('is checked on its own /health endpoint', () => {
      const text = healthcheckText(name);
      expect(text).toContain('/health');
      expect(text.includes('process.env.PORT') || text.includes(`:${expected.port}/health`)).toBe(true);
    });
  });

  it('runs EventStoreDB as an insecure single node, matching the tls=false of EVENTSTORE_URL', () => {
    const env = environment('eventstore');
    expect(env.EVENTSTORE_INSECURE).toBe('true');
    expect(env.EVENTSTORE_CLUSTER_SIZE).toBe('1');
    expect(env.EVENTSTORE_RUN_PROJECTIONS).toBe('None');
    expect(healthcheckText('eventstore')).toContain('/health/live');
    for (const name of builtNames) {
      const url = new URL(environment(name).EVENTSTORE_URL ?? '');
      expect(url.searchParams.get('tls'), name).toBe('false');
      expect(url.port || '2113').toBe(env.EVENTSTORE_NODE_PORT ?? '2113');
    }
  });

  it('starts mongo as a replica set and initiates the same set MONGO_URL names', () => {
    const command = words(service('mongo').command);
    const flag = command.indexOf('--replSet');
    expect(flag, 'mongo command has --replSet').toBeGreaterThan(-1);
    const setName = command[flag + 1] ?? '';
    expect(setName).not.toBe('');
    expect(command).toContain('--bind_ip_all');

    const check = healthcheckText('mongo');
    expect(check).toContain('rs.initiate(');
    const initiated = check.match(/_id:\s*['"]([^'"]+)['"]/)?.[1];
    expect(initiated, 'replica set name in rs.initiate').toBe(setName);
    const member = check.match(/host:\s*['"]([^'"]+)['"]/)?.[1];

    for (const name of builtNames) {
      const url = new URL(environment(name).MONGO_URL ?? '');
      expect(url.searchParams.get('replicaSet'), name).toBe(setName);
      // The member address the set advertises must be one the services can reach.
      expect(member, 'replica set member host').toBe(`${url.hostname}:${url.port || '27017'}`);
    }
  });
});

describe('gateway', () => {
  const stage = dockerfile.get(gateway);
  const configCopy = stage?.copies.find((copy) => copy.destination.startsWith('/etc/nginx/conf.d/'));
  const configPath = configCopy?.sources[0] ?? 'deploy/nginx/default.conf';
  // Files the gateway image copies from the repository, by their path in the image.
  const copied = new Map(
    (stage?.copies ?? [])
      .filter((copy) => !copy.from && copy.sources.length === 1)
      .map((copy) => [copy.destination, copy.sources[0] ?? ''] as const),
  );
  const config = parseNginx(existsSync(join(root, configPath)) ? read(configPath) : '', copied);
  const servers = all(config, 'server');
  const locations = servers.flatMap((server) => all(server.block, 'location'));
  const location = (path: string) => locations.find((l) => l.args.at(-1) === path);
  const proxyTarget = (block: Directive | undefined) => one(block?.block, 'proxy_pass')?.args[0] ?? '';
  const headers = (block: Directive | undefined) =>
    Object.fromEntries(
      all(block?.block, 'proxy_set_header').map((d) => [d.args[0]?.toLowerCase(), d.args[1]]),
    );
  const upstream = (name: string) => all(config, 'upstream').find((u) => u.args[0] === name);

  it('is built from a Dockerfile stage that installs the gateway configuration and the web build', () => {
    expect(service(gateway).build).toMatchObject({ target: gateway });
    expect(stage, 'Dockerfile stage gateway').toBeDefined();
    expect(configCopy, 'COPY of the nginx configuration').toBeDefined();
    expect(existsSync(join(root, configPath)), `${configPath} exists`).toBe(true);
    const webCopy = stage?.copies.find(
      (copy) => copy.from && copy.sources.some((s) => s.endsWith('web/dist')),
    );
    expect(webCopy, 'COPY --from=<build> .../web/dist').toBeDefined();
    const documentRoot = one(servers[0]?.block, 'root')?.args[0];
    expect(documentRoot, 'nginx root is where the web build is copied').toBe(
      webCopy?.destination.replace(/\/$/, ''),
    );
  });

  it('publishes port 8080, which nginx listens on', () => {
    const ports = (service(gateway).ports ?? []).map(String);
    expect(ports.some((port) => /(^|:)8080:8080$/.test(port))).toBe(true);
    expect(servers.flatMap((server) => all(server.block, 'listen').map((l) => l.args[0]))).toContain('8080');
  });

  it('points every upstream at a defined service and the port it listens on', () => {
    const upstreams = all(config, 'upstream');
    expect(upstreams.map((u) => u.args[0])).toEqual(expect.arrayContaining(['command_api', 'query_api']));
    for (const group of upstreams) {
      for (const server of all(group.block, 'server')) {
        const [host = '', port = ''] = (server.args[0] ?? '').split(':');
        expect(Object.keys(services), `upstream ${group.args[0]} -> ${host}`).toContain(host);
        expect(environment(host).PORT, `${host} PORT`).toBe(port);
      }
    }
    expect(all(upstream('command_api')?.block, 'server')[0]?.args[0]).toBe('command-api:3001');
    expect(all(upstream('query_api')?.block, 'server')[0]?.args[0]).toBe('query-api:3002');
  });

  it('routes /api/auth to command-api for every method', () => {
    const auth = location('/api/auth/') ?? location('/api/auth');
    expect(auth, 'location /api/auth/').toBeDefined();
    expect(proxyTarget(auth)).toBe('http://command_api');
  });

  it('routes GET /api reads to query-api and every other method to command-api', () => {
    const api = location('/api/');
    expect(api, 'location /api/').toBeDefined();
    const variable = proxyTarget(api).match(/^http:\/\/\$(\w+)$/)?.[1];
    expect(variable, 'proxy_pass chooses the upstream by a variable').toBeDefined();
    const map = all(config, 'map').find(
      (m) => m.args[0] === '$request_method' && m.args[1] === `$${variable}`,
    );
    expect(map, `map $request_method $${variable}`).toBeDefined();
    const value = (key: string) => map?.block?.find((entry) => entry.name === key)?.args[0];
    expect(value('GET')).toBe('query_api');
    expect(value('default')).toBe('command_api');
    for (const write of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(value(write) ?? value('default'), write).toBe('command_api');
    }
  });

  it('proxies /socket.io/ to query-api with the WebSocket upgrade headers', () => {
    const socket = location('/socket.io/');
    expect(socket, 'location /socket.io/').toBeDefined();
    expect(proxyTarget(socket)).toBe('http://query_api');
    expect(one(socket?.block, 'proxy_http_version')?.args[0]).toBe('1.1');
    const set = headers(socket);
    expect(set.upgrade).toBe('$http_upgrade');
    expect(set.connection === 'upgrade' || set.connection === '$connection_upgrade').toBe(true);
    if (set.connection === '$connection_upgrade') {
      expect(all(config, 'map').some((m) => m.args.join(' ') === '$http_upgrade $connection_upgrade')).toBe(
        true,
      );
    }
  });

  it("sends the security headers on the web build, allowing the page's inline theme script by its hash", () => {
    const hashes = inlineScriptHashes(read('web/index.html'));
    expect(hashes).toHaveLength(1);
    for (const path of ['/', '/assets/']) {
      const added = Object.fromEntries(
        all(location(path)?.block, 'add_header').map((d) => [d.args[0]?.toLowerCase(), d.args[1] ?? '']),
      );
      const csp = added['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'self'");
      expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' '), path).toEqual([
        "'self'",
        ...hashes.map((h) => `'${h}'`),
      ]);
      expect(added['x-content-type-options'], path).toBe('nosniff');
      expect(added['referrer-policy'], path).toBe('same-origin');
    }
  });

  it('is the one proxy the services believe about the client address', () => {
    const address = (service(gateway) as { networks?: { default?: { ipv4_address?: string } } }).networks
      ?.default?.ipv4_address;
    expect(address).toMatch(/^172\.28\.0\.\d+$/);
    for (const name of ['command-api', 'query-api'])
      expect(environment(name).TRUSTED_PROXIES, name).toBe(address);
    for (const path of ['/api/', '/api/auth/', '/socket.io/']) {
      expect(headers(location(path))['x-forwarded-for'], path).toBe('$proxy_add_x_forwarded_for');
    }
  });

  it('serves the web build with a fallback to index.html for client routes', () => {
    const spa = location('/');
    expect(spa, 'location /').toBeDefined();
    const tryFiles = one(spa?.block, 'try_files')?.args ?? [];
    expect(tryFiles[0]).toBe('$uri');
    expect(tryFiles.at(-1)).toBe('/index.html');
  });
});
