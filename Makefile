# Two commands set a fresh machine up: `make run` and `make test` (see README).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
TEST_WORKERS ?= auto

.PHONY: run test check venv engine data serve bench clean

# What the set-up steps print (pip, migrations, the catalogue) goes to this log: one line each on screen.
LOG := var/log/make.log

$(VENV)/.installed: requirements.txt
	@mkdir -p var/log
	@echo "· installing the Python packages (.venv; details in $(LOG))"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt >>$(LOG) 2>&1 || { tail -20 $(LOG); exit 1; }
	@touch $@

# Bytecode for the project's own modules, written once: with PYTHONDONTWRITEBYTECODE set (as on the
# CI machines) every manage.py command, worker and test process would compile them from source
# again (about 0.1-0.2 s of each command's start-up). compileall skips what is up to date.
venv: $(VENV)/.installed
	@$(PY) -m compileall -q -j 0 manage.py accounts cards collection common decks eliria_site engine play rulings >/dev/null

# The engine compiled with mypyc (engine/_native.py): once per version of its sources, into .build/engine/.
# Without a C compiler, or if mypyc fails, the engine runs as pure Python: the same answers, 3-4 times slower.
engine: venv
	@$(PY) scripts/build_engine.py || echo "engine: running as pure Python"

data: venv
	@# English catalogue: compiled from locale/en (GNU gettext's msgfmt); without it the committed .mo serves.
	@echo "· database, bundled catalogue and rulings, static files (details in $(LOG))"
	@if command -v msgfmt >/dev/null; then touch locale/*/LC_MESSAGES/django.po; $(PY) manage.py compilemessages --ignore=.venv -v 0 >>$(LOG) 2>&1; fi
	@$(PY) manage.py migrate --noinput >>$(LOG) 2>&1 || { tail -20 $(LOG); exit 1; }
	@$(PY) manage.py load_bundled >>$(LOG) 2>&1 || { tail -20 $(LOG); exit 1; }
	@$(PY) manage.py collectstatic --noinput -v 0 >>$(LOG) 2>&1 || { tail -20 $(LOG); exit 1; }

run: data engine
	@HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) bash scripts/serve.sh

test: venv
	bash scripts/test.sh

# The everyday loop: lint, types and the suite on SQLite without the browser (no cluster, no
# PostgreSQL, no fuzzing, no attacks replayed on a real gunicorn: `live`), on every core
# (pytest-xdist; TEST_WORKERS=0 for one process). `make test` stays the whole gate.
check: venv engine
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy engine
	if command -v msgfmt >/dev/null; then $(PY) manage.py compilemessages --ignore=.venv -v 0; fi
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(PY) -m pytest -m "not browser and not live and not slow" -q -n $(TEST_WORKERS) --dist loadfile

bench: venv engine
	$(PY) bench/catalogue.py
	$(PY) bench/goldfish.py
	$(PY) bench/odds.py
	$(PY) bench/pairing.py
	$(PY) bench/improve.py
	$(PY) bench/proxies.py
	$(PY) bench/matchup.py
	$(PY) bench/collection.py
	$(PY) bench/cache.py
	$(PY) bench/requests_profile.py --requests 100
	$(PY) bench/inline.py
	command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)
	$(PY) bench/load.py
	bash scripts/with_pg.sh $(PY) bench/load.py
	bash scripts/with_redis.sh $(PY) bench/runs.py

clean:
	rm -rf $(VENV) .build staticfiles media db.sqlite3*
