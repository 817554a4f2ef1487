#!/usr/bin/env bash
# The cluster leg of `make test`: on loopback, a throwaway PostgreSQL and Redis
# (scripts/with_pg.sh, scripts/with_redis.sh), two app servers (gunicorn) on two ports and two
# simulation workers (manage.py sim_worker on RQ). tests/play/cluster_check.py submits a large
# goldfish run and a matchup run through server A, SIGKILLs the worker playing a chunk, and checks
# that both runs finish with the bytes of a serial run of the same seed, read from server B.
# Afterwards no process started here may remain.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CLUSTER_INNER:-}" ]; then
  export CLUSTER_INNER=1
  exec bash scripts/with_pg.sh bash scripts/with_redis.sh bash scripts/cluster.sh "$@"
fi
PY=.venv/bin/python
T=$(mktemp -d /tmp/cluster.XXXXXX)
TAG="CLUSTER_TAG=$T"  # every server and worker started here carries it in its environment
export MEDIA_ROOT=$T/media CACHE_DIR=$T/cache DJANGO_SETTINGS_MODULE=eliria_site.settings
export THROTTLE_ANON=100000/min THROTTLE_USER=100000/min THROTTLE_GOLDFISH=100000/min
export SIMULATION_LEASE=4 SIMULATION_REAP_INTERVAL=1 SIMULATION_CHUNK_SECONDS=0.5
unset DJANGO_ALLOW_ASYNC_UNSAFE
free_port() { $PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
$PY manage.py migrate -v0 && $PY manage.py load_bundled >/dev/null || exit 1
export CLUSTER_TOKEN=$($PY manage.py shell -c '
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
u = User.objects.create_user("cluster", password="cluster-pass-123456")
print(Token.objects.create(user=u).key)' | tail -1)
PORT_A=$(free_port); PORT_B=$(free_port)
export CLUSTER_A=http://127.0.0.1:$PORT_A CLUSTER_B=http://127.0.0.1:$PORT_B
pids=()
for port in "$PORT_A" "$PORT_B"; do
  env "$TAG" .venv/bin/gunicorn eliria_site.wsgi -b "127.0.0.1:$port" -w 2 --timeout 30 --log-level warning >>"$T/app.log" 2>&1 &
  pids+=($!)
done
workers=()
for n in 1 2; do
  env "$TAG" $PY manage.py sim_worker >>"$T/worker$n.log" 2>&1 &
  workers+=($!)
  disown $!  # its SIGKILL is the test, not news
done
export CLUSTER_WORKERS="${workers[*]}"
tagged() { grep -lsz "$TAG" /proc/[0-9]*/environ 2>/dev/null | sed 's#/proc/\([0-9]*\)/environ#\1#'; }
stop_all() {
  kill -TERM "${pids[@]}" "${workers[@]}" 2>/dev/null
  for _ in $(seq 50); do
    alive=$(tagged | wc -l)
    [ "$alive" = 0 ] && break
    sleep 0.2
  done
}
$PY tests/play/cluster_check.py
status=$?
# No web request forked: the app servers' workers have no children of their own.
for master in "${pids[@]}"; do
  for w in $(pgrep -P "$master"); do
    if pgrep -P "$w" >/dev/null; then echo "cluster: gunicorn worker $w has children:"; ps -o pid=,args= --ppid "$w"; status=1; fi
  done
done
stop_all
# No orphan: nothing that inherited our tag may outlive the cluster (a forked pool child would).
left=$(for p in $(tagged); do ps -o pid=,args= -p "$p"; done)
if [ -n "$left" ]; then echo "cluster: processes left behind:"; echo "$left"; status=1; else echo "cluster: no process left behind"; fi
[ $status = 0 ] || { echo "--- logs"; tail -n 30 "$T"/*.log; }
rm -rf "$T"
exit $status
