#!/usr/bin/env bash
# API fuzzing: serve the site for real (gunicorn, a throwaway SQLite database with the bundled
# catalogue and a player with an API token) and run schemathesis against /api/schema/ with a
# bounded number of examples. Fails on any server error or any answer that breaks the schema.
set -euo pipefail
cd "$(dirname "$0")/.."
T=$(mktemp -d /tmp/fuzz.XXXXXX)
export DATABASE_URL="sqlite:///$T/fuzz.sqlite3" MEDIA_ROOT="$T/media" CACHE_DIR="$T/cache"
export THROTTLE_ANON=1000000/min THROTTLE_USER=1000000/min THROTTLE_GOLDFISH=1000000/min
unset DJANGO_ALLOW_ASYNC_UNSAFE
PY=.venv/bin/python
$PY manage.py migrate -v0
$PY manage.py load_bundled >/dev/null
$PY manage.py collectstatic --noinput -v0
TOKEN=$($PY manage.py shell -c '
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
u = User.objects.create_user("fuzzer", password="fuzz-pass-123456")
print(Token.objects.create(user=u).key)' | tail -1)
export FUZZ_TOKEN=$TOKEN
PORT=$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# No request-line limit here, so over-long queries reach (and are refused by) the application.
.venv/bin/gunicorn eliria_site.wsgi -b "127.0.0.1:$PORT" -w 2 --timeout 60 --limit-request-line 0 --log-level warning --control-socket "$T/gunicorn.ctl" >"$T/gunicorn.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$T"' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
cat > "$T/schemathesis.toml" <<'TOML'
headers = { Authorization = "Token ${FUZZ_TOKEN}" }

# CPU-heavy operations: fewer examples (each may simulate thousands of games).
[[operations]]
include-name = "POST /api/goldfish/"
[operations.generation]
max-examples = 8

[[operations]]
include-path-regex = "^/api/matchups/"
[operations.generation]
max-examples = 5
TOML
cd "$T"
"$OLDPWD/.venv/bin/st" run "http://127.0.0.1:$PORT/api/schema/?format=json" \
  --checks all --exclude-checks positive_data_acceptance,ignored_auth \
  --max-examples "${FUZZ_EXAMPLES:-25}" --seed 1 --workers 2 --request-timeout 30 \
  --phases examples,fuzzing --no-color
