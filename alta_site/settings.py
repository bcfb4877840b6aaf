"""Alta's settings: one file, configured from the environment.

Defaults suit local development on one machine with no servers at all
(SQLite, a filesystem Celery broker, mail captured in the database).  A
deployment sets the variables listed in ``docker/.env.example`` (and in the
README); nothing differs between environments except those variables.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import dj_email_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .env import (
    development_secret_key,
    env_bool,
    env_int,
    env_list,
    env_secret,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

# --------------------------------------------------------------------- core
DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_secret("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set (or SECRET_KEY_FILE) when DEBUG is off.")
    SECRET_KEY = development_secret_key(VAR_DIR)

SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = env_str("SITE_NAME", "Alta")
_site_host = urlsplit(SITE_URL).hostname or "localhost"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", _site_host] if DEBUG else [_site_host])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [SITE_URL])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "alta_site",
    "alta_site.accounts",
    "alta_site.devmail",
    "core",
    "games",
    "mail",
    "tournaments",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A form's write in one transaction with its answer, the session too (so before SessionMiddleware).
    "alta_site.middleware.FormWritesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before any view or middleware that queries (its 404 page in the
    # reader's language, so after LocaleMiddleware).
    "alta_site.middleware.NulBytesNotFoundMiddleware",
    "alta_site.middleware.CommonMiddleware",  # Django's, answering a missing slash with a 308
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "alta_site.accounts.middleware.UserPreferencesMiddleware",
    # Inside the reader's language and account, for its page.
    "alta_site.middleware.MethodNotAllowedPageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "alta_site.urls"
WSGI_APPLICATION = "alta_site.wsgi.application"
ASGI_APPLICATION = "alta_site.asgi.application"
SITE_ID = 1

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "alta_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "alta_site.context_processors.site",
            ],
            # Every page marks its text for translation; loading the tags
            # once here keeps that from being a line in each template (so for
            # ``|written``, dates as the reader's language writes them).
            "builtins": ["django.templatetags.i18n", "core.templatetags.written_dates", "core.templatetags.name_lists"],
        },
    },
]

# ----------------------------------------------------------------- database
DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'alta.sqlite3'}")
# A kept connection (DB_CONN_MAX_AGE) is checked before each request reuses
# it: after a database restart every kept connection is dead, and without the
# check each one costs a user a 500.
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 0), conn_health_checks=True)
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and IMMEDIATE transactions let the web server and the worker share
    # one SQLite file without "database is locked" on every concurrent write.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
elif env_bool("DB_PREPARED_STATEMENTS", True):
    # PostgreSQL binds the parameters itself, and a statement run a fifth time
    # on a kept connection (DB_CONN_MAX_AGE) is prepared: PostgreSQL then no
    # longer parses and plans it (a move's lock joins four tables), about a
    # third of its CPU per move.  Off behind a PgBouncer in transaction mode,
    # which cannot keep a session's prepared statements.
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHE_URL = env_str("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    # Fails open (alta_site.cache) and reuses its clients (core.cache): with
    # Redis away pages, logins and moves go on unthrottled.  Short timeouts:
    # a Redis that hangs (rather than refuses) costs each cache call about a
    # second, not a stuck worker.
    CACHES = {
        "default": {
            "BACKEND": "alta_site.cache.FailOpenRedisCache",
            "LOCATION": CACHE_URL,
            "OPTIONS": {
                "socket_connect_timeout": 1,
                "socket_timeout": 1,
            },
        }
    }
else:
    # A file cache is shared by every local process, so rate limits hold
    # across the web server's workers without a cache server.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }

# ----------------------------------------------------------------- accounts
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sessions live in the database, never only in the cache: a cache outage
# signs nobody out (alta_site.cache).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "profile"
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = urlsplit(SITE_URL).scheme or "https"
ACCOUNT_SIGNUP_FORM_CLASS = "alta_site.accounts.forms.SignupForm"
# The forms that ask for a new password show its rules as the field's hint (a list).
ACCOUNT_FORMS = {
    "change_password": "alta_site.accounts.password_forms.ChangePasswordForm",
    "set_password": "alta_site.accounts.password_forms.SetPasswordForm",
    "reset_password_from_key": "alta_site.accounts.password_forms.ResetPasswordKeyForm",
}
ACCOUNT_ADAPTER = "alta_site.accounts.adapter.AccountAdapter"
ACCOUNT_RATE_LIMITS = {
    "signup": env_str("RATE_LIMIT_SIGNUP", "10/h/ip"),
    "login": env_str("RATE_LIMIT_LOGIN", "30/m/ip"),
    "login_failed": env_str("RATE_LIMIT_LOGIN_FAILED", "10/m/ip,5/300s/key"),
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "confirm_email": "1/180s/key",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
}

# ------------------------------------------------------------ i18n and time
# A signed-in user's own setting decides the language (and time zone) of
# their pages (``accounts.middleware``); everyone else gets the browser's
# Accept-Language through LocaleMiddleware.  Language names stay autonyms.
LANGUAGE_CODE = "en"
# Italian covers Alpaca (its rule text is Italian): its terms and help; the
# rest of the site falls back to English.
LANGUAGES = [("en", "English"), ("nl", "Nederlands"), ("it", "Italiano")]
# The project's own catalogue (alta_site, accounts, devmail); games, ratings
# and tournaments keep theirs in <app>/locale.  `make install` compiles them.
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# ------------------------------------------------------------------ static
STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
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

# ------------------------------------------------------------------- email
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <games@localhost>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
MAIL_DOMAIN = env_str("MAIL_DOMAIN", "localhost")
EMAIL_URL = env_secret("EMAIL_URL")
if EMAIL_URL:
    _email = dj_email_url.parse(EMAIL_URL)
    EMAIL_BACKEND = _email["EMAIL_BACKEND"]
    EMAIL_HOST = _email["EMAIL_HOST"]
    EMAIL_PORT = _email["EMAIL_PORT"]
    EMAIL_HOST_USER = _email["EMAIL_HOST_USER"]
    EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_PASSWORD"]
    EMAIL_USE_TLS = _email["EMAIL_USE_TLS"]
    EMAIL_USE_SSL = _email["EMAIL_USE_SSL"]
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 30)
else:
    # No mail server configured: keep every mail in the local mailbox.
    EMAIL_BACKEND = "alta_site.devmail.backend.MailboxBackend"
DEV_MAILBOX = env_bool("DEV_MAILBOX", DEBUG)
# Incoming replies: at most this many messages per sender per hour.
INBOUND_MAIL_PER_HOUR = env_int("INBOUND_MAIL_PER_HOUR", 60)
# The largest post a mail provider's webhook may make, once its basic auth
# is checked (Mailgun takes mail up to 25 MB and adds its parsed fields);
# a mail in it over what the intakes read is answered as too large.
INBOUND_WEBHOOK_MAX_BYTES = env_int("INBOUND_WEBHOOK_MAX_BYTES", 40 * 1024 * 1024)
# Incoming mail keeps its text (body and raw message) this many days, then
# only its envelope (when, from whom, what became of it): see the privacy page.
INBOUND_MAIL_RETENTION_DAYS = env_int("INBOUND_MAIL_RETENTION_DAYS", 30)
# Sent mail keeps its text and HTML this many days (to look into a complaint
# or a bounce), then only its envelope: the bodies are most of a finished
# game's bytes.
SENT_MAIL_BODY_RETENTION_DAYS = env_int("SENT_MAIL_BODY_RETENTION_DAYS", 14)
# A worker killed while sending leaves a row "sending"; after this many
# seconds the sweeper hands it out again.
MAIL_SEND_LEASE_SECONDS = env_int("MAIL_SEND_LEASE_SECONDS", 300)
# Provider webhooks (django-anymail): incoming mail (Mailgun routes) and
# delivery events (Mailgun's "failed": the bounces of mail Mailgun sent for
# us from its own envelope sender).  Either flag serves both URLs, as both
# take only what Mailgun signed with the key.
MAILGUN_INBOUND_ENABLED = env_bool("MAILGUN_INBOUND_ENABLED", False)
MAILGUN_EVENTS_ENABLED = env_bool("MAILGUN_EVENTS_ENABLED", False)
ANYMAIL: dict[str, str] = {}
if MAILGUN_INBOUND_ENABLED or MAILGUN_EVENTS_ENABLED:
    _signing_key = env_secret("MAILGUN_WEBHOOK_SIGNING_KEY")
    _webhook_secret = env_secret("ANYMAIL_WEBHOOK_SECRET")
    if not _signing_key or not _webhook_secret:
        raise ImproperlyConfigured(
            "MAILGUN_INBOUND_ENABLED and MAILGUN_EVENTS_ENABLED need MAILGUN_WEBHOOK_SIGNING_KEY and "
            "ANYMAIL_WEBHOOK_SECRET."
        )
    ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": _signing_key, "WEBHOOK_SECRET": _webhook_secret}

# Invitations an account may send per 24 hours to email addresses it types,
# to games, clubs and tournaments together (games.services.address_allowance;
# each is a mail to someone who never asked for it).
INVITATIONS_TO_STRANGERS_PER_DAY = env_int("INVITATIONS_TO_STRANGERS_PER_DAY", 20)
# Vacation days each player may take per calendar year (games.deadlines.vacation).
VACATION_DAYS_PER_YEAR = env_int("VACATION_DAYS_PER_YEAR", 14)
# Deadline sweeps that may run at once when many deadlines are due (beat's
# own plus helpers on other worker processes; games.tasks.deadlines_sweep).
DEADLINE_SWEEPERS = env_int("DEADLINE_SWEEPERS", 2)

# How a committed move wakes the mail worker (mail/wakeup.py): "notify", a
# NOTIFY in the move's transaction that each worker LISTENs for (PostgreSQL
# only: no broker round trip in the request), or "publish", a task published
# after commit by the web process's publisher thread.  Either way the outbox
# sweep writes what no wake-up announced.
MAIL_WAKE = env_str("MAIL_WAKE", "notify" if DATABASES["default"]["ENGINE"].endswith("postgresql") else "publish")
if MAIL_WAKE not in ("notify", "publish"):
    raise ImproperlyConfigured(f'MAIL_WAKE must be "notify" or "publish", not {MAIL_WAKE!r}.')

# ------------------------------------------------------------------ celery
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", f"file://{VAR_DIR / 'celery' / 'results'}")
if CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport, its client reused (alta_site/broker.py).
    CELERY_BROKER_TRANSPORT = "alta_site.broker:Transport"
if CELERY_BROKER_URL.startswith("filesystem://"):
    _queue_dir = VAR_DIR / "celery" / "queue"
    _processed_dir = VAR_DIR / "celery" / "processed"
    _control_dir = VAR_DIR / "celery" / "control"
    for _dir in (_queue_dir, _processed_dir, _control_dir):
        _dir.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "processed_folder": str(_processed_dir),
        "store_processed": False,
        "control_folder": str(_control_dir),
    }
if CELERY_RESULT_BACKEND.startswith("file://"):
    Path(CELERY_RESULT_BACKEND.removeprefix("file://")).mkdir(parents=True, exist_ok=True)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 60)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 90)
CELERY_RESULT_EXPIRES = 3600
# No code reads a task's result: storing each one (in Redis, for an hour)
# costs the worker a round trip per task for nothing.  A task whose result
# is wanted sets ``ignore_result=False``.
CELERY_TASK_IGNORE_RESULT = True
# Celery's Django fixup closes every database connection before and after
# each task unless it may reuse them; alta_site.celery instead recycles
# them per task as Django does per request (``close_old_connections``), so
# DB_CONN_MAX_AGE and the health check hold for tasks as for pages.
CELERY_DB_REUSE_MAX = 2**62
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_IMPORTS = ["mail.tasks"]
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "outbox-sweep": {"task": "mail.tasks.outbox_sweep", "schedule": 60},
    "digests-send": {"task": "mail.tasks.digests_send", "schedule": 15 * 60},
    "inbound-mail-prune": {"task": "alta_site.tasks.inbound_mail_prune", "schedule": 6 * 3600},
    "sent-mail-bodies-prune": {"task": "alta_site.tasks.sent_mail_bodies_prune", "schedule": 6 * 3600},
    "sessions-clear-expired": {
        "task": "alta_site.tasks.sessions_clear_expired",
        "schedule": 6 * 3600,
    },
    "ratings-sweep": {"task": "ratings.tasks.ratings_sweep", "schedule": 10 * 60},
    "ladders-matchmake": {"task": "ratings.tasks.ladders_matchmake", "schedule": 15 * 60},
    "ladder-challenges-expire": {"task": "ratings.tasks.challenges_expire", "schedule": 3600},
    # Deadlines live in the database; these sweeps enforce and remind.  A
    # sweep not started within the minute is dropped: the next one covers it.
    "deadlines-sweep": {"task": "games.tasks.deadlines_sweep", "schedule": 60, "options": {"expires": 55}},
    "reminders-sweep": {"task": "games.tasks.reminders_sweep", "schedule": 60, "options": {"expires": 55}},
    # Tournaments: start those whose registration closed, chase round
    # deadlines, and record finished games whose task was lost.
    "tournaments-start-due": {"task": "tournaments.tasks.tournaments_start_due", "schedule": 300},
    "tournaments-deadlines-sweep": {"task": "tournaments.tasks.round_deadlines_sweep", "schedule": 600},
    "tournaments-sweep": {"task": "tournaments.tasks.tournaments_sweep", "schedule": 600},
}

# -------------------------------------------------------------------- api
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "alta_site.accounts.tokens.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "EXCEPTION_HANDLER": "core.exception_handler.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "alta_site.parsers.BoundedJSONParser",
        "alta_site.parsers.StrictFormParser",
        "alta_site.parsers.ReadableMultiPartParser",
    ],
    "DEFAULT_THROTTLE_RATES": {"game_write": env_str("RATE_LIMIT_GAME_WRITES", "120/min")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Alta API",
    "DESCRIPTION": "Play slow board games by correspondence.",
    "VERSION": "1",
    # Served from our own static files: pages must work offline (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.document_refusals",
    ],
}

# --------------------------------------------------------------- security
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
_https = SITE_URL.startswith("https://")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", _https and not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", _https)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", _https)
# The language a player signed out in (alta_site.accounts.signals): no script reads it.
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if _https and not DEBUG else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", bool(SECURE_HSTS_SECONDS))
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", bool(SECURE_HSTS_SECONDS))
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Pages run no inline script and load nothing from elsewhere: an injected
# <script> or on* attribute does not run.  (The JSON data block of the game
# page is not a script.)  The API docs view adds inline styles for Swagger UI.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-elem": [SELF],
        # No style-src-attr: attributes fall back to style-src, so no page may
        # carry style="..." (boards use SVG presentation attributes such as
        # fill= and classes; allauth's email page alone, see alta_site/urls.py).
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# No page needs any of these browser features.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
        "browsing-topics",
    )
}

# ---------------------------------------------------------------- logging
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # aiosmtpd (the mail gateway) logs every SMTP command at INFO: the
    # senders' addresses and the reply addresses, whose tokens are secret.
    "loggers": {"mail.log": {"level": env_str("SMTP_LOG_LEVEL", "WARNING")}},
}
