#!/usr/bin/env bash
# with_redis.sh COMMAND…: start a throwaway Redis (Debian's redis-server, installed when missing) on a
# free loopback port in a temporary folder, run COMMAND with REDIS_URL pointing at it, then stop it
# and delete the folder. Nests with with_pg.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
command -v redis-server >/dev/null || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
}
RDIR=$(mktemp -d /tmp/redistest.XXXXXX)
RPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# As deployed (docs/operations.md): bounded memory; only keys with an expiry (cached answers and pieces, throttle
# counters) are evicted, never the catalogue version or queued jobs.
redis-server --port "$RPORT" --bind 127.0.0.1 --dir "$RDIR" --save '' --appendonly no \
  --maxmemory 256mb --maxmemory-policy volatile-lru \
  --daemonize yes --pidfile "$RDIR/redis.pid" --logfile "$RDIR/log" >/dev/null || { cat "$RDIR/log"; exit 1; }
trap 'redis-cli -p "$RPORT" shutdown nosave >/dev/null 2>&1; rm -rf "$RDIR"' EXIT
for _ in $(seq 50); do redis-cli -p "$RPORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
export REDIS_URL="redis://127.0.0.1:$RPORT/0"
"$@"
