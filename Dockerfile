# Atelier's image: the web app and the server built with the development dependencies, run with the
# server's production dependencies only (docs/operations.md, "Image, compose file, systemd unit").
#
#   docker build -t atelier .                      (node:24-bookworm-slim from a registry)
#   bash deploy/build-image.sh                     (no registry: a local Debian base, see there)
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
# The manifests first: the install layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# npm_ca: the build machine's CA bundle, passed only where a proxy inspects TLS (deploy/build-image.sh);
# a build secret, so no layer keeps it.
RUN --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server's production tree only. --legacy-peer-deps: better-auth names vitest and drizzle-kit as
# optional peers, which npm otherwise keeps (with vite, jsdom, esbuild and tsx) under --omit=dev.
RUN --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --omit=dev --workspace @atelier/server --legacy-peer-deps --no-audit --no-fund \
  && npm cache clean --force

FROM ${BASE_IMAGE} AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
RUN groupadd --system atelier \
  && useradd --system --gid atelier --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin atelier \
  && mkdir -p /data && chown atelier:atelier /data
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules node_modules/
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules/
COPY --from=deps /app/packages/contract/package.json packages/contract/
# The server finds its migrations and seed media from apps/server/package.json (lib/server-root.ts).
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations/
COPY --from=build /app/apps/server/src/db/seed/media apps/server/src/db/seed/media/
COPY --from=build /app/apps/web/dist apps/web/dist/
USER atelier
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
