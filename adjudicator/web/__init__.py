"""The web face: ``create_app()`` builds the Flask application (pages and the JSON API).

The library of laws is loaded and checked once, when the app is created; a request
never reads a law file. Everything the pages need is served by the app itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from adjudicator import config
from adjudicator.loader import load_library
from adjudicator.model import Library


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``test_config`` may set LAWS_DIR, or LIBRARY (an already loaded Library)."""
    app = Flask(
        __name__,
        template_folder=str(config.ROOT / "templates"),
        static_folder=str(config.ROOT / "static"),
    )
    app.config.from_mapping(LAWS_DIR=str(config.laws_dir()), MAX_CONTENT_LENGTH=64 * 1024)
    if test_config is not None:
        app.config.from_mapping(test_config)
    library = app.config.get("LIBRARY") or load_library(app.config["LAWS_DIR"])
    app.extensions["adjudicator.library"] = library

    from adjudicator.web import pages

    app.register_blueprint(pages.bp)
    return app


def library_of(app: Flask) -> Library:
    return app.extensions["adjudicator.library"]
