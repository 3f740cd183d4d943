# syntax=docker/dockerfile:1
#
# One multi-stage build for the whole production deployment (see docker-compose.yml):
#
#   target        runs
#   command-api   node command-api/src/server.ts   (port 3001)
#   query-api     node query-api/src/server.ts     (port 3002)
#   projector     node projector/src/main.ts       (port 3003, /health only)
#   gateway       nginx serving web/dist and routing /api and /socket.io (port 8080)
#
# The servers are TypeScript run directly by Node 24's type stripping: there is no compile step,
# the image carries the sources of the workspaces a server imports.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.30-alpine

# ---------------------------------------------------------------------------------------------------
# Package manifests only, so the dependency layers are rebuilt only when a manifest or the lockfile
# changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json .npmrc ./
COPY domain/package.json domain/
COPY storage/package.json storage/
COPY config/package.json config/
COPY http/package.json http/
COPY places/package.json places/
COPY read-models/package.json read-models/
COPY auth/package.json auth/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY standalone/package.json standalone/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY test-kit/package.json test-kit/

# ---------------------------------------------------------------------------------------------------
# Build the web app (needs the dev dependencies: vite, tailwind, the router plugin).
FROM manifests AS web-build
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build -w web

# ---------------------------------------------------------------------------------------------------
# What every server image shares: production dependencies and the sources of the server workspaces.
FROM manifests AS server
# --omit=dev also leaves out the `node` devDependency: the image's own Node 24 runs the servers.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev
COPY domain/ domain/
COPY storage/ storage/
COPY config/ config/
COPY http/ http/
COPY places/ places/
COPY read-models/ read-models/
COPY auth/ auth/
COPY command-api/ command-api/
COPY projector/ projector/
COPY query-api/ query-api/
# The processes create DATA_DIR at start (the embedded fallbacks live there); in production it stays
# almost empty, but it must be writable by the unprivileged user.
RUN mkdir -p /app/data && chown node:node /app/data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
USER node
STOPSIGNAL SIGTERM

FROM server AS command-api
ENV PORT=3001
EXPOSE 3001
CMD ["node", "command-api/src/server.ts"]

FROM server AS query-api
ENV PORT=3002
EXPOSE 3002
CMD ["node", "query-api/src/server.ts"]

FROM server AS projector
ENV PORT=3003
EXPOSE 3003
CMD ["node", "projector/src/main.ts"]

# ---------------------------------------------------------------------------------------------------
# The gateway: nginx serves the built SPA itself and proxies the APIs (deploy/nginx/default.conf).
FROM ${NGINX_IMAGE} AS gateway
COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/proxy.conf /etc/nginx/snippets/proxy.conf
COPY deploy/nginx/web-headers.conf /etc/nginx/snippets/web-headers.conf
COPY --from=web-build /app/web/dist /usr/share/nginx/html
EXPOSE 8080
