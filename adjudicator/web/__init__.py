"""The web face: ``create_app()`` builds the Flask application (pages and the JSON API).

The library of laws is loaded and checked once, when the app is created (the checks of
``adjudicator check`` but scenario coverage: any problem raises ``LibraryError`` with
every ``path:line: message``, and the app does not start); a request never reads a law
file. Everything the pages need is served by the app itself.

The rooms: ``state`` (what the app holds), ``urls`` (every address), ``params`` (what a
request asks for), ``handlers`` (headers and errors), ``presenters/`` (pages arranged
from the presentation models), ``html/`` (the pages' blueprints), ``api/`` (the JSON API
and its OpenAPI document), ``pagecache`` and ``text`` (law references made links).
Nothing imports this package back: it only assembles.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from adjudicator import config
from adjudicator.checks import load_checked
from adjudicator.search import index_for
from adjudicator.web import state
from adjudicator.web.pagecache import PageCache
from adjudicator.web.state import index_of


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``test_config`` may set LAWS_DIR (default: ADJUDICATOR_LAWS, else the
    laws shipped with the package), or LIBRARY (an already loaded Library, which the caller
    has checked), and SEARCH_INDEX (a directory, "ram", or an opened SearchIndex).

    Raises LibraryError if the law files have any problem ``adjudicator check`` reports."""
    app = Flask(
        __name__,
        template_folder=str(config.templates_dir()),
        static_folder=str(config.static_dir()),
    )
    # PUBLIC_URL: the service's address as users reach it (https://rules.example.org), the
    # only source of an absolute address (the quiz sheet prints one); unset: addresses are relative
    app.config.from_mapping(
        LAWS_DIR=str(config.laws_dir()),
        MAX_CONTENT_LENGTH=64 * 1024,
        PUBLIC_URL=os.environ.get("PUBLIC_URL", ""),
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    library = app.config.get("LIBRARY") or load_checked(app.config["LAWS_DIR"])
    app.extensions[state.LIBRARY] = library
    # SEARCH_INDEX: a directory (default instance/index, built by `adjudicator build-index`;
    # a missing or stale one raises IndexProblem), "ram" (the default when TESTING), or a SearchIndex
    setting = app.config.get("SEARCH_INDEX") or ("ram" if app.testing else config.instance_dir() / "index")
    # warmed: a worker's first searches cost what the later ones do (about 0.1 s at start)
    app.extensions[state.SEARCH] = index_for(setting, library, Path(app.config["LAWS_DIR"])).warm()
    from adjudicator.web.handlers import DEPLOY_ETAG, SEARCH_ETAG

    app.config[DEPLOY_ETAG] = deploy_digest(library)
    app.config[SEARCH_ETAG] = search_digest(index_of(app))
    app.extensions[state.PAGES] = PageCache()  # law and ruling pages, rendered once per worker

    if app.config.get("STRICT_TEMPLATES"):  # tests: an undefined name in a template is an error
        from jinja2 import StrictUndefined

        app.jinja_env.undefined = StrictUndefined
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    from adjudicator.presentation.words import LABELS
    from adjudicator.web.params import MAX_QUERY

    app.jinja_env.globals["MAX_QUERY"] = MAX_QUERY  # the search boxes' maxlength
    app.jinja_env.globals["words"] = LABELS  # the presentation's labels: {{ words.UNTIL }}

    from adjudicator.web import handlers
    from adjudicator.web.api import routes as api
    from adjudicator.web.html import learn, pages, tools

    handlers.install(app)
    for blueprint in (pages.bp, tools.bp, learn.bp, api.bp):
        app.register_blueprint(blueprint)
    return app


def deploy_digest(library) -> str:
    """What a lasting page depends on, as its ETag: the law files and the templates."""
    return _digest(sorted(Path(code.where.path) for code in library.codes.values()))


def search_digest(index) -> str:
    """What a search answer depends on, as its ETag: the index, by its manifest (the format,
    the law files' SHA-256 it was built from, its documents: the build is deterministic),
    and the templates (the search page)."""
    return _digest([], json.dumps(index.manifest, sort_keys=True).encode())


def _digest(files: list[Path], start: bytes = b"") -> str:
    digest = hashlib.sha256(start)
    files = [*files, *sorted(config.templates_dir().rglob("*.html"))]
    for path in files:
        digest.update(path.name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()[:20]
