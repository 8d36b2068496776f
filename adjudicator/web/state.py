"""What an app holds while it runs, set once by ``create_app``: the library of laws, its
search index and the page cache. Blueprints read it through these functions, never by
importing the application package; ``run_search`` searches the app's index."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, current_app

from adjudicator import search
from adjudicator.model import Library
from adjudicator.search import SearchIndex
from adjudicator.web.params import SearchParams
from adjudicator.web.urls import LIBRARY

SEARCH = "adjudicator.search"
PAGES = "adjudicator.pages"
"""The keys of ``app.extensions`` (and LIBRARY, from urls, which orders answers by it)."""


EXPORTING = "ADJUDICATOR_EXPORT"
"""The ``app.config`` key set while ``adjudicator export`` freezes the app into a static copy."""


def in_the_copy() -> bool:
    """Whether the page being made is for a static copy (links canonical, forms say what
    needs the live service)."""
    return bool(current_app.config.get(EXPORTING))


def library_of(app: Flask) -> Library:
    return app.extensions[LIBRARY]


def index_of(app: Flask) -> SearchIndex:
    """The search index ``create_app`` opened (it refuses to start without one)."""
    return app.extensions[SEARCH]


T = TypeVar("T")


def in_the_request(work: Callable[[], T]) -> T:
    return work()


searching: Callable[[Callable[[], Any]], Any] = in_the_request
"""How a search that computes runs (one the results cache holds is answered in the request,
by ``run_search``): in the request, unless the server says otherwise (make serve's worker,
adjudicator/web/serving.py: in a thread of its own, a bounded number at once, a Busy error
beyond)."""


def run_search(index: SearchIndex, params: SearchParams, then: Callable[[search.Results], T]) -> T:
    """What ``then`` makes of the results of ``params`` (the API's data, a page's view); a
    page past the last is the last one (``page`` says which). A search the index's results
    cache holds is answered here, in the request (a lookup: a repeated query never waits
    for a search thread, nor is turned away as Busy); one that must compute is run by
    ``searching``, ``then`` with it: what a flood of new searches costs, their pages
    included, is bounded with the searches (serving.py), not left to the loop."""
    found = _run_search(index, params, search.cached)
    if found is not None:
        return then(found)
    return searching(lambda: then(_run_search(index, params, search.search)))  # type: ignore[arg-type]


def _run_search(
    index: SearchIndex, params: SearchParams, find: Callable[..., search.Results | None]
) -> search.Results | None:
    return find(
        index,
        params.q,
        game=params.filters.get("game"),
        code=params.filters.get("code"),
        topic=params.filters.get("topic"),
        kind=params.filters.get("kind"),
        page=params.page,
        pagelen=params.pagelen,
        clamp=True,
    )
