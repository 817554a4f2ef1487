# What scripts/cluster.sh and scripts/chaos.sh share, sourced by each: running itself again under
# scripts/with_pg.sh and scripts/with_redis.sh (a throwaway PostgreSQL and Redis), a scratch folder and the tag that every server and
# worker started by the leg carries in its environment, the environment of a small cluster, the
# database migrated and loaded, players with API tokens, and the check that nothing outlives it.

PY=.venv/bin/python

# cluster_inner NAME ARGS…: the first time, run scripts/NAME.sh again under with_pg.sh and with_redis.sh
# (NAME_INNER marks the second run); the second time, return.
cluster_inner() {
  local inner="${1^^}_INNER"
  [ -n "${!inner:-}" ] && return 0
  export "$inner"=1
  exec bash scripts/with_pg.sh bash scripts/with_redis.sh bash "scripts/$1.sh" "${@:2}"
}

free_port() { $PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# cluster_setup NAME: T (scratch folder), TAG (NAME_TAG=T), the shared environment, PORT_A, PORT_B.
cluster_setup() {
  T=$(mktemp -d "/tmp/$1.XXXXXX")
  TAG="${1^^}_TAG=$T"
  export MEDIA_ROOT=$T/media CACHE_DIR=$T/cache DJANGO_SETTINGS_MODULE=eliria_site.settings
  export THROTTLE_ANON=100000/min THROTTLE_USER=100000/min THROTTLE_GOLDFISH=100000/min
  export SIMULATION_LEASE=4 SIMULATION_REAP_INTERVAL=1
  unset DJANGO_ALLOW_ASYNC_UNSAFE
  $PY manage.py migrate -v0 && $PY manage.py load_bundled >/dev/null || exit 1
  PORT_A=$(free_port); PORT_B=$(free_port)
}

# cluster_tokens NAME N: the API tokens of N new players NAME0 … NAME(N-1), space-separated.
cluster_tokens() {
  $PY manage.py shell -c "
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
print(' '.join(Token.objects.create(user=User.objects.create_user(f'$1{i}', password='$1-pass-123456')).key
               for i in range($2)))" | tail -1
}

tagged() { grep -lsz "$TAG" /proc/[0-9]*/environ 2>/dev/null | sed 's#/proc/\([0-9]*\)/environ#\1#'; }

# cluster_finish NAME STATUS LOG_LINES [LOGS…]: wait for the tagged processes to end, fail when one
# is left behind (a forked child would be), show the logs on failure, remove T; exits.
cluster_finish() {
  local name=$1 status=$2 lines=$3 left
  shift 3
  for _ in $(seq 100); do [ "$(tagged | wc -l)" = 0 ] && break; sleep 0.2; done
  left=$(for p in $(tagged); do ps -o pid=,args= -p "$p"; done)
  if [ -n "$left" ]; then echo "$name: processes left behind:"; echo "$left"; status=1; else echo "$name: no process left behind"; fi
  [ "$status" = 0 ] || { echo "--- logs"; tail -n "$lines" "$@" 2>/dev/null; }
  rm -rf "$T"
  exit "$status"
}
