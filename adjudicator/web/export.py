"""The whole site as static files (``adjudicator export DIR``), frozen with Frozen-Flask.

Frozen-Flask asks the app for each page with its test client and writes the answer; every
``url_for`` a page makes while it is rendered is added to what is frozen, so the answer
links of each question lead it through every state of every irregularity (the not-sure
branches included: each is a link), to every ruling, its table view and its comparisons.
The graphs are finite, so the walk ends.

What this module adds:
- every page is written as a folder's ``index.html`` (``/codes/x/laws/50`` ->
  ``codes/x/laws/50/index.html``), so any static host serves it with its type, and a
  bookmark of the live app's address finds it (hosts send ``50`` to ``50/``; the live app
  sends ``50/`` back to ``50``);
- every link is made relative to the page's folder (``href="/codes/x"`` ->
  ``href="../../"``), so the folder works from any host and from a subfolder;
- what needs the server is left out (the JSON API but its OpenAPI document, quizzes drawn
  at random, search results): the pages that offer it say so (``EXPORTING``).
Same laws, same templates: same bytes (nothing dated, nothing random).
"""

from __future__ import annotations

import posixpath
import re
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, Response, render_template, request, url_for
from flask_frozen import Freezer, MimetypeMismatchWarning

EXPORTING = "ADJUDICATOR_EXPORT"
"""The ``app.config`` key set while the app is frozen (templates read ``exporting``)."""
MARKER = "adjudicator-export.txt"
"""Written into every export: a folder that holds it may be exported into again."""
FILES = ("/static/", "/api/v1/openapi.json")
"""Addresses that are files already (kept as they are); every other page is a folder."""
SERVER_ONLY = ("/api/", "/learn/", "/tools/score", "/tools/auction")
"""Addresses under which only these pages are exported (the rest needs the server)."""
KEPT_UNDER_SERVER_ONLY = re.compile(
    r"^/(api/v1/openapi\.json|api/v1/codes/[^/]+|learn|learn/[^/]+|learn/[^/]+/irregularities|learn/[^/]+/quiz|tools/score|tools/auction)$"
)
_LINK = re.compile(r'(\s(?:href|src|action)=")(/[^"]*)(")')


def file_of(path: str) -> str:
    """Where the page of ``path`` is written, relative to the export's folder (a code's
    JSON, ``/api/v1/codes/x``, as ``api/v1/codes/x.json``)."""
    if path.startswith("/api/") and not path.endswith(".json"):
        return path.strip("/") + ".json"
    if path.startswith(FILES):
        return path.lstrip("/")
    folder = path.strip("/")
    return f"{folder}/index.html" if folder else "index.html"


def folder_of(path: str) -> str:
    """The address a page is reached by in the export: its folder (files stay files)."""
    if path.startswith("/api/"):
        return "/" + file_of(path)
    if path.startswith(FILES):
        return path
    return path.rstrip("/") + "/"


def relative(target: str, page: str) -> str:
    """``target`` (an absolute address of the app, maybe with a query and a fragment) as
    a link from ``page``'s folder."""
    parts = urlsplit(target)
    if not parts.path:
        return target
    base = folder_of(page)
    goal = folder_of(parts.path)
    link = posixpath.relpath(goal, base)
    if goal.endswith("/"):
        link = "./" if link == "." else link + "/"
    if parts.query:
        link += f"?{parts.query}"
    if parts.fragment:
        link += f"#{parts.fragment}"
    return link


def relative_links(html: str, page: str) -> str:
    """Every ``href``, ``src`` and ``action`` of ``html`` that is an absolute address of the
    app made relative to ``page`` (``//host`` addresses and the rest are left alone)."""

    def one(match: re.Match[str]) -> str:
        target = match.group(2)
        if target.startswith("//"):
            return match.group(0)
        return match.group(1) + relative(target.replace("&amp;", "&"), page).replace("&", "&amp;") + match.group(3)

    return _LINK.sub(one, html)


def exported(path: str) -> bool:
    """Whether the page at ``path`` goes into the export."""
    if path.startswith(SERVER_ONLY):
        return bool(KEPT_UNDER_SERVER_ONLY.match(path.rstrip("/") or "/"))
    return True


class SiteFreezer(Freezer):
    """Frozen-Flask, writing folders, keeping what a static copy can serve."""

    def urlpath_to_filepath(self, path: str) -> str:
        return file_of(path)

    def _build_one(self, url: str, last_modified: object = None) -> Path:
        try:
            return super()._build_one(url, last_modified)
        except ValueError:
            if not url.startswith(SERVER_ONLY):
                raise
            # a tool no code of this library offers (a 400 on the live app too): not exported
            return self.root / MARKER

    def _generate_all_urls(self) -> Iterator[tuple[str, str | None, object]]:
        for url, endpoint, last_modified in super()._generate_all_urls():
            if exported(url):
                yield url, endpoint, last_modified


_QUIZ = re.compile(r"^/learn/[^/]+/quiz(/.*)?$")


def _server_only() -> str | None:
    """While exporting: a quiz (drawn at random by the live service) is a page that says so."""
    if _QUIZ.match(request.path):
        from adjudicator.presentation.words import NEEDS_THE_SERVICE
        from adjudicator.web.presenters.errors import ErrorView

        page = ErrorView(200, NEEDS_THE_SERVICE)
        return render_template("errors/error.html", page=page, search_url=url_for("pages.search"))
    return None


def _relative_pages(response: Response) -> Response:
    """While exporting: the page's links relative to its folder."""
    if response.mimetype == "text/html" and response.status_code == 200:
        response.set_data(relative_links(response.get_data(as_text=True), request.path))
    return response


@dataclass
class Report:
    pages: int
    files: int
    bytes: int
    seconds: float

    def line(self, folder: Path) -> str:
        return (
            f"exported {self.pages} pages ({self.files} files, {self.bytes / 1e6:.1f} MB) "
            f"to {folder} in {self.seconds:.1f} s"
        )


def export(app: Flask, folder: Path) -> Report:
    """Write the site of ``app`` (built by create_app) into ``folder`` as static files. A
    folder that exists must be empty or a previous export (it is then brought up to date:
    what is no longer part of the site is removed)."""
    started = time.perf_counter()
    folder = folder.resolve()
    if folder.exists() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise FileExistsError(f"{folder} is not empty and holds no {MARKER}: export into an empty folder")
    app.config.update(
        {
            EXPORTING: True,
            "FREEZER_DESTINATION": str(folder),
            "FREEZER_REMOVE_EXTRA_FILES": True,
            "FREEZER_DESTINATION_IGNORE": [MARKER],
            "FREEZER_REDIRECT_POLICY": "follow",
            "FREEZER_IGNORE_MIMETYPE_WARNINGS": True,
        }
    )
    app.before_request(_server_only)
    app.after_request(_relative_pages)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARKER).write_text(
        "A static copy of the adjudicator site, written by `adjudicator export`.\n", encoding="utf-8"
    )
    freezer = SiteFreezer(app, with_static_files=True, with_no_argument_rules=True, log_url_for=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MimetypeMismatchWarning)
        warnings.filterwarnings("ignore", message="Nothing frozen for endpoints")
        urls = freezer.freeze()
    from adjudicator.web.offline import write_offline  # search and keeping a code (it imports this module)

    write_offline(app, folder)
    files = [p for p in folder.rglob("*") if p.is_file()]
    pages = sum(1 for url in urls if not url.startswith(FILES))
    return Report(pages, len(files), sum(p.stat().st_size for p in files), time.perf_counter() - started)
