"""Settings for the Badacey Study Room, read from a handful of environment variables.

Production is the default: the debug pages (which show settings and
tracebacks to anyone who meets an error) only come with DJANGO_DEBUG=true,
which scripts/serve sets for development. In production the site will not
serve without a real DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS, and the
HTTPS settings that `manage.py check --deploy` expects are on. A mistyped
value stops start-up with a message instead of being guessed at.
"""

from __future__ import annotations

import os
import sys
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; anything unrecognised is an error, not a silent False."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean; use one of: {', '.join(sorted(_TRUE | _FALSE))}"
    )


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list; an empty item (as in "a,,b") is treated as a typo."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    items = [item.strip() for item in raw.split(",")]
    if any(item == "" for item in items):
        raise ImproperlyConfigured(f"{name}={raw!r} has an empty item; separate values with commas")
    return items


def env_int(name: str, default: int) -> int:
    """Read a non-negative whole number."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None
    if value < 0:
        raise ImproperlyConfigured(f"{name}={raw!r} must not be negative")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Read one of a few words (any case); a typo is an error naming the variable."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().upper()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={raw!r} is not one of: {', '.join(choices)}")
    return value


def env_url(name: str, schemes: tuple[str, ...]) -> str | None:
    """Read a service URL; unset means "not configured", but set-and-empty is a mistake.

    An empty DATABASE_URL once selected Django's dummy backend, which passes
    ``check --deploy`` and then fails on the first query. The value is never
    echoed: it may hold a password.
    """
    raw = os.environ.get(name)
    if raw is None:
        return None
    url = raw.strip()
    if url == "":
        raise ImproperlyConfigured(
            f"{name} is set but empty; unset it to use the default, or give a URL such as "
            f"{schemes[0]}://..."
        )
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme not in schemes:
        raise ImproperlyConfigured(
            f"{name} must start with one of {', '.join(s + '://' for s in schemes)} "
            f"(it starts with {scheme + '://' if scheme else 'no scheme'})"
        )
    return url


# Debug only when asked: a site started without DJANGO_DEBUG must not show the
# debug page (settings, tracebacks) to whoever meets an error.
DEBUG = env_bool("DJANGO_DEBUG", False)
# pytest-django imports these settings after pytest itself; `manage.py test` is not used.
TESTING = "pytest" in sys.modules
# The test run keeps development's conveniences (a fixed key, local hosts, plain
# HTTP); pytest-django switches DEBUG off for the tests itself either way.
DEVELOPMENT = DEBUG or TESTING

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY and DEVELOPMENT:
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"
# In production an unset key stays empty: commands that sign nothing (showdown,
# migrate, createteacher) still run, and serving refuses to start (see
# SERVING_PROBLEMS, checked by badacey_site/wsgi.py and asgi.py).

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    ["localhost", "127.0.0.1", "[::1]", "testserver"] if DEVELOPMENT else [],
)
SERVING_PROBLEMS = [
    problem
    for problem, missing in (
        ("DJANGO_SECRET_KEY is set", not SECRET_KEY),
        ("DJANGO_ALLOWED_HOSTS names the site's host names", not ALLOWED_HOSTS),
    )
    if missing
]
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # First, so `runserver` is daphne's: one development server for pages and the
    # live tables' websockets (docs/operations.md, "Live tables").
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    # The task queue's table (DBTaskResult) and its worker, `manage.py db_worker`.
    "django_tasks_db",
    # Before lessons: its sign-in receiver must move the browser's hands before
    # lessons' own receiver forgets the session's learner key.
    "play.apps.PlayConfig",
    "lessons.apps.LessonsConfig",
    # LTI 1.3: django-lti's tables (platform registrations, deployments, keys) and
    # the app that says what a launch from a course site does here (docs/lti.md).
    "lti_tool",
    "lti.apps.LtiConfig",
    # Live tables: people play each other over websockets (Django Channels).
    "channels",
    "tables.apps.TablesConfig",
]

# Background tasks (django.tasks). Served sites queue work in the database and a
# separate `manage.py db_worker` process runs it (docs/operations.md, "Background
# tasks"), so a long job such as a hand-history import leaves the request. Tests
# run every task at once, in the test's own transaction; a test that needs the real
# queue overrides TASKS with TASKS_DATABASE and runs the worker in-process.
TASKS_DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
TASKS_IMMEDIATE = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
TASKS = TASKS_IMMEDIATE if TESTING else TASKS_DATABASE

MIDDLEWARE = [
    # Outermost, so that every answer gets these headers, the 400 pages made by
    # the checks below (a NUL in the query, a host not served) included.
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "badacey_site.middleware.refuse_unserved_hosts",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below whitenoise, which sends static files already compressed; above the
    # rest, so it compresses the finished page. Django pads each gzip stream
    # with random bytes, its mitigation for BREACH.
    "django.middleware.gzip.GZipMiddleware",
    # A NUL in a query string or cookie would reach the database (PostgreSQL refuses
    # it): the query is answered 400, the cookie ignored. Before the session is read.
    "badacey_site.middleware.refuse_unstorable_text",
    # Before anything reads a post (the CSRF check does): one that is not UTF-8 gets a 400.
    "badacey_site.middleware.refuse_unreadable_posts",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # django-lti's launch restored from the session, for the addresses under /lti/ only.
    "lti.middleware.ToolLaunchMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Turns a refused sign-in (see AXES_* below) into the "too many attempts" page.
    "axes.middleware.AxesMiddleware",
]

# Everything the site loads comes from itself, so the policy can forbid inline
# scripts and styles outright. htmx is told not to inject its indicator styles
# (see the htmx-config meta tag in base.html) so it stays within this policy.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

ROOT_URLCONF = "badacey_site.urls"
WSGI_APPLICATION = "badacey_site.wsgi.application"
# The LTI login state's cache table comes from a migration, not createcachetable.
DATABASE_ROUTERS = ["badacey_site.routers.CacheTablesByMigration"]
# The ASGI application serves pages and the live tables' websockets (asgi.py).
ASGI_APPLICATION = "badacey_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "lessons.course.context",
            ],
        },
    },
]

SQLITE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASE_URL = env_url("DATABASE_URL", ("postgres", "postgresql", "pgsql", "sqlite")) or SQLITE_URL
try:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("DJANGO_DB_CONN_MAX_AGE", 0)
        )
    }
except ValueError:
    raise ImproperlyConfigured(
        "DATABASE_URL cannot be read; the form is postgres://USER:PASSWORD@HOST:PORT/NAME "
        "or sqlite:////absolute/path.sqlite3"
    ) from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite as a multi-process web site needs three things. WAL lets pages be
    # read while a teacher's save is written. IMMEDIATE takes the write lock when
    # a transaction begins: a transaction that read first and only then tried to
    # write could not wait for the lock and failed at once ("database is
    # locked"). The timeout is how long a writer waits its turn, in seconds.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "admin:login"

# Limits on everything that checks or sets a password, and on sign-up and
# reset requests (badacey_site/sign_in_limits.py says why each is shaped as it
# is). Sign-in: django-axes pauses a username-and-address pair after
# DJANGO_SIGNIN_FAILURE_LIMIT failures, so failures from elsewhere never lock
# the owner out; the cache-based limits below pause an address, and an
# account for the addresses it never signed in from. The axes backend comes
# first: a refused attempt stops there, before the model backend spends a
# password hash on it. Any view calling authenticate(request, ...) is covered.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "badacey_site.sign_in_limits.SignInLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
    # A teacher-made learner account signs in with its card's secret (lessons.classes.managed).
    "lessons.classes.managed.CardBackend",
]
AXES_FAILURE_LIMIT = env_int("DJANGO_SIGNIN_FAILURE_LIMIT", 10)
if AXES_FAILURE_LIMIT < 1:
    raise ImproperlyConfigured("DJANGO_SIGNIN_FAILURE_LIMIT must be at least 1")
AXES_COOLOFF_TIME = timedelta(minutes=env_int("DJANGO_SIGNIN_LOCKOUT_MINUTES", 15))
if not AXES_COOLOFF_TIME:
    raise ImproperlyConfigured("DJANGO_SIGNIN_LOCKOUT_MINUTES must be at least 1")
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Attempts refused during a pause are not recorded, so they cannot prolong it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "badacey_site.sign_in_limits.paused_response"
AXES_CLIENT_IP_CALLABLE = "badacey_site.client_address.client_address"
AXES_VERBOSE = False
# Each limit is a count per address or per account in fixed windows of
# LIMIT_WINDOW (a flood cannot lengthen one); one environment variable each.
LIMIT_WINDOW = AXES_COOLOFF_TIME
LIMITS = {
    "sign_in_per_address": env_int("DJANGO_LIMIT_SIGN_IN_PER_ADDRESS", 30),
    "sign_in_per_account": env_int("DJANGO_LIMIT_SIGN_IN_PER_ACCOUNT", 50),
    "sign_up_per_address": env_int("DJANGO_LIMIT_SIGN_UP_PER_ADDRESS", 20),
    "password_per_address": env_int("DJANGO_LIMIT_PASSWORD_PER_ADDRESS", 30),
    "password_per_account": env_int("DJANGO_LIMIT_PASSWORD_PER_ACCOUNT", 10),
    "reset_per_address": env_int("DJANGO_LIMIT_RESET_PER_ADDRESS", 10),
    "reset_per_email": env_int("DJANGO_LIMIT_RESET_PER_EMAIL", 3),
    "join_code_per_account": env_int("DJANGO_LIMIT_JOIN_CODE_PER_ACCOUNT", 10),
    "join_code_per_address": env_int("DJANGO_LIMIT_JOIN_CODE_PER_ADDRESS", 40),
    # Each hand dealt at the study table is a stored row and a few engine runs.
    "play_start_per_address": env_int("DJANGO_LIMIT_PLAY_START_PER_ADDRESS", 60),
    # Each answer on a decision's practise page is an exact grade of every throw.
    "play_practise_per_address": env_int("DJANGO_LIMIT_PLAY_PRACTISE_PER_ADDRESS", 300),
    # Each new spot on "ask the coach" plays out every choice, up to a second of CPU.
    "play_spot_per_address": env_int("DJANGO_LIMIT_PLAY_SPOT_PER_ADDRESS", 120),
    # Each refused course-site launch checks a signature (docs/lti.md); good ones are free.
    "lti_refused_launch_per_address": env_int("DJANGO_LIMIT_LTI_REFUSED_LAUNCH_PER_ADDRESS", 30),
    # Each live table opened is a row and a channel group; people open a few at most.
    "live_tables_per_user": env_int("DJANGO_LIMIT_LIVE_TABLES_PER_USER", 20),
}
# Learner accounts one teacher may make from a list of names in any 24 hours.
MANAGED_ACCOUNTS_PER_DAY = env_int("DJANGO_MANAGED_ACCOUNTS_PER_DAY", 200)
if MANAGED_ACCOUNTS_PER_DAY < 1:
    raise ImproperlyConfigured("DJANGO_MANAGED_ACCOUNTS_PER_DAY must be at least 1")
for _name, _count in LIMITS.items():
    if _count < 1:
        raise ImproperlyConfigured(f"DJANGO_LIMIT_{_name.upper()} must be at least 1")

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Hashed, compressed files need `collectstatic`; development and tests serve
# the source files directly instead.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEVELOPMENT
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Without collectstatic, whitenoise finds files in static/ as they change.
WHITENOISE_USE_FINDERS = DEVELOPMENT
WHITENOISE_AUTOREFRESH = DEVELOPMENT

# One app server can keep its cache in its own memory. Several servers share
# Redis (REDIS_URL), so a page rendered by one is reused by the others.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "unix"))


def worker_redis_url(url: str, worker: str) -> str:
    """A pytest-xdist worker's own database on the one Redis a test run starts.

    Every test empties the cache first, and the limits count in it; workers
    sharing database 0 emptied each other's counts mid-test. Worker gwN takes
    database N + 1 (scripts/test starts Redis with enough of them), and the
    servers a test starts inherit the variable, so they share their worker's.
    """
    if not worker.startswith("gw") or not worker[2:].isdigit() or url.startswith("unix"):
        return url
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{int(worker[2:]) + 1}"))


if REDIS_URL:
    REDIS_URL = worker_redis_url(REDIS_URL, os.environ.get("PYTEST_XDIST_WORKER", ""))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "badacey",
            # A stalled Redis should cost a request seconds, not a worker forever.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
    # Sessions live in the database and are read through the shared cache.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # LTI login state (lti/state.py) in the same shared Redis, under its own prefix.
    CACHES["lti"] = {**CACHES["default"], "KEY_PREFIX": "badacey-lti"}
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        # LTI login state must reach every worker: the login step and the launch
        # may land on different ones. Django's database cache, in the table
        # lti.models.LaunchState makes (no createcachetable step).
        "lti": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "lti_launch_state",
            # Its default of 300 entries would cull live logins under a class's launches.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        },
    }
    # Not cached_db here: each process has its own memory, so a session ended in
    # one worker would live on in another's copy. The database alone is shared.
    SESSION_ENGINE = "django.contrib.sessions.backends.db"

# The live tables' messages between server processes. One process keeps them in
# memory; several servers share Redis, so a player served by one hears a move
# made on another. Each person's view goes on a group only their sockets join
# (tables.broadcast); the database is the truth, and a socket that finds a gap
# in the event numbers catches up from it.
CHANNEL_LAYERS = (
    {
        "default": {
            # Redis's publish and subscribe: a message to a table's four sockets is one
            # PUBLISH, not a list per socket. A message lost on the way is found again in
            # the table's log (each socket checks its event numbers), so the list-based
            # layer's delivery promise is not needed.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": "badacey-live"},
        }
    }
    if REDIS_URL
    else {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
)
# The table page opens a websocket when this is on; off, it refreshes by links
# and plain posts only (as it always does without JavaScript).
LIVE_TABLE_SOCKETS = env_bool("DJANGO_LIVE_TABLE_SOCKETS", True)

# Email, for password-reset links, sent by SMTP to DJANGO_EMAIL_HOST. Without
# a host, development prints each message on the console and production hands
# it to a mail server on the machine itself (localhost:25, as Django would);
# a message that cannot be sent is logged, and the learner's page is the same.


def env_port(name: str, default: int) -> int:
    """Read a TCP port; 0 or anything above 65535 is a typo, not a port."""
    port = env_int(name, default)
    if not 1 <= port <= 65535:
        raise ImproperlyConfigured(f"{name}={port} is not a port; use 1-65535")
    return port


def env_email(name: str, default: str) -> str:
    """Read a sender address, "Name <box@host>" or "box@host"; a bad one stops start-up."""
    from email.utils import parseaddr

    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email

    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    address = parseaddr(raw.strip())[1]
    try:
        validate_email(address)
    except ValidationError:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not an email address such as study@example.org"
        ) from None
    return raw.strip()


_EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "").strip()
_EMAIL_DETAILS = (
    "DJANGO_EMAIL_PORT",
    "DJANGO_EMAIL_USER",
    "DJANGO_EMAIL_PASSWORD",
    "DJANGO_EMAIL_TLS",
    "DJANGO_EMAIL_SSL",
)
if _EMAIL_HOST:
    _email_user = os.environ.get("DJANGO_EMAIL_USER", "")
    _email_password = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
    if bool(_email_user) != bool(_email_password):
        raise ImproperlyConfigured(
            "DJANGO_EMAIL_USER and DJANGO_EMAIL_PASSWORD go together: set both or neither"
        )
    _email_tls = env_bool("DJANGO_EMAIL_TLS", True)  # STARTTLS, usually port 587
    _email_ssl = env_bool("DJANGO_EMAIL_SSL", False)  # TLS from the start, usually 465
    if _email_tls and _email_ssl:
        raise ImproperlyConfigured(
            "DJANGO_EMAIL_TLS and DJANGO_EMAIL_SSL cannot both be on; "
            "use TLS for port 587 or SSL for port 465"
        )
    _mailer = {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": _EMAIL_HOST,
            "port": env_port("DJANGO_EMAIL_PORT", 465 if _email_ssl else 587),
            "username": _email_user,
            # The debug page masks this, as it does every setting named like a password.
            "password": _email_password,
            "use_tls": _email_tls,
            "use_ssl": _email_ssl,
            "timeout": 10,  # a stalled mail server costs a request seconds, not a worker
        },
    }
else:
    _stray = [name for name in _EMAIL_DETAILS if os.environ.get(name)]
    if _stray:
        raise ImproperlyConfigured(
            f"{', '.join(_stray)} set without DJANGO_EMAIL_HOST; set the host too"
        )
    if DEBUG:
        _mailer = {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    else:
        _mailer = {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "localhost", "port": 25, "timeout": 10},
        }
MAILERS = {"default": _mailer}
DEFAULT_FROM_EMAIL = env_email("DJANGO_EMAIL_FROM", "Badacey Study Room <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A reset link works for this long, and once: it stops working when the password changes.
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# HTTPS hardening: on by default in production, each switch overridable for
# set-ups such as a TLS-terminating proxy on the same host.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEVELOPMENT)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEVELOPMENT)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEVELOPMENT else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", not DEVELOPMENT)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", not DEVELOPMENT)
# Behind a proxy, the proxy's own X-Forwarded-Proto and X-Forwarded-For are
# trusted (see badacey_site/client_address.py); never set this without one.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"

# The debug page (DJANGO_DEBUG=true) and error reports list the settings and the
# request's environment; these URLs carry passwords, so they are masked there.
DEFAULT_EXCEPTION_REPORTER_FILTER = "badacey_site.error_reports.SiteExceptionReporterFilter"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice(
            "DJANGO_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
        ),
    },
}

# Reviews of a skill are scheduled by FSRS for this chance of still knowing
# it when it comes due (0.9 is the scheduler's own default; higher means
# more frequent reviews).
_retention = os.environ.get("BADACEY_DESIRED_RETENTION", "").strip()
try:
    BADACEY_DESIRED_RETENTION = float(_retention) if _retention else 0.9
except ValueError:
    raise ImproperlyConfigured(
        f"BADACEY_DESIRED_RETENTION={_retention!r} is not a number such as 0.9"
    ) from None
if not 0.7 <= BADACEY_DESIRED_RETENTION <= 0.99:
    raise ImproperlyConfigured("BADACEY_DESIRED_RETENTION must be from 0.7 to 0.99, such as 0.9")
