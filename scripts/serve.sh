#!/usr/bin/env bash
# Serve the site with gunicorn and run the background-job worker beside it; stop both together.
set -euo pipefail
cd "$(dirname "$0")/.."
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
WORKERS=${WORKERS:-2}
.venv/bin/python manage.py db_worker --interval 1 &
worker=$!
trap 'kill $worker 2>/dev/null || true' EXIT INT TERM
echo "Sirviendo en http://$HOST:$PORT/ (trabajador de tareas: pid $worker)"
.venv/bin/gunicorn eliria_site.wsgi --bind "$HOST:$PORT" --workers "$WORKERS" --access-logfile - --timeout 120 \
  --limit-request-line 8190  # replay links carry both deck lists in the query string
