#!/usr/bin/env bash
# Serve the site with gunicorn and run simulation workers beside it (one per core; SIM_WORKERS
# overrides), all under supervisord (scripts/supervisord.conf): a worker that dies — killed, or
# exiting on a fault — is started again; Ctrl-C or SIGTERM stops everything together.
# `manage.py sim_worker` takes chunks of queued runs from the queue in settings.TASKS (RQ on Redis
# when REDIS_URL is set, else the database).
set -euo pipefail
cd "$(dirname "$0")/.."
export HOST=${HOST:-127.0.0.1} PORT=${PORT:-8000} WORKERS=${WORKERS:-2} WEB=${WEB:-true}
export SIM_WORKERS=${SIM_WORKERS:-$(nproc 2>/dev/null || echo 1)}
export SUPERVISOR_DIR=${SUPERVISOR_DIR:-$(mktemp -d /tmp/eliria-supervisor.XXXXXX)}
URL="http://$HOST:$PORT/"
PROBE="http://$([ "$HOST" = 0.0.0.0 ] && echo 127.0.0.1 || echo "$HOST"):$PORT/healthz"
echo "· starting the site: gunicorn ($WORKERS workers) and $SIM_WORKERS simulation workers under supervisord"
.venv/bin/supervisord -c scripts/supervisord.conf &
supervisor=$!
stop() { kill -TERM "$supervisor" 2>/dev/null || true; wait "$supervisor" 2>/dev/null || true; rm -rf "$SUPERVISOR_DIR"; }
trap stop EXIT
trap 'exit 0' INT TERM
# "Ready" only once the site answers (its /healthz), not when the processes are started.
(
  for _ in $(seq 1 240); do
    if .venv/bin/python -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$PROBE" 2>/dev/null; then
      echo "Ready: $URL  (admin: ${URL}admin/ after manage.py createsuperuser; API: ${URL}api/docs/; Ctrl-C stops it)"
      echo "  status: SUPERVISOR_DIR=$SUPERVISOR_DIR .venv/bin/supervisorctl -c scripts/supervisord.conf status"
      exit 0
    fi
    sleep 0.5
  done
  echo "The site has not answered $PROBE for 2 minutes: see $SUPERVISOR_DIR/supervisord.log"
) &
wait "$supervisor"
