// The layers of the project, lowest first (docs/decisions/0011-layers-and-command-handler.md):
//   rules/ and app.catalog.ts  shared by browser and server: plain rules, messages, the plans catalog
//   events/                    events, deciders, the event store, projections (no server/, no src/)
//   server/<domain>/           services and adapters (no tRPC, no HTTP transports)
//   server/http, server/trpc, server/routes, server/rest, server/nitro, inngest/   transports over the services,
//                              in that order among themselves (decision 0105):
//     server/http              HTTP plumbing: bodies, content types, headers, CORS, compression, JSON answers
//     server/trpc              the procedures (tRPC init, context, routers, one procedure per file)
//     server/routes            the HTTP routes that are not procedures, the error envelope, idempotency
//     server/rest              the REST bridge over the procedures and the OpenAPI document
//     server/nitro             the server's entry: the HTTP pipeline and the API dispatcher
//   src/                       pages and server routes; server code only as types outside src/routes/api/
// A rule names what a layer may not reach; CI fails on any new violation.
const transports = '^(server/(http|trpc|routes|rest|nitro)/|inngest/)'

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
      name: 'http-plumbing-is-the-lowest-transport',
      comment: 'server/http knows no procedure, route, REST operation or entry: every transport builds on it.',
      severity: 'error',
      from: { path: '^server/http/' },
      to: { path: '^(server/(trpc|routes|rest|nitro)/|inngest/)' },
    },
    {
      name: 'procedures-below-routes',
      comment: 'Procedures are called by HTTP routes, the REST bridge and the entry; they never call them.',
      severity: 'error',
      from: { path: '^server/trpc/' },
      to: { path: '^(server/(routes|rest|nitro)/|inngest/)' },
    },
    {
      name: 'routes-below-rest',
      comment: 'The HTTP routes and the error envelope are used by the REST bridge and its document, not the reverse.',
      severity: 'error',
      from: { path: '^server/routes/' },
      to: { path: '^server/(rest|nitro)/' },
    },
    {
      name: 'rest-below-the-entry',
      comment: 'The entry (pipeline, dispatcher) calls the REST bridge; the bridge never reaches the entry.',
      severity: 'error',
      from: { path: '^server/rest/' },
      to: { path: '^server/nitro/' },
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
