"""gunicorn settings for `make serve` (production): loopback by default, HOST/PORT to change.

Each worker imports wsgi.py, which loads and checks the laws and opens the search index
once, at start (no preload: no open index file is shared across a fork). Before any
worker starts, the app is built once the same way (on_starting) and gunicorn exits with
status 1 and a message saying what is wrong (laws that fail the check, an index missing,
stale or corrupt, unreadable files) rather than booting workers that die. No reload, no debug, no secret: the
service is read-only and keeps no state, so any number of instances can run side by side.
Measured choices (bench/throughput.py, README "Performance"): one worker per core.

The worker is gunicorn's gevent worker as adjudicator/web/serving.py adapts it: every
connection is a greenlet, so slow clients hold memory, not workers (bench/slowclients.py:
100 connections trickling headers and bodies do not slow the others); at most
``worker_connections`` connections per worker; a header must arrive within 5 s
(``keepalive``: the gevent worker bounds each header read by it) and each read of a body
waits at most 5 s (then a 400); gunicorn's own errors are JSON with the security headers.
"""

import gc
import os
import sys
import traceback

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WORKERS") or os.cpu_count() or 2)
worker_class = "adjudicator.web.serving.Worker"
worker_connections = 500  # per worker: beyond it, connections wait in the listen backlog
timeout = 30  # a worker silent this long is killed and replaced
graceful_timeout = 10
keepalive = 5  # seconds: an idle connection is closed, and a header must arrive within it (serving.HEADER_SECONDS)
reload = False
preload_app = False
# requests larger than these are refused (414, 431) before they reach the app
# (the app itself refuses bodies over 64 KiB with a 413)
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"


def on_starting(server):
    """Build the app once in a forked child, as a worker would: if that fails, print why
    and exit with status 1 before any worker starts (the master stays small: the child's
    copy of the laws goes with it)."""
    pid = os.fork()
    if pid == 0:
        status = 0
        try:
            from adjudicator.errors import AdjudicatorError
            from adjudicator.web import create_app

            try:
                create_app()
            except (AdjudicatorError, OSError) as exc:
                print(f"adjudicator: cannot serve: {exc}", file=sys.stderr)
                status = 1
        except BaseException:  # a bug: the traceback says where
            traceback.print_exc()
            status = 2
        finally:
            sys.stderr.flush()
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(1)


def worker_exit(server, worker):
    """A worker that is done leaves at once, with the status it was leaving with: under
    gevent the interpreter's own finalization runs after the hub is gone, where closing
    the search index's per-thread searchers cannot run and prints a traceback."""
    exc = sys.exc_info()[1]
    status = exc.code if isinstance(exc, SystemExit) else (1 if exc else 0)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status if isinstance(status, int) else 1)


def post_worker_init(worker):
    """The laws, the search index and the app live as long as the worker: kept out of the
    garbage collector's full passes (one over them took 50-100 ms, the tail of a request)."""
    gc.freeze()
