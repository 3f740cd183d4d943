/**
 * The boundary check (`npm run lint:deps`, part of `npm test`): which package may import which,
 * as docs/architecture.md's package map says, and no circular imports. A package is its folder;
 * an `@dispatch/<name>` import resolves (through the workspace link) into that folder.
 */
const packages = [
  'domain',
  'storage',
  'config',
  'http',
  'places',
  'read-models',
  'auth',
  'command-api',
  'projector',
  'query-api',
  'standalone',
  'web',
  'e2e',
  'bench',
  'test-kit',
];
const inFolders = (folders) => `^(${folders.join('|')})/`;

const specs = '\\.spec\\.tsx?$';

/** `name` may import only itself, `allowed` and npm packages; its specs may use the test kit too. */
const mayImport = (name, allowed) => [
  {
    name: `${name}-imports`,
    comment: `${name} may import only ${allowed.length ? allowed.join(', ') : 'no other package of the product'}`,
    severity: 'error',
    from: { path: inFolders([name]), pathNot: specs },
    to: { path: inFolders(packages), pathNot: inFolders([name, ...allowed]) },
  },
  {
    name: `${name}-spec-imports`,
    comment: `the specs of ${name} may import what ${name} may, and the test kit`,
    severity: 'error',
    from: { path: `${inFolders([name])}.*${specs}` },
    to: { path: inFolders(packages), pathNot: inFolders([name, 'test-kit', ...allowed]) },
  },
];

const testTools = ['e2e', 'bench', 'test-kit'];

module.exports = {
  forbidden: [
    // One line per package of the map.
    ...mayImport('domain', []),
    ...mayImport('storage', ['domain']),
    ...mayImport('http', ['domain']),
    ...mayImport('places', ['domain']),
    ...mayImport('read-models', ['domain', 'storage']),
    ...mayImport('config', ['storage', 'domain']),
    ...mayImport('auth', ['http', 'storage', 'domain', 'config']),
    ...mayImport('command-api', ['domain', 'storage', 'http', 'auth', 'read-models', 'places', 'config']),
    ...mayImport('projector', ['domain', 'storage', 'read-models', 'places', 'config']),
    ...mayImport('query-api', ['domain', 'storage', 'http', 'auth', 'read-models', 'places', 'config']),
    ...mayImport(
      'standalone',
      packages.filter((name) => !testTools.includes(name) && name !== 'web').concat('test-kit'),
    ),
    ...mayImport('web', ['domain']),
    {
      name: 'test-tools-entry-points',
      comment: 'e2e, bench and the test kit use any package, but not one another’s internals',
      severity: 'error',
      from: { path: '^(e2e|bench|test-kit)/' },
      to: { path: '^(e2e|bench|test-kit)/', pathNot: ['^$1/', '^test-kit/src/index\\.ts$'] },
    },
    {
      name: 'no-circular',
      comment: 'a module never depends on itself through others (type-only imports aside)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },

    // The web application's layers (web/src: shared → features → app and routes).
    ...require('./web/.dependency-cruiser.web.cjs'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
