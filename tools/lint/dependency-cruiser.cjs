// The layers of the project, lowest first (docs/decisions/0011-layers-and-command-handler.md):
//   rules/ and app.catalog.ts  shared by browser and server: plain rules, messages, the plans catalog
//   events/                    events, deciders, the event store, projections (no server/, no src/)
//   server/<domain>/           services and adapters (no tRPC, no HTTP transports)
//   server/trpc, server/rest, server/http, inngest/   transports over the services
//   src/                       pages; server code only as types
// A rule names what a layer may not reach; CI fails on any new violation.
const transports = '^(server/(trpc|rest|http|nitro)/|inngest/)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'rules-are-leaves',
      comment: 'Shared rules and the catalog import only libraries and each other.',
      severity: 'error',
      from: { path: '^(rules/|app\\.catalog\\.ts$)' },
      to: { path: '^(src|server|events|inngest|migrations|scripts|tests)/|^app\\.config\\.ts$' },
    },
    {
      name: 'events-below-server-and-pages',
      comment: 'events/ is the domain core: it imports nothing from server/, src/ or inngest/.',
      severity: 'error',
      from: { path: '^events/' },
      to: { path: '^(server|src|inngest|scripts)/' },
    },
    {
      name: 'services-below-transports',
      comment: 'Services know nothing of tRPC, REST or Inngest; transports call services, never the reverse.',
      severity: 'error',
      from: { path: '^server/', pathNot: transports },
      to: { path: transports },
    },
    {
      name: 'services-without-trpc',
      comment: 'Services throw DomainError; only transports turn it into tRPC or HTTP answers.',
      severity: 'error',
      from: { path: '^(server|events)/', pathNot: transports },
      to: { path: 'node_modules/(@trpc|trpc-to-openapi)/' },
    },
    {
      name: 'server-not-from-pages',
      comment: 'Rules shared with the browser live in rules/, not in src/.',
      severity: 'error',
      from: { path: '^(server|events|inngest|migrations)/' },
      to: { path: '^src/' },
    },
    {
      name: 'pages-see-server-only-as-types',
      comment:
        'The browser bundle must never pull in server code; types are erased. Server routes (src/routes/api/, and src/routes/downloads.$.ts, which serves release files at /downloads/) and server functions (the *-functions.ts files and the isomorphic tRPC client), which the compiler keeps out of the browser bundle, are the entry points allowed to call the server.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/routes/api/|^src/routes/downloads\\.\\$\\.ts$|-functions\\.ts$|^src/trpc/client\\.ts$' },
      to: { path: '^(server|events|inngest|migrations)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-server-code-from-config',
      severity: 'error',
      from: { path: '^app\\.(config|catalog)\\.ts$' },
      to: { path: '^(src|server|events|inngest)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      comment: 'A cycle closed only by type imports is erased at run time and allowed.',
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.output|\\.nitro|\\.tanstack|tools)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
