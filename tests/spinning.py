"""A WSGI app for tests/test_serving.py: the served app (wsgi.py) with one more route under
/api/ that keeps its worker's loop busy for a minute, as a request stuck in a bug would, so
that gunicorn's worker timeout stops it."""

import time

from wsgi import app


def spin() -> str:
    end = time.monotonic() + 60
    while time.monotonic() < end:  # never yields to the gevent loop: the worker stops notifying the arbiter
        pass
    return "done"


app.add_url_rule("/api/v1/spin", view_func=spin)
