"""What every response gets: security headers, and one error path for HTML and JSON.

A request that names something missing (a LookupProblem from the core, or ``BadInput``
from the web layer, both in adjudicator.errors) gets a 4xx: JSON ``{"error": {status, message, field, value,
choices}}`` under ``/api/``, the site's own error page elsewhere. Nothing a user sends
should reach the 500 handler; it exists so that a bug still answers politely.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as default
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from adjudicator.errors import BadInput, LookupProblem, UnknownCode, UnknownIrregularity, UnknownLaw
from adjudicator.web.presenters.common import LinkItem

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

NOT_FOUND = (UnknownCode, UnknownIrregularity, UnknownLaw)


@dataclass
class ErrorPage:
    status: int
    title: str
    message: str
    field: str | None = None
    suggestions: list[LinkItem] = default(default_factory=list)


TITLES = {
    400: "That request cannot be answered",
    404: "Not found",
    405: "Method not allowed",
    413: "Request too large",
    500: "Something went wrong on our side",
}


def _is_api() -> bool:
    return request.path.startswith("/api/")


def _respond(
    status: int, message: str, field: str | None, value: Any = None, choices: list[str] | None = None
) -> Response:
    if _is_api():
        body = {"status": status, "message": message, "field": field, "value": value, "choices": choices or []}
        response = jsonify(error=body)
        response.status_code = status
        return response
    suggestions = []
    if value is not None and choices:
        # a close match, shown as the same address with the value replaced
        for close in difflib.get_close_matches(str(value), choices, n=3, cutoff=0.6):
            if f"/{value}" in request.path:
                suggestions.append(LinkItem(close, request.path.replace(f"/{value}", f"/{close}", 1)))
    if field is not None and field in request.args and request.method == "GET":
        # a bad question or answer in the address: offer the same page without it
        rest = [(k, v) for k, v in request.args.items(multi=True) if k != field]
        url = f"{request.path}?{urlencode(rest)}" if rest else request.path
        suggestions.append(LinkItem(f"the same page without {field!r}", url))
    page = ErrorPage(status, TITLES.get(status, "Error"), message, field, suggestions)
    return make_response(render_template("errors/error.html", page=page, search_url=url_for("pages.search")), status)


def install(app: Flask) -> None:
    @app.after_request
    def secure(response: Response) -> Response:
        headers = response.headers
        if _LOWER_NAMES.isdisjoint(name.lower() for name, _ in headers.items()):
            headers.extend(SECURITY_HEADERS)  # the usual case, at a third of the cost of six setdefaults
        else:
            for name, value in SECURITY_HEADERS.items():
                headers.setdefault(name, value)
        return response

    @app.errorhandler(LookupProblem)
    def lookup_problem(exc: LookupProblem):
        status = 404 if isinstance(exc, NOT_FOUND) else 400
        return _respond(status, str(exc), exc.field, exc.value, exc.choices)

    @app.errorhandler(BadInput)
    def bad_input(exc: BadInput):
        return _respond(400, exc.message, exc.field, exc.value, exc.choices)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        message = exc.description or TITLES.get(status, "Error")
        if status == 413:
            limit = current_app.config.get("MAX_CONTENT_LENGTH")
            message = f"The request body is larger than the {limit} bytes this service accepts."
        response = _respond(status, message, "body" if status == 413 else None)
        if status == 405:
            response.headers["Allow"] = ", ".join(getattr(exc, "valid_methods", None) or [])
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a bug; logged, answered politely
        app.logger.exception("unexpected error", exc_info=exc)
        return _respond(500, "An unexpected error occurred; it has been logged.", None)
