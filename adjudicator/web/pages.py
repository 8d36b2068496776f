"""HTML pages."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from adjudicator.web import library_of

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> str:
    library = library_of(current_app)
    return render_template("pages/home.html", games=library.games())
