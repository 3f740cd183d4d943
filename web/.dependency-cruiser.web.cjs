/**
 * The web application's layers, bulletproof-react style: shared (components, lib, hooks, styles) →
 * features → app and routes. Paths are from the repository root, for the root dependency-cruiser
 * configuration to spread into its `forbidden` list.
 * @type {import('dependency-cruiser').IForbiddenRuleType[]}
 */
module.exports = [
  {
    name: 'web-shared-not-to-features',
    comment: 'Shared code (components, lib, hooks, styles) never reaches into a feature, the app or a route.',
    severity: 'error',
    from: { path: '^web/src/(components|lib|hooks|styles)/' },
    to: { path: '^web/src/(features|app|routes)/' },
  },
  {
    name: 'web-feature-not-to-app',
    comment:
      'A feature never reaches into the app shell or a route: they compose features, not the other way.',
    severity: 'error',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/(app|routes)/' },
  },
  {
    name: 'web-feature-through-index',
    comment: "A feature uses another feature only through that feature's index.ts.",
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: {
      path: '^web/src/features/[^/]+/',
      pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'web-no-circular',
    comment: 'Modules of the web application do not import each other in a circle.',
    severity: 'error',
    from: { path: '^web/src/' },
    // The router's context type names the root route, which names the context: types only.
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
];
