#!/usr/bin/env bash
# Checks a deploy artifact against a throwaway PostgreSQL 15 and s3rver, all on loopback:
#   pg_virtualenv -t -v 15 bash deploy/check-deploy.sh unit    deploy/atelier@.service's command
#       line, run as systemd would (its User, WorkingDirectory, Environment=, %i = 3101), from the
#       install it names (bash deploy/install.sh /opt/atelier; useradd atelier, see the unit)
#   pg_virtualenv -t -v 15 bash deploy/check-deploy.sh image   localhost/atelier:latest
#       (deploy/build-image.sh) with podman and --network=host on port 3102; a stylist made with
#       the CLI in the container signs in and uploads a photo, which lands in the bucket
# Each waits for /health/ready to answer 200, then stops the server with SIGTERM. Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:?usage: pg_virtualenv -t -v 15 bash deploy/check-deploy.sh unit|image}"
: "${PGPORT:?run under pg_virtualenv}"
repo="$PWD"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Its own bin (one process, no npx in between), so that the trap ends it.
node_modules/.bin/s3rver -d "$work/bucket" --configure-bucket atelier-files -a 127.0.0.1 -p 4579 \
  >"$work/s3rver.log" 2>&1 &
pids+=($!)
cat >"$work/atelier.env" <<ENV
NODE_ENV=production
HOST=127.0.0.1
PUBLIC_URL=http://localhost:8080
DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@127.0.0.1:${PGPORT}/${PGDATABASE}
AUTH_SECRET=$(node -e 'console.log(require("crypto").randomBytes(36).toString("base64"))')
S3_BUCKET=atelier-files
S3_ENDPOINT=http://127.0.0.1:4579
S3_FORCE_PATH_STYLE=true
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
SEED_DEMO_DATA=false
# A rehearsal on loopback: no mail relay and no carrier here (production refuses both otherwise).
ALLOW_MAIL_FOLDER=true
ALLOW_LOCAL_LABELS=true
ENV

# Bounded: 90 tries a second apart.
wait_ready() {
  local code=000 i
  for i in $(seq 1 90); do
    code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/health/ready" || true)"
    [ "$code" = 200 ] && { echo "port $1: /health/ready 200 after ${i} s"; return 0; }
    sleep 1
  done
  echo "port $1: /health/ready answered $code after 90 s" >&2
  return 1
}

if [ "$mode" = unit ]; then
  unit="$repo/deploy/atelier@.service"
  port=3101
  setting() { sed -n "s/^$1=//p" "$unit" | sed "s/%i/$port/g"; }
  user="$(setting User)"
  mapfile -t environment < <(setting Environment)
  state="/var/lib/atelier/$port"
  mkdir -p "$state" && chown "$user:$user" "$state"
  echo "as $user in $(setting WorkingDirectory): $(setting ExecStart)"
  (
    cd "$(setting WorkingDirectory)"
    # systemd: the EnvironmentFile (here this check's), then Environment= lines.
    mapfile -t file < <(grep -v '^#' "$work/atelier.env")
    # shellcheck disable=SC2046
    exec setpriv --reuid "$user" --regid "$user" --init-groups env -i \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin "${file[@]}" "${environment[@]}" \
      $(setting ExecStart)
  ) >"$work/server.log" 2>&1 &
  server=$!
  pids+=("$server")
  wait_ready "$port" || { cat "$work/server.log" >&2; exit 1; }
  kill -TERM "$server"
  status=0
  wait "$server" || status=$?
  echo "after SIGTERM the server exited with status $status"
  [ "$status" = 0 ]
elif [ "$mode" = image ]; then
  port=3102
  limits=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
  container="$(podman --runtime runc run -d --network=host "${limits[@]}" \
    --env-file "$work/atelier.env" -e "PORT=$port" localhost/atelier:latest)"
  trap 'podman rm -f "$container" >/dev/null 2>&1; cleanup' EXIT
  wait_ready "$port" || { podman logs "$container" >&2; exit 1; }
  echo "in the container: $(podman exec "$container" id -un), node $(podman exec "$container" node --version)"
  podman exec "$container" node apps/server/dist/admin.js create-stylist \
    --email check@example.com --password check-password-0123 --first-name Check --last-name Deploy
  api="http://127.0.0.1:$port"
  curl -sf -c "$work/cookies" -o "$work/sign-in.json" -H 'content-type: application/json' \
    -H 'origin: http://localhost:8080' \
    -d '{"email":"check@example.com","password":"check-password-0123"}' "$api/api/auth/sign-in/email"
  user_id="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).user.id' "$work/sign-in.json")"
  token="$(curl -sf -b "$work/cookies" "$api/api/auth/token" | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).token')"
  (cd apps/server && node -e 'require("sharp")({ create: { width: 64, height: 64, channels: 3,
    background: "#a0522d" } }).jpeg().toFile(process.argv[1])' "$work/photo.jpg")
  curl -sf -o /dev/null -H "authorization: Bearer $token" -F "userId=$user_id" \
    -F "file=@$work/photo.jpg;type=image/jpeg" "$api/api/stylist/upload-profile-image"
  stored="$(find "$work/bucket/atelier-files" -name '*._S3rver_object' | wc -l)"
  echo "a photo uploaded through the container: $stored objects in the bucket"
  [ "$stored" -ge 1 ]
  podman healthcheck run "$container" && echo "the image's health check: healthy"
  podman stop -t 30 "$container" >/dev/null
  echo "after SIGTERM the container exited with status $(podman inspect "$container" --format '{{.State.ExitCode}}')"
else
  echo "unknown mode $mode: unit or image" >&2
  exit 2
fi
