#!/usr/bin/env bash
# Makes DEST a production install of this checkout's build: the server's production dependencies
# only (no test or build tool), both dist folders, the migrations and the seed media. Run
# `npm ci && npm run build` here first. The systemd unit runs DEST=/opt/atelier.
#
#   bash deploy/install.sh /opt/atelier
set -euo pipefail
dest="${1:?usage: deploy/install.sh DEST}"
cd "$(dirname "$0")/.."
for built in apps/server/dist/server.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "$built is missing: run npm run build first" >&2; exit 1; }
done
mkdir -p "$dest"
# npm ci checks the lockfile against every workspace's manifest, so all of them go.
cp --parents package.json package-lock.json apps/*/package.json packages/*/package.json \
  e2e/package.json bench/package.json "$dest/"
rm -rf "$dest/apps/server/dist" "$dest/apps/web/dist" "$dest/apps/server/src"
cp -r --parents apps/server/dist apps/web/dist apps/server/src/db/migrations \
  apps/server/src/db/seed/media "$dest/"
cd "$dest"
# --legacy-peer-deps: better-auth names vitest and drizzle-kit as optional peers, which npm
# otherwise keeps (with vite, jsdom, esbuild and tsx) under --omit=dev.
npm ci --omit=dev --workspace @atelier/server --legacy-peer-deps --no-audit --no-fund
echo "$dest: $(du -sh node_modules | cut -f1) in node_modules"
