#!/usr/bin/env bash
# Runs the server suite against a throwaway PostgreSQL 15 cluster made by pg_virtualenv
# (it exports PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE for the command it wraps).
set -euo pipefail
cd "$(dirname "$0")/.."
exec pg_virtualenv -v 15 bash -c '
  export TEST_DATABASE_URL="postgres://${PGUSER}:${PGPASSWORD}@${PGHOST/\/*/127.0.0.1}:${PGPORT}/${PGDATABASE}"
  echo "server suite on PostgreSQL $(psql -Atc "show server_version")"
  npx vitest run --project server
'
