#!/usr/bin/env bash
# The chaos leg of `make test`: runs under faults on the small cluster of scripts/cluster.sh — a
# throwaway PostgreSQL and Redis (scripts/with_pg.sh, scripts/with_redis.sh), server A and two
# simulation workers under supervisord exactly as `make run` starts them (scripts/serve.sh,
# scripts/supervisord.conf), and server B beside it. tests/play/chaos_check.py SIGKILLs a busy
# worker, stops Redis and starts it again, SIGSTOPs a worker past its lease, cancels a run
# mid-slice and fires parallel submissions at a quota, then checks every run (whole and equal to a
# serial run, or ended with a reason) and that the workers are alive. Hook: any
# tests/play/chaos_extra_*.py runs next, with the same environment. No process may remain.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHAOS_INNER:-}" ]; then
  export CHAOS_INNER=1
  exec bash scripts/with_pg.sh bash scripts/with_redis.sh bash scripts/chaos.sh "$@"
fi
PY=.venv/bin/python
T=$(mktemp -d /tmp/chaos.XXXXXX)
TAG="CHAOS_TAG=$T"  # every server and worker started here carries it in its environment
export MEDIA_ROOT=$T/media CACHE_DIR=$T/cache DJANGO_SETTINGS_MODULE=eliria_site.settings
export THROTTLE_ANON=100000/min THROTTLE_USER=100000/min THROTTLE_GOLDFISH=100000/min
export SIMULATION_LEASE=4 SIMULATION_REAP_INTERVAL=1 SIMULATION_CHUNK_SECONDS=0.1 SIMULATION_TIME_LIMIT=150
export SIMULATION_MAX_ACTIVE_PER_USER=3 SIMULATION_MAX_ACTIVE_PER_ADDRESS=50  # the per-player quota is the one raced
unset DJANGO_ALLOW_ASYNC_UNSAFE
free_port() { $PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
$PY manage.py migrate -v0 && $PY manage.py load_bundled >/dev/null || exit 1
export CHAOS_TOKENS=$($PY manage.py shell -c '
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
keys = [Token.objects.create(user=User.objects.create_user(f"chaos{i}", password="chaos-pass-123456")).key
        for i in range(4)]
print(" ".join(keys))' | tail -1)
PORT_A=$(free_port); PORT_B=$(free_port)
export CHAOS_A=http://127.0.0.1:$PORT_A CHAOS_B=http://127.0.0.1:$PORT_B
export CHAOS_REDIS_PORT=${REDIS_URL##*:}; CHAOS_REDIS_PORT=${CHAOS_REDIS_PORT%%/*}
export CHAOS_REDIS_DIR=$T/redis SUPERVISOR_DIR=$T/supervisor
mkdir -p "$CHAOS_REDIS_DIR" "$SUPERVISOR_DIR"
# Server A and the workers as `make run` runs them (supervisord restarts what dies).
env "$TAG" HOST=127.0.0.1 PORT="$PORT_A" WORKERS=2 SIM_WORKERS=2 WEB=true \
  .venv/bin/supervisord -c scripts/supervisord.conf >>"$T/supervised.log" 2>&1 &
supervisor=$!
env "$TAG" .venv/bin/gunicorn eliria_site.wsgi -b "127.0.0.1:$PORT_B" -w 2 --timeout 30 --log-level warning >>"$T/app.log" 2>&1 &
server_b=$!
tagged() { grep -lsz "$TAG" /proc/[0-9]*/environ 2>/dev/null | sed 's#/proc/\([0-9]*\)/environ#\1#'; }
$PY tests/play/chaos_check.py
status=$?
for extra in tests/play/chaos_extra_*.py; do
  [ -e "$extra" ] || continue
  $PY "$extra" || status=1
done
kill -TERM "$supervisor" "$server_b" 2>/dev/null
for _ in $(seq 100); do [ "$(tagged | wc -l)" = 0 ] && break; sleep 0.2; done
# No orphan: nothing that inherited our tag may outlive the leg.
left=$(for p in $(tagged); do ps -o pid=,args= -p "$p"; done)
if [ -n "$left" ]; then echo "chaos: processes left behind:"; echo "$left"; status=1; else echo "chaos: no process left behind"; fi
[ $status = 0 ] || { echo "--- logs"; tail -n 40 "$T"/*.log "$SUPERVISOR_DIR"/*.log 2>/dev/null; }
rm -rf "$T"
exit $status
