#!/usr/bin/env bash
# The whole suite, three legs, each for real:
#   1. SQLite (everything but the browser tests),
#   2. a throwaway PostgreSQL started here (initdb + pg_ctl on a free loopback port), then stopped,
#   3. the browser tests in Debian's headless Chromium driven by Playwright;
# plus schemathesis against the API of a real gunicorn server (scripts/fuzz.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export PYTHONDONTWRITEBYTECODE=1 DJANGO_ALLOW_ASYNC_UNSAFE=true
unset DATABASE_URL

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

status=0
summary=()
leg() {  # leg NAME pytest-args...
  local name=$1; shift
  echo "== $name"
  if "$PY" -m pytest "$@"; then summary+=("$name: ok"); else summary+=("$name: FAILED"); status=1; fi
}

leg "sqlite" -m "not browser" -q

echo "== api fuzzing (schemathesis against the real server)"
if bash scripts/fuzz.sh; then summary+=("fuzzing: ok"); else summary+=("fuzzing: FAILED"); status=1; fi

# PostgreSQL: a private cluster in a temporary folder, owned by an unprivileged user.
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDIR=$(mktemp -d /tmp/pgtest.XXXXXX)
PGUSER_OS=postgres
id -u $PGUSER_OS >/dev/null 2>&1 || PGUSER_OS=nobody
chown "$PGUSER_OS" "$PGDIR"
PGPORT=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u "$PGUSER_OS" -- "$@"); else "$@"; fi; }
as_pg "$PGBIN/initdb" -D "$PGDIR/data" --auth=trust -U postgres -E UTF8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -o "-p $PGPORT -c listen_addresses=127.0.0.1 -k $PGDIR -c fsync=off" -l "$PGDIR/log" -w start >/dev/null
trap 'as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1; rm -rf "$PGDIR"' EXIT
DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/eliria" leg "postgresql" -m "not browser" -q --ignore=tests/engine

leg "browser" -m browser -q

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
