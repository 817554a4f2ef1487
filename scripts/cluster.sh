#!/usr/bin/env bash
# The cluster leg of `make test`: on loopback, a throwaway PostgreSQL and Redis
# (scripts/with_pg.sh, scripts/with_redis.sh), two app servers (gunicorn) on two ports and two
# simulation workers (manage.py sim_worker on RQ). tests/play/cluster_check.py submits a large
# goldfish run and a matchup run through server A, SIGKILLs the worker playing a chunk, and checks
# that both runs finish with the bytes of a serial run of the same seed, read from server B.
# Afterwards no process started here may remain.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib_cluster.sh
cluster_inner cluster "$@"  # again under with_pg.sh and with_redis.sh
cluster_setup cluster
export SIMULATION_CHUNK_SECONDS=0.5
CLUSTER_TOKEN=$(cluster_tokens cluster 1)
export CLUSTER_TOKEN
export CLUSTER_A=http://127.0.0.1:$PORT_A CLUSTER_B=http://127.0.0.1:$PORT_B
pids=()
for port in "$PORT_A" "$PORT_B"; do
  env "$TAG" .venv/bin/gunicorn eliria_site.wsgi -b "127.0.0.1:$port" -w 2 --timeout 30 --log-level warning --control-socket "$T/gunicorn-$port.ctl" >>"$T/app.log" 2>&1 &
  pids+=($!)
done
workers=()
for n in 1 2; do
  env "$TAG" $PY manage.py sim_worker >>"$T/worker$n.log" 2>&1 &
  workers+=($!)
  disown $!  # its SIGKILL is the test, not news
done
export CLUSTER_WORKERS="${workers[*]}"
stop_all() { kill -TERM "${pids[@]}" "${workers[@]}" 2>/dev/null; }
$PY tests/play/cluster_check.py
status=$?
# No web request forked: the app servers' workers have no children of their own.
for master in "${pids[@]}"; do
  for w in $(pgrep -P "$master"); do
    if pgrep -P "$w" >/dev/null; then echo "cluster: gunicorn worker $w has children:"; ps -o pid=,args= --ppid "$w"; status=1; fi
  done
done
stop_all
cluster_finish cluster "$status" 30 "$T"/*.log
