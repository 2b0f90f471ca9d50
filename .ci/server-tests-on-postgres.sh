#!/usr/bin/env bash
# Runs the server suite against a throwaway PostgreSQL 15 cluster made by pg_virtualenv
# (it exports PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE for the command it wraps), then the
# outage test alone: it stops and starts that cluster, which no other test file could bear; then
# two instances behind the nginx of docs/operations.md (e2e/scripts/behind-nginx.ts), which stops it too.
# -t keeps the cluster in a temporary directory even as root (as it does for any other user), so
# that runs side by side on one machine each have their own.
set -euo pipefail
cd "$(dirname "$0")/.."
# log_checkpoints=off: the suite makes a database per file, and each would log two lines.
exec pg_virtualenv -t -v 15 -o log_checkpoints=off bash -c '
  set -euo pipefail
  export TEST_DATABASE_URL="postgres://${PGUSER}:${PGPASSWORD}@${PGHOST/\/*/127.0.0.1}:${PGPORT}/${PGDATABASE}"
  echo "server suite on PostgreSQL $(psql -Atc "show server_version")"
  npx vitest run --project server
  # "15 regress": the version and name pg_ctlcluster knows the cluster on this port by.
  TEST_PG_CLUSTER="$(pg_lsclusters -h | awk -v port="$PGPORT" '\''$3 == port { print $1, $2 }'\'')"
  [ -n "$TEST_PG_CLUSTER" ] || { echo "no cluster listens on port $PGPORT" >&2; exit 1; }
  echo "outage test: stopping and starting cluster $TEST_PG_CLUSTER"
  TEST_PG_CLUSTER="$TEST_PG_CLUSTER" npx vitest run --project server src/db/database-outage.test.ts
  echo "behind nginx: a rolling restart under load, a forged X-Forwarded-For, an outage"
  DATABASE_URL="$TEST_DATABASE_URL" TEST_PG_CLUSTER="$TEST_PG_CLUSTER" npx tsx e2e/scripts/behind-nginx.ts
'
