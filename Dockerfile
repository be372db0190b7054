# syntax=docker/dockerfile:1
# The Interview Helper server: `docker build -t interview-helper .` (docs/deploy.md).
#
# The build stage installs everything (the build needs the dev dependencies) and builds two things:
#   - .output/: the server bundle with the node_modules nitro traced for it (PGlite, argon2's
#     native binary for this platform, tesseract.js and its English model). Migrations are bundled
#     into it: the server can migrate at start (MIGRATE_ON_BOOT=1).
#   - .output/server/migrate/migrate.mjs: `npm run migrate` bundled (scripts/migrate.vite.config.ts),
#     for the one-shot `migrate` service.
# The runtime stage is that folder alone on Node 24: no sources, no npm, no package manager run.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# NODE_ENV=production for the build only (React's production JSX runtime); `npm ci` above needed the dev dependencies.
RUN NODE_ENV=production npm run build \
 && NODE_ENV=production npx vite build --config scripts/migrate.vite.config.ts

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# Owned by root and read-only to the server's user: a compromised process cannot rewrite its own code.
COPY --from=build /src/.output ./
USER node
EXPOSE 3000
# Liveness only (no database): readiness is /api/ready, for the proxy or orchestrator.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/index.mjs"]
