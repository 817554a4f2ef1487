"""Settings for the Eliria / Misión S.O.S site: one module, driven by the environment.

Every variable is listed, with its default and meaning, in docs/operations.md's "Configuration" table.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _local_secret_key() -> str:
    """A per-checkout key for local runs, so `make run` needs no configuration.

    A deployment sets SECRET_KEY in the environment; this file is never committed."""
    path = BASE_DIR / ".local_secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(64))
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", False)
# Deployment behind a TLS-terminating proxy (SECURE=1): see docs/operations.md "Configuration".
SECURE = env_bool("SECURE", False)
if SECURE and len(os.environ.get("SECRET_KEY", "")) < 50:
    raise ImproperlyConfigured("SECURE=1 needs a SECRET_KEY of at least 50 characters in the environment.")
SECRET_KEY = os.environ.get("SECRET_KEY") or _local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "common",  # the floor every app stands on; installed for its template library (site_i18n)
    "cards",
    "rulings",
    "decks",
    "collection",
    "play",
    "django_tasks",
    "django_tasks_db",
    "accounts",
    "axes",
]

MIDDLEWARE = [
    # First: refuse malformed input (NUL bytes, control characters, deep JSON, oversized bodies)
    # before anything parses it, and answer HEAD wherever GET is answered.
    "common.gate.InputGateMiddleware",
    # Then: answers that depend on who asks are `private, no-store` and vary on Authorization and
    # Cookie; it reads the user that AuthenticationMiddleware, below it, sets on the way in.
    "common.privacy.PrivateAnswersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "common.middleware.SpanishByDefaultMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: login lockouts per (account, client) on every authentication path, admin included.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend, its per-request user read compiled once (accounts/backends.py).
    "accounts.backends.ModelBackend",
]
# Django's database sessions, their per-request read compiled once (common/sessions.py).
SESSION_ENGINE = "common.sessions"

ROOT_URLCONF = "eliria_site.urls"
WSGI_APPLICATION = "eliria_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cards.context_processors.site",
            ],
        },
    },
]

# Database: SQLite file in the project folder unless DATABASE_URL says otherwise.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=600, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL + immediate transactions: parallel writers wait instead of failing "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts: django.contrib.auth views (accounts/urls.py); reset mails go to the console unless
# EMAIL_BACKEND names a real backend (with EMAIL_HOST etc.).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "decks:mine"
LOGOUT_REDIRECT_URL = "cards:home"
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Eliria <no-reply@localhost>")

LANGUAGE_CODE = "es"
LANGUAGES = [("es", "Español"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# STATIC_ROOT moves the collected files (the attack tests give each real server its own, so one
# collecting never changes the folder another process's WhiteNoise is reading).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Tests run without collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
# The input gate refuses larger bodies before they are read (multipart uploads included): card scans
# and catalogue files go through the admin and the commands, players' uploads are small text files.
MAX_REQUEST_BODY = int(os.environ.get("MAX_REQUEST_BODY", str(12 * 1024 * 1024)))
MAX_JSON_DEPTH = 64

# The client's address: REMOTE_ADDR, unless NUM_PROXIES trusted proxies in front of the site each
# append the address they saw to X-Forwarded-For (then the one NUM_PROXIES from the right). The same
# reading serves the API throttles, the login lockouts and the job quotas (common.net.client_ip).
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "0"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "common.schema.SiteAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "common.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": ["common.throttling.ClientRateThrottle"],
    "NUM_PROXIES": NUM_PROXIES,
    "EXCEPTION_HANDLER": "common.errors.api_exception_handler",
    # A parser only for its own media type named exactly: `*/*` or `application/*` bodies are 415,
    # never parsed as JSON behind the input gate's back (common.gate).
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "common.negotiation.ExactContentNegotiation",
    "DEFAULT_THROTTLE_RATES": {},  # filled from THROTTLE_RATES below
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Eliria & Misión S.O.S API",
    "DESCRIPTION": "Catálogo, resoluciones, validación de mazos y goldfish.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the installed sidecar package: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {"GameEnum": "cards.models.Game"},
}

if SECURE:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # Load balancers probe over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Background jobs (Django's Tasks API through the django-tasks backport). A simulation too big for
# a request (SIMULATION_INLINE_BUDGET seconds of work) becomes a run split into chunks of games,
# one queue message each, taken by `manage.py sim_worker` processes (play/). With REDIS_URL the
# queue is RQ on Redis (django-tasks-rq), shared by workers on any machine; without it the
# database backend, so `make run` needs no extra server. TASKS_BACKEND names another backend.
_JOBS_REDIS_URL = os.environ.get("REDIS_URL", "")
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND") or (
    "django_tasks_rq.RQBackend" if _JOBS_REDIS_URL else "django_tasks_db.DatabaseBackend")}}
SIMULATION_TIME_LIMIT = float(os.environ.get("SIMULATION_TIME_LIMIT", "120"))  # a run keeps the games done by then
if TASKS["default"]["BACKEND"].startswith("django_tasks_rq."):
    INSTALLED_APPS.append("django_rq")
    # A web process sending a run's messages to a hung Redis waits 2 s, not for ever (RQ raises the
    # timeout of its workers' own blocking reads above this by itself); see common.breaker.
    _rq_url = _JOBS_REDIS_URL or "redis://127.0.0.1:6379/0"
    if "socket_timeout" not in _rq_url:
        _rq_url += ("&" if "?" in _rq_url else "?") + "socket_timeout=2&socket_connect_timeout=2"
    RQ_QUEUES = {"default": {"URL": _rq_url,
                             "DEFAULT_TIMEOUT": int(SIMULATION_TIME_LIMIT) + 300}}
SIMULATION_INLINE_BUDGET = float(os.environ.get("SIMULATION_INLINE_BUDGET", "0.1"))  # seconds of one core
# Work per queue message, at most; a run is split into at least two chunks per worker (SIMULATION_WORKERS)
# down to a quarter of this each, so even a small run keeps every worker busy (play.runs.budget.chunk_count).
SIMULATION_CHUNK_SECONDS = float(os.environ.get("SIMULATION_CHUNK_SECONDS", "1"))
SIMULATION_LEASE = int(os.environ.get("SIMULATION_LEASE", "15"))  # a chunk whose worker is silent this long is retried
SIMULATION_REAP_INTERVAL = float(os.environ.get("SIMULATION_REAP_INTERVAL", "2"))
# How often an idle worker of the database queue reads whether a chunk is ready (one indexed row, no
# lock: play.management.commands.sim_worker.WakeOnWork); RQ on Redis is woken at once.
SIMULATION_POLL_INTERVAL = float(os.environ.get("SIMULATION_POLL_INTERVAL", "0.02"))
# The database queue's rows of finished messages are dropped this many days after (sim_worker's reaper).
SIMULATION_TASK_RESULTS_DAYS = int(os.environ.get("SIMULATION_TASK_RESULTS_DAYS", "7"))
SIMULATION_MAX_ATTEMPTS = int(os.environ.get("SIMULATION_MAX_ATTEMPTS", "3"))
SIMULATION_QUEUE_TIMEOUT = int(os.environ.get("SIMULATION_QUEUE_TIMEOUT", "1800"))  # unstarted runs fail after
SIMULATION_MAX_ACTIVE_PER_USER = int(os.environ.get("SIMULATION_MAX_ACTIVE_PER_USER", "3"))
SIMULATION_MAX_ACTIVE_ANONYMOUS = int(os.environ.get("SIMULATION_MAX_ACTIVE_ANONYMOUS", "1"))  # per address
SIMULATION_MAX_ACTIVE_PER_ADDRESS = int(os.environ.get("SIMULATION_MAX_ACTIVE_PER_ADDRESS", "6"))
SIMULATION_MAX_QUEUED = int(os.environ.get("SIMULATION_MAX_QUEUED", "200"))  # runs in flight, site-wide
SIMULATION_WORKERS = int(os.environ.get("SIMULATION_WORKERS", "0")) or (os.cpu_count() or 1)  # the commands' processes
# The most games one improve search may play (play.improve.services.max_budget): within a run's time limit
# on the pure engine (about 4,000-5,000 search games a second on one busy core); against a field,
# whose games are whole matches, far fewer.
IMPROVE_MAX_BUDGET = int(os.environ.get("IMPROVE_MAX_BUDGET", "300000"))
IMPROVE_MAX_FIELD_BUDGET = int(os.environ.get("IMPROVE_MAX_FIELD_BUDGET", "10000"))

def _default_cache_dir() -> str:
    """Memory-backed /dev/shm when there is one: a cache write there costs 0.05 ms, not 2 ms."""
    shm = Path("/dev/shm")  # noqa: S108 - a per-project folder for a cache, not a temp file
    # One folder per project folder and database, so two sites never share cached pages.
    tag = hashlib.sha256(f"{BASE_DIR}|{os.environ.get('DATABASE_URL', '')}".encode()).hexdigest()[:12]
    if shm.is_dir() and os.access(shm, os.W_OK):
        return str(shm / f"eliria-cache-{tag}")
    return str(BASE_DIR / "var" / "cache")


# The cache every app server shares: API throttle counters, the catalogue version and the page cache.
# REDIS_URL: Django's own Redis cache, for any number of app servers. Without it (`make run` on one
# machine) a folder on disk that every gunicorn worker of this machine shares; CACHE_DIR moves it.
# Login lockouts are not here: django-axes counts them in the database, where no cull can drop them.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's Redis cache behind a per-process circuit breaker (common.breaker): after a
            # call times out or fails to connect, calls skip Redis for CACHE_BREAKER_SECONDS.
            "BACKEND": "common.cache.BreakerRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "eliria"),
            "OPTIONS": {"socket_timeout": 2, "socket_connect_timeout": 2},
        }
    }
else:
    # diskcache's Django backend: SQLite files in shards, shared by every process of the machine.
    # Django's FileBasedCache listed its whole folder on every write (bench/cache.py: 8 ms per
    # throttle count at 5,000 clients); this one writes a row and culls by size. A write that waits
    # on a shard's lock past DATABASE_TIMEOUT is retried (a catalogue version change is never lost);
    # a read that waits that long finds nothing (a page rendered again, never a failed request).
    CACHES = {
        "default": {
            "BACKEND": "common.cache.KeptDiskCache",
            "LOCATION": os.environ.get("CACHE_DIR") or _default_cache_dir(),
            "SHARDS": 4,
            "DATABASE_TIMEOUT": 0.25,
            "OPTIONS": {"size_limit": 256 * 1024 * 1024},
        }
    }
CACHE_BREAKER_SECONDS = float(os.environ.get("CACHE_BREAKER_SECONDS", "5"))
# Whole answers kept for anonymous readers (common.pagecache): at most this many bytes per app
# server without Redis, and each answer at most PAGE_CACHE_MAX_ANSWER bytes.
PAGE_CACHE_BYTES = int(os.environ.get("PAGE_CACHE_BYTES", str(32 * 1024 * 1024)))
PAGE_CACHE_MAX_ANSWER = 512 * 1024

# /healthz (common.health): each check a dotted path; an app may add its own.
HEALTH_CHECKS = ["common.health.database", "common.health.shared_cache", "common.health.disk",
                 "common.health.cache_folder", "play.runs.health.workers"]
HEALTH_MIN_FREE_MB = int(os.environ.get("HEALTH_MIN_FREE_MB", "100"))

# Login lockouts (django-axes): five failures for one account from one client lock that pair out
# for 15 minutes, on the site's login, the admin's and any other authentication path; the owner
# logging in from elsewhere is not locked out, and a success resets the pair.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "common.net.client_ip"
AXES_USERNAME_CALLABLE = "common.net.login_name"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): no inline script or style anywhere on the site.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# API throttling per user and per anonymous address; the goldfish endpoint is stricter.
THROTTLE_RATES = {
    "anon": os.environ.get("THROTTLE_ANON", "300/min"),
    "user": os.environ.get("THROTTLE_USER", "1200/min"),
    "goldfish": os.environ.get("THROTTLE_GOLDFISH", "30/min"),
    # The exact odds (API and the deck page's panel): up to SIMULATION_INLINE_BUDGET of CPU each.
    "odds": os.environ.get("THROTTLE_ODDS", "60/min"),
    # Account pages (common.throttling.throttle_view): sign-ups and reset mails per client address.
    "signup": os.environ.get("THROTTLE_SIGNUP", "10/hour"),
    "password_reset": os.environ.get("THROTTLE_PASSWORD_RESET", "5/hour"),
    # The replay page (anyone may ask; each step replays a whole game): per client address.
    "replay": os.environ.get("THROTTLE_REPLAY", "120/min"),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = THROTTLE_RATES
