#!/usr/bin/env bash
# Serve the site with gunicorn and run simulation workers beside it (one per core; SIM_WORKERS
# overrides): `manage.py sim_worker` takes chunks of queued runs from the queue in settings.TASKS
# (RQ on Redis when REDIS_URL is set, else the database). Everything stops together.
set -euo pipefail
cd "$(dirname "$0")/.."
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
WORKERS=${WORKERS:-2}
SIM_WORKERS=${SIM_WORKERS:-$(nproc 2>/dev/null || echo 1)}
pids=()
for _ in $(seq "$SIM_WORKERS"); do
  .venv/bin/python manage.py sim_worker &
  pids+=($!)
done
trap 'kill -TERM "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true' EXIT INT TERM
echo "Sirviendo en http://$HOST:$PORT/ ($SIM_WORKERS trabajadores de simulación: ${pids[*]})"
.venv/bin/gunicorn eliria_site.wsgi --bind "$HOST:$PORT" --workers "$WORKERS" --access-logfile - --timeout 60 \
  --limit-request-line 8190  # replay links carry both deck lists in the query string
