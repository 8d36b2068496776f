"""What every response gets: security headers, and one error path for HTML and JSON.

A request that names something missing (a LookupProblem from the core, or ``BadInput``
from the web layer, both in adjudicator.errors) gets a 4xx: JSON ``{"error": {status, message, field, value,
choices}}`` under ``/api/``, the site's own error page elsewhere. Nothing a user sends
should reach the 500 handler; it exists so that a bug still answers politely.

A request's body is read whole before the app sees it (``read_body``): a body that is
malformed (a broken chunked encoding), shorter than its Content-Length, or slower than
``BODY_SECONDS`` is a 400; one over MAX_CONTENT_LENGTH is a 413, whether it is sent with a
Content-Length or chunked. A POST to the API must say ``Content-Type: application/json``
(415 otherwise).

Every response says how long it may be kept (``cache_control``): a code's pages, its laws
and rulings (pages and API) do not change while a deploy runs, so they are public for a
day with an ETag (``DEPLOY_ETAG``, a digest of the law files and the templates), and a
request that sends it back gets a 304; search answers a minute; errors are no-store;
everything else (the home page, quizzes drawn at random, the table tools) is no-cache.
No response depends on a request header (no Accept, Accept-Language or Host is read:
absolute addresses come from PUBLIC_URL only), so none needs a Vary. A redirect (the
router's ``//`` -> ``/``, a missing or extra slash) gives a relative Location, JSON under
/api/.
"""

from __future__ import annotations

import io
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request, url_for
from markupsafe import escape
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.routing import RequestRedirect

from adjudicator.errors import (
    AdjudicatorError,
    BadInput,
    Busy,
    LookupProblem,
    NoQuizOfKind,
    UnknownCode,
    UnknownIrregularity,
    UnknownLaw,
)
from adjudicator.presentation import words
from adjudicator.web.params import LISTS, single_values
from adjudicator.web.presenters.errors import ErrorView, error_view
from adjudicator.web.state import library_of

SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

_LOWER_NAMES = frozenset(name.lower() for name in SECURITY_HEADERS)

NOT_FOUND = (UnknownCode, UnknownIrregularity, UnknownLaw, NoQuizOfKind)

BODY_SECONDS = 5
"""The whole body must arrive within this (each read of the socket waits less: web/serving.py)."""
_CHUNK = 16 * 1024


def read_body(environ: dict[str, Any], limit: int) -> None:
    """Read the request's body whole, into memory, and put it back as ``wsgi.input`` with
    its Content-Length; raise the 400 or 413 that a malformed, incomplete, slow or
    oversized body gets. Any error while reading is the client's framing (a bad chunk, a
    closed connection, a read that timed out): the server's parser raises its own kinds."""
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    declared = environ.get("CONTENT_LENGTH") or ""
    if not chunked and declared in ("", "0"):
        return
    if not chunked:
        if not declared.isdigit():
            raise BadRequest(f"the Content-Length {declared[:20]!r} is not a number of bytes")
        if int(declared) > limit:
            raise RequestEntityTooLarge()
    stream = environ["wsgi.input"]
    expected = None if chunked else int(declared)
    deadline = time.monotonic() + BODY_SECONDS
    parts: list[bytes] = []
    size = 0
    while expected is None or size < expected:
        if time.monotonic() > deadline:
            raise BadRequest(f"the request body did not arrive within {BODY_SECONDS} seconds")
        want = _CHUNK if expected is None else min(_CHUNK, expected - size)
        try:
            part = stream.read(want)
        except Exception as exc:  # the server's parse error or a socket timeout: the client's bytes
            raise BadRequest(f"the request body could not be read: {_reason(exc)}") from None
        if not part:
            break
        parts.append(part)
        size += len(part)
        if size > limit:
            raise RequestEntityTooLarge()
    if expected is not None and size < expected:
        raise BadRequest(f"the request body has {size} of the {expected} bytes its Content-Length announces")
    body = b"".join(parts)
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))
    environ.pop("HTTP_TRANSFER_ENCODING", None)
    environ.pop("wsgi.input_terminated", None)  # werkzeug: a Content-Length now bounds the stream


DEPLOY_ETAG = "adjudicator.etag"
"""The ``app.config`` key of the ETag of every page that lasts the deploy (create_app sets it)."""
SEARCH_ETAG = "adjudicator.search-etag"
"""The ``app.config`` key of the ETag of every search answer: the index's manifest (and the templates)."""
DAY = "public, max-age=86400"
MINUTE = "public, max-age=60"
LASTING = ("/codes/", "/settle/", "/api/v1/codes/")
SEARCHES = ("/search", "/api/v1/search")


def cache_control(response: Response) -> None:
    headers = response.headers
    if response.status_code >= 400:
        headers["Cache-Control"] = "no-store"  # an error is never kept by a browser or a proxy
        return
    if "Cache-Control" in headers:  # static files: Flask's own (no-cache with an ETag)
        return
    path = request.path
    if response.status_code == 200 and request.method in ("GET", "HEAD") and path.startswith(LASTING):
        headers["Cache-Control"] = DAY
        response.set_etag(current_app.config[DEPLOY_ETAG])
        response.make_conditional(request)
    elif path in SEARCHES:
        headers["Cache-Control"] = MINUTE
        if response.status_code == 200 and request.method in ("GET", "HEAD"):
            response.set_etag(current_app.config[SEARCH_ETAG])
            response.make_conditional(request)
    else:
        headers["Cache-Control"] = "no-cache"


def _redirect(exc: RequestRedirect) -> Response:
    """The router's redirect with a relative Location (never built from the Host header)."""
    parts = urlsplit(exc.new_url)
    location = parts.path + (f"?{parts.query}" if parts.query else "")
    if _is_api():
        response = jsonify(redirect={"status": exc.code, "location": location})
    else:
        link = escape(location)
        response = make_response(f'<!doctype html><title>Moved</title><a href="{link}">{link}</a>\n')
    response.status_code = exc.code
    response.headers["Location"] = location
    return response


def _reason(exc: Exception) -> str:
    if isinstance(exc, TimeoutError):
        return "it stopped arriving"
    return (str(exc) or type(exc).__name__)[:80]


def _is_api() -> bool:
    return request.path.startswith("/api/")


def _respond(
    status: int,
    message: str,
    field: str | None,
    value: Any = None,
    choices: list[str] | None = None,
    exc: Exception | None = None,
    title: str | None = None,
) -> Response:
    """The JSON error under /api/ (its shape kept for programs); elsewhere the error page
    for people (adjudicator.web.presenters.errors): what went wrong, the nearest match, the
    way back."""
    if _is_api():
        body = {"status": status, "message": message, "field": field, "value": value, "choices": choices or []}
        response = jsonify(error=body)
        response.status_code = status
        return response
    if isinstance(exc, AdjudicatorError) or status == 404:
        view = error_view(
            library_of(current_app),
            status,
            exc if isinstance(exc, AdjudicatorError) else None,
            request.path,
            list(request.args.items(multi=True)),
            request.view_args or {},
        )
    else:
        view = ErrorView(status, title or words.full_stop(words.sentence_start(message)))
    return make_response(render_template("errors/error.html", page=view, search_url=url_for("pages.search")), status)


def _slash_redirect() -> Response | None:
    """An address with a slash too many ("/codes/", "/settle/auction-bridge-1915/") goes to
    the page without it (a relative Location, the query kept)."""
    path = request.path
    if len(path) < 2 or not path.endswith("/"):
        return None
    bare = path.rstrip("/") or "/"
    try:
        current_app.url_map.bind("localhost").match(bare, method=request.method)
    except HTTPException:
        return None
    except RequestRedirect:
        pass
    query = request.query_string.decode("latin-1")
    return _redirect(RequestRedirect(bare + (f"?{query}" if query else "")))


def install(app: Flask) -> None:
    @app.before_request
    def whole_body() -> Response | None:
        """Read the body before any view (see read_body); the API's POSTs take JSON only."""
        if isinstance(request.routing_exception, RequestRedirect):
            return _redirect(request.routing_exception)
        single_values(request.args, LISTS)  # one rule for a repeated parameter, on every route
        read_body(request.environ, current_app.config["MAX_CONTENT_LENGTH"])
        if request.method == "POST" and _is_api() and request.mimetype != "application/json":
            given = request.mimetype or "none"
            raise UnsupportedMediaType(f"the body must be sent as Content-Type: application/json; got {given}")
        return None

    @app.after_request
    def secure(response: Response) -> Response:
        headers = response.headers
        if _LOWER_NAMES.isdisjoint(name.lower() for name, _ in headers.items()):
            headers.extend(SECURITY_HEADERS)  # the usual case, at a third of the cost of six setdefaults
        else:
            for name, value in SECURITY_HEADERS.items():
                headers.setdefault(name, value)
        cache_control(response)
        return response

    @app.errorhandler(LookupProblem)
    def lookup_problem(exc: LookupProblem):
        status = 404 if isinstance(exc, NOT_FOUND) else 400
        return _respond(status, str(exc), exc.field, exc.value, exc.choices, exc)

    @app.errorhandler(BadInput)
    def bad_input(exc: BadInput):
        return _respond(400, exc.message, exc.field, exc.value, exc.choices, exc)

    @app.errorhandler(Busy)
    def busy(exc: Busy):
        response = _respond(503, str(exc), None, title=words.ERROR_TITLES[503])
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        if status == 404 and (moved := _slash_redirect()) is not None:
            return moved
        message = exc.description or words.ERROR_TITLES.get(status, "Error")
        if status == 413:
            limit = current_app.config.get("MAX_CONTENT_LENGTH")
            message = f"The request body is larger than the {limit} bytes this service accepts."
        response = _respond(status, message, "body" if status in (413, 415) else None, exc=exc)
        if status == 405:
            response.headers["Allow"] = ", ".join(getattr(exc, "valid_methods", None) or [])
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a bug; logged, answered politely
        app.logger.exception("unexpected error", exc_info=exc)
        return _respond(500, "An unexpected error occurred; it has been logged.", None)
