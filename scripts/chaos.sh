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
. scripts/lib_cluster.sh
cluster_inner chaos "$@"  # again under with_pg.sh and with_redis.sh
cluster_setup chaos
export SIMULATION_CHUNK_SECONDS=0.1 SIMULATION_TIME_LIMIT=150
export SIMULATION_MAX_ACTIVE_PER_USER=3 SIMULATION_MAX_ACTIVE_PER_ADDRESS=50  # the per-player quota is the one raced
CHAOS_TOKENS=$(cluster_tokens chaos 4)
export CHAOS_TOKENS
export CHAOS_A=http://127.0.0.1:$PORT_A CHAOS_B=http://127.0.0.1:$PORT_B
export CHAOS_REDIS_PORT=${REDIS_URL##*:}; CHAOS_REDIS_PORT=${CHAOS_REDIS_PORT%%/*}
export CHAOS_REDIS_DIR=$T/redis SUPERVISOR_DIR=$T/supervisor
mkdir -p "$CHAOS_REDIS_DIR" "$SUPERVISOR_DIR"
# Server A and the workers as `make run` runs them (supervisord restarts what dies).
env "$TAG" HOST=127.0.0.1 PORT="$PORT_A" WORKERS=2 SIM_WORKERS=2 WEB=true \
  .venv/bin/supervisord -c scripts/supervisord.conf >>"$T/supervised.log" 2>&1 &
supervisor=$!
env "$TAG" .venv/bin/gunicorn eliria_site.wsgi -b "127.0.0.1:$PORT_B" -w 2 --timeout 30 --log-level warning --control-socket "$T/gunicorn.ctl" >>"$T/app.log" 2>&1 &
server_b=$!
$PY tests/play/chaos_check.py
status=$?
for extra in tests/play/chaos_extra_*.py; do
  [ -e "$extra" ] || continue
  $PY "$extra" || status=1
done
kill -TERM "$supervisor" "$server_b" 2>/dev/null
cluster_finish chaos "$status" 40 "$T"/*.log "$SUPERVISOR_DIR"/*.log
