"""The whole site as static files (``adjudicator export DIR``), frozen with Frozen-Flask.

Frozen-Flask asks the app for each page with its test client and writes the answer; every
``url_for`` a page makes while it is rendered is added to what is frozen, so the answer
links of each question lead it through every state of every irregularity, to every ruling,
its table view and its comparisons. In the copy every link a settle page makes is canonical
(presenters/settle.py: ``copy_answers``): only the answers on the path, in the order asked,
and one not-sure ruling a question (every outcome still possible from it), so the copy
holds about one page per question state and ruling, not one per set of answers.

What this module adds:
- the site is frozen a part at a time: each code's own pages (its laws, questions, rulings,
  Learn pages, JSON), walked from the code's pages alone, then the shared ones (the home
  page, the lists, the tools, search, CSS and icons); ``--jobs`` freezes parts in forked
  processes (measured: no faster on a shared 2-core machine, see the README);
- every page is written as a folder's ``index.html`` (``/codes/x/laws/50`` ->
  ``codes/x/laws/50/index.html``), so any static host serves it with its type, and a
  bookmark of the live app's address finds it (hosts send ``50`` to ``50/``; the live app
  sends ``50/`` back to ``50``);
- every link is made relative to the page's folder (``href="/codes/x"`` ->
  ``href="../../"``), so the folder works from any host and from a subfolder;
- what needs the server is left out (the JSON API but its OpenAPI document and each code's
  JSON, search results) or says so in place of its form (a quiz, the score sheet and the
  auction checker);
- an address made once in a part is not made again (``url_for``, the views of a remedy,
  a ruling's table view, a link to a ruling), and Frozen-Flask asks each logged address once.
Same laws, same templates: same bytes (nothing dated, nothing random), in one process or several.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import re
import time
import warnings
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, Response, render_template, request, url_for
from flask_frozen import Freezer, MimetypeMismatchWarning, walk_directory

from adjudicator.engine import available
from adjudicator.model import Code, Library
from adjudicator.web.copy_paths import FILES, file_of, relative_links
from adjudicator.web.offline import write_offline
from adjudicator.web.presenters.settle import COPY_MEMO
from adjudicator.web.state import EXPORTING, library_of

MARKER = "adjudicator-export.txt"
"""Written into every export: a folder that holds it may be exported into again."""
SERVER_ONLY = ("/api/", "/learn/", "/tools/score", "/tools/auction")
"""Addresses under which only these pages are exported (the rest needs the server)."""
KEPT_UNDER_SERVER_ONLY = re.compile(
    r"^/(api/v1/openapi\.json|api/v1/codes/[^/]+|learn|learn/[^/]+|learn/[^/]+/irregularities|learn/[^/]+/quiz|tools/score|tools/auction)$"
)


def exported(path: str) -> bool:
    """Whether the page at ``path`` goes into the export."""
    if path.startswith(SERVER_ONLY):
        return bool(KEPT_UNDER_SERVER_ONLY.match(path.rstrip("/") or "/"))
    return True


class SiteFreezer(Freezer):
    """Frozen-Flask, writing folders, keeping what a static copy can serve, one part of the
    site at a time (``part``: a code's own pages, or the shared ones), and asking ``url_for``
    again for each address once (Frozen-Flask replays every call it logged: a page links the
    same law, code and ruling many times, and thousands of pages do)."""

    def __init__(self, app: Flask) -> None:
        super().__init__(app, with_static_files=False, with_no_argument_rules=False, log_url_for=True)
        self.part: str | None = None
        self.register_generator(self.seeds)
        logged = self.url_for_logger.iter_calls

        def each_once() -> Iterator[tuple[str, dict[str, object]]]:
            seen: set[tuple[str, frozenset[tuple[str, object]]]] = set()
            for endpoint, values in logged():
                try:
                    key = (endpoint, frozenset((k, v) for k, v in values.items() if k != "_anchor"))
                except TypeError:  # a value that is not hashable: asked as it is
                    yield endpoint, values
                    continue
                if key not in seen:
                    seen.add(key)
                    yield endpoint, values

        self.url_for_logger.iter_calls = each_once  # type: ignore[method-assign]

    def seeds(self) -> Iterator[tuple[str, dict[str, str]]]:
        """Where the walk of a part starts: a code's pages, or the shared pages, CSS and icons
        (every address the pages link to is followed from there)."""
        if self.part is None:
            yield from self.no_argument_rules_urls()
            yield from self.static_files_urls()
            return
        for endpoint in CODE_PAGES:
            yield endpoint, {"code": self.part}

    def freeze_part(self, part: str | None) -> list[tuple[str, str]]:
        """Freeze the pages of ``part`` (a code id, or None for the shared pages): their
        addresses and files."""
        self.part = part
        self.app.extensions.pop(COPY_MEMO, None)  # what one part made is not seen in another
        self.app.extensions.pop(ADDRESSES, None)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MimetypeMismatchWarning)
            warnings.filterwarnings("ignore", message="Nothing frozen for endpoints")
            return [(page.url, page.path.as_posix()) for page in self.freeze_yield()]

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
        codes = library_of(self.app).codes
        for url, endpoint, last_modified in super()._generate_all_urls():
            if exported(url) and part_of(url, codes) == self.part:
                yield url, endpoint, last_modified


CODE_PAGES = ("pages.code", "pages.irregularities", "learn.code", "api.code")
"""A code's pages that the walk of its part starts from (the rest are linked from them)."""
_OWNED = re.compile(r"^/(?:codes|settle|learn|api/v1/codes)/([^/.]+)")


def part_of(path: str, codes: Mapping[str, object]) -> str | None:
    """The code whose part of the copy holds ``path`` (its laws, questions, rulings, table
    views, comparisons, Learn pages and JSON), or None for a shared page (the home page, the
    lists, a game's choice of codes, the tools, search, CSS and icons)."""
    match = _OWNED.match(path)
    return match.group(1) if match and match.group(1) in codes else None


_QUIZ = re.compile(r"^/learn/[^/]+/quiz(/.*)?$")
_TOOLS = ("/tools/score", "/tools/auction")


def _server_only() -> str | None:
    """While exporting: a quiz (drawn at random by the live service) and the table tools
    (their results are worked out by it) are pages that say so, with no form."""
    from adjudicator.presentation import words

    if _QUIZ.match(request.path):
        sentence = words.NEEDS_THE_SERVICE
    elif request.path in _TOOLS:
        sentence = words.TOOLS_NEED_THE_SERVICE
    else:
        return None
    from adjudicator.web.presenters.errors import ErrorView

    return render_template("errors/error.html", page=ErrorView(200, sentence), search_url=url_for("pages.search"))


def _relative_pages(response: Response) -> Response:
    """While exporting: the page's links relative to its folder."""
    if response.mimetype == "text/html" and response.status_code == 200:
        response.set_data(relative_links(response.get_data(as_text=True), request.path))
    return response


ADDRESSES = "adjudicator.copy-addresses"
"""The key of ``app.extensions`` holding the addresses made while a part is frozen."""


def _addresses_once(app: Flask) -> None:
    """While exporting: ``url_for`` answers an address it made before in the same part from
    memory (the library does not change while it is frozen, and a page's addresses do not
    depend on the request: every page links the same menus, CSS and laws). Frozen-Flask
    still sees the first call of each in the part, which adds the address to it."""
    make = app.url_for

    def url_for(endpoint: str, **values: Any) -> str:
        try:
            key = (endpoint, frozenset(values.items()))
        except TypeError:  # a value that is not hashable: made as it is
            return make(endpoint, **values)
        if endpoint.startswith("."):  # relative to the request's blueprint
            return make(endpoint, **values)
        made: dict[Hashable, str] = app.extensions.setdefault(ADDRESSES, {})
        if key not in made:
            made[key] = make(endpoint, **values)
        return made[key]

    app.url_for = url_for  # type: ignore[method-assign]


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


def export(app: Flask, folder: Path, jobs: int = 1) -> Report:
    """Write the site of ``app`` (built by create_app) into ``folder`` as static files. A
    folder that exists must be empty or a previous export (it is then brought up to date:
    what is no longer part of the site is removed). ``jobs``: processes freezing at once,
    each code's part and the shared pages handed out largest first; a page is the same
    whichever process writes it."""
    started = time.perf_counter()
    folder = folder.resolve()
    if folder.exists() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise FileExistsError(f"{folder} is not empty and holds no {MARKER}: export into an empty folder")
    app.config.update(
        {
            EXPORTING: True,
            "FREEZER_DESTINATION": str(folder),
            "FREEZER_REMOVE_EXTRA_FILES": False,  # done below, once every part is written
            "FREEZER_REDIRECT_POLICY": "follow",
            "FREEZER_IGNORE_MIMETYPE_WARNINGS": True,
        }
    )
    _addresses_once(app)
    app.before_request(_server_only)
    app.after_request(_relative_pages)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARKER).write_text(
        "A static copy of the adjudicator site, written by `adjudicator export`.\n", encoding="utf-8"
    )
    built = _freeze_parts(app, _parts_largest_first(library_of(app)), jobs)
    _remove_the_rest(folder, {path for _, path in built} | {MARKER})
    write_offline(app, folder)  # search and keeping a code
    pages = sum(1 for url, _ in built if not url.startswith(FILES))
    files = sizes = 0
    for where, _, names in os.walk(folder):
        files += len(names)
        sizes += sum(os.stat(os.path.join(where, name)).st_size for name in names)
    return Report(pages, files, sizes, time.perf_counter() - started)


def _parts_largest_first(library: Library) -> list[str | None]:
    """The parts of the copy, the codes with the most questions and remedies first (so that
    the last one handed out is small), then the shared pages."""

    def size(code: Code) -> int:
        return sum(len(irr.questions) + len(irr.remedies) for irr, _ in available(code))

    return [*sorted(library.codes, key=lambda c: -size(library.codes[c])), None]


_FREEZER: SiteFreezer | None = None
"""The freezer of this process (a process freezing parts for ``export``)."""


def _freeze_one_part(part: str | None) -> list[tuple[str, str]]:
    assert _FREEZER is not None  # noqa: S101 - set before any part is handed out
    return _FREEZER.freeze_part(part)


def _freeze_parts(app: Flask, parts: list[str | None], jobs: int) -> list[tuple[str, str]]:
    """Every part frozen, in this process (one job) or in ``jobs`` forked ones: each a copy of
    this one, with the app built already."""
    global _FREEZER
    _FREEZER = SiteFreezer(app)
    try:
        if jobs <= 1:
            return [page for part in parts for page in _freeze_one_part(part)]
        with multiprocessing.get_context("fork").Pool(min(jobs, len(parts))) as pool:
            return [page for pages in pool.imap_unordered(_freeze_one_part, parts) for page in pages]
    finally:
        _FREEZER = None


def _remove_the_rest(folder: Path, built: set[str]) -> None:
    """What an earlier export wrote and this one did not: removed (with folders left empty)."""
    for name in sorted(set(walk_directory(folder)) - built, reverse=True):
        path = folder / name
        path.unlink()
        with contextlib.suppress(OSError):
            path.parent.rmdir()
