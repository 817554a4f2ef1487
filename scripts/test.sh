#!/usr/bin/env bash
# The whole suite, each leg for real:
#   1. SQLite with the one-machine caches (everything but the browser tests),
#   2. a throwaway PostgreSQL and Redis started here on free loopback ports, then stopped,
#   3. a small cluster (scripts/cluster.sh): two app servers, two workers, one killed mid-run,
#      and the same cluster under faults (scripts/chaos.sh: Redis restarted, workers killed and
#      stopped, a cancel mid-slice, parallel submissions at a quota; workers under supervisord),
#   4. the browser tests in Debian's headless Chromium driven by Playwright;
# all of them on the engine compiled with mypyc (scripts/build_engine.py, built first);
# plus schemathesis against the API of a real gunicorn server (scripts/fuzz.sh).
# The pytest legs run on every core (pytest-xdist, TEST_WORKERS=auto; TEST_WORKERS=0 runs them in one
# process): each worker has its own test database (SQLite in memory, PostgreSQL test_eliria_gwN), live
# server and Chromium; a module's tests stay on one worker (--dist loadfile), so a module's own
# servers and databases (tests/security, tests/play/test_run_races.py) start once.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export PYTHONDONTWRITEBYTECODE=1 DJANGO_ALLOW_ASYNC_UNSAFE=true
unset DATABASE_URL

# The engine compiled with mypyc (scripts/build_engine.py), in the background while the tools install and the
# lint runs; every leg runs on it, and tests/engine/test_compiled.py compares its answers with the pure engine's.
ENGINE_LOG=$(mktemp /tmp/engine-build.XXXXXX)
"$PY" scripts/build_engine.py >"$ENGINE_LOG" 2>&1 &
engine_pid=$!

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
command -v redis-server >/dev/null || need_apt+=(redis-server)
command -v msgfmt >/dev/null || need_apt+=(gettext)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# The translations the tests read are compiled from locale/*/django.po, as `make run` does.
touch locale/*/LC_MESSAGES/django.po  # compilemessages skips a .mo as new as its .po (a fresh clone)
"$PY" manage.py compilemessages --ignore=.venv -v 0

status=0
summary=()
LOG=$(mktemp /tmp/make-test.XXXXXX)
leg() {  # leg NAME pytest-args...
  local name=$1; shift
  echo "== $name"
  if "$PY" -m pytest "$@" | tee -a "$LOG"; then summary+=("$name: ok"); else summary+=("$name: FAILED"); status=1; fi
}

echo "== lint (ruff) and types (mypy --strict on engine/)"
if .venv/bin/ruff check . && .venv/bin/mypy engine; then summary+=("lint: ok"); else summary+=("lint: FAILED"); status=1; fi

echo "== engine (mypyc)"
if wait "$engine_pid"; then summary+=("engine build: ok"); export ENGINE_REQUIRE_COMPILED=1; else summary+=("engine build: FAILED (the legs below run the pure engine)"); status=1; fi
cat "$ENGINE_LOG"; rm -f "$ENGINE_LOG"

XDIST=(-n "${TEST_WORKERS:-auto}" --dist loadfile)
leg "sqlite" -m "not browser" -q "${XDIST[@]}"

echo "== api fuzzing (schemathesis against the real server)"
if bash scripts/fuzz.sh; then summary+=("fuzzing: ok"); else summary+=("fuzzing: FAILED"); status=1; fi

# PostgreSQL and Redis, as a deployment runs: a private cluster and a throwaway redis-server started
# for this leg and stopped after it (scripts/with_pg.sh, scripts/with_redis.sh). The SQLite leg ran
# the same tests, the security ones included, with the one-machine caches.
echo "== postgresql + redis"
if bash scripts/with_pg.sh bash scripts/with_redis.sh "$PY" -m pytest -m "not browser" -q --ignore=tests/engine "${XDIST[@]}" | tee -a "$LOG"; then
  summary+=("postgresql + redis: ok"); else summary+=("postgresql + redis: FAILED"); status=1; fi

echo "== cluster (PostgreSQL, Redis, 2 app servers, 2 workers, one SIGKILLed)"; if bash scripts/cluster.sh; then summary+=("cluster: ok"); else summary+=("cluster: FAILED"); status=1; fi
echo "== chaos (Redis stopped and started, workers SIGKILLed and SIGSTOPped, cancel mid-slice, a quota raced)"
if bash scripts/chaos.sh; then summary+=("chaos: ok"); else summary+=("chaos: FAILED"); status=1; fi
leg "browser" -m browser -q "${XDIST[@]}"

echo "== summary"
printf '%s\n' "${summary[@]}"
# One closing line for the three pytest legs together.
passed=$(grep -oE '[0-9]+ passed' "$LOG" | awk '{s+=$1} END {print s+0}')
failed=$(grep -oE '[0-9]+ failed' "$LOG" | awk '{s+=$1} END {print s+0}')
rm -f "$LOG"
[ "$status" = 0 ] || [ "$failed" -gt 0 ] || failed=1  # a leg that failed without failing tests
echo "total: $passed passed, $failed failed"
exit $status
