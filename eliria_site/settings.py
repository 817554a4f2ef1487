"""Settings for the Eliria / Misión S.O.S site: one module, driven by the environment.

Variables: DATABASE_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS, MEDIA_ROOT,
SECURE (turns on the HTTPS-only settings for a deployment behind a TLS proxy).
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
# Deployment behind a TLS-terminating proxy (SECURE=1): see README "Configuration".
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
    "cards",
    "rulings",
    "decks",
    "collection",
    "play",
    "django_tasks",
    "django_tasks_db",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "eliria_site.middleware.SpanishByDefaultMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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
STATIC_ROOT = BASE_DIR / "staticfiles"
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

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "eliria_site.schema.SiteAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "eliria_site.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
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
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Background jobs (Django's Tasks API through the django-tasks backport): the database backend by
# default, so nothing extra runs; `make run` starts its worker. A Redis or Celery backend can be
# named here when the site outgrows one machine.
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend")}}
SIMULATION_WORKERS = int(os.environ.get("SIMULATION_WORKERS", "0")) or (os.cpu_count() or 1)
SIMULATION_TIME_LIMIT = float(os.environ.get("SIMULATION_TIME_LIMIT", "120"))

def _default_cache_dir() -> str:
    """Memory-backed /dev/shm when there is one: a cache write there costs 0.05 ms, not 2 ms."""
    shm = Path("/dev/shm")  # noqa: S108 - a per-project folder for a cache, not a temp file
    # One folder per project folder and database, so two sites never share cached pages.
    tag = hashlib.sha256(f"{BASE_DIR}|{os.environ.get('DATABASE_URL', '')}".encode()).hexdigest()[:12]
    if shm.is_dir() and os.access(shm, os.W_OK):
        return str(shm / f"eliria-cache-{tag}")
    return str(BASE_DIR / "var" / "cache")


# One cache shared by every gunicorn worker (throttle counters, login attempts): a folder on disk,
# so nothing extra has to run; CACHE_DIR moves it.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("CACHE_DIR") or _default_cache_dir(),
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }
}

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
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = THROTTLE_RATES
