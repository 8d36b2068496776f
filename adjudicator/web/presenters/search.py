"""The search page: the results of ``adjudicator.search.search`` (run by
``state.run_search``), with the hits' links (and their sister editions' links), the
irregularity the query describes to settle, the facets as links that add or drop a filter,
the did-you-mean, and what of a long query was not searched. A snippet's spans are escaped
here and the matched ones marked: the only markup a snippet carries is ``<mark>``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlencode

from markupsafe import Markup

import adjudicator.web.urls as urls
from adjudicator import search
from adjudicator.model import Library
from adjudicator.presentation import words
from adjudicator.search import SearchIndex
from adjudicator.web.params import MAX_QUERY, SearchParams
from adjudicator.web.presenters.common import Hidden, Option
from adjudicator.web.state import run_search

T = TypeVar("T")

KIND_LABELS = {kind: {"remedy": "Ruling"}.get(kind, kind.capitalize()) for kind in search.KINDS}
"""How each kind of hit the index holds is named on the page (a remedy is a ruling)."""


# ---------------------------------------------------------------- the page


@dataclass
class EditionView:
    """A sister edition on a hit: "1912 Law 83", its link, and whether its words differ."""

    label: str
    url: str
    differs: bool


@dataclass
class HitView:
    kind: str
    title: str
    url: str
    code: str
    section: str | None
    snippet: Markup
    exact: bool
    editions: list[EditionView] = field(default_factory=list)


@dataclass
class SettleView:
    """ "Settle this: A revoke, under Auction Bridge (1915)" """

    title: str
    code: str
    url: str


@dataclass
class FacetValue:
    label: str
    count: int
    url: str
    selected: bool


@dataclass
class Facet:
    title: str
    values: list[FacetValue]


@dataclass
class SearchPage:
    q: str
    searched: bool
    total: int
    hits: list[HitView]
    suggestion: str | None
    suggestion_url: str | None
    facets: list[Facet]
    games: list[Option]
    codes: list[Option]
    kinds: list[Option]
    hidden: list[Hidden]
    page: int
    pages: int
    previous_url: str | None
    next_url: str | None
    clear_url: str
    first: int = 0
    last: int = 0
    filters: list[str] = field(default_factory=list)
    settle: SettleView | None = None
    cut: str | None = None
    dropped: str | None = None  # the query was longer than the box takes: what was left out


def _url(q: str, filters: Mapping[str, str], page: int = 1) -> str:
    args = [("q", q), *((k, v) for k, v in filters.items() if v)]
    if page > 1:
        args.append(("page", str(page)))
    return f"{urls.search_url()}?{urlencode(args)}"


def hit_url(library: Library, hit: Any) -> str:
    return _url_of(library, hit.kind, hit.code, hit.number, hit.id)


def _url_of(library: Library, kind: str, code: str, number: str | None, item: str | None) -> str:
    if kind == "law" and number:
        return urls.law_url(code, number)
    if kind == "remedy" and item and "/" in item:
        irregularity, _, remedy = item.partition("/")
        return urls.remedy_url(library, code, irregularity, remedy)
    if kind == "etiquette":
        return urls.etiquette_url(code, item)
    if kind == "glossary":
        return urls.glossary_url(code, item)
    return urls.code_url(code)


def snippet_html(spans: Any) -> Markup:
    """A snippet's spans as HTML: every span escaped, the matched ones in <mark>."""
    return Markup("").join(Markup("<mark>{}</mark>").format(s.text) if s.mark else Markup.escape(s.text) for s in spans)


def editions(library: Library, hit: Any) -> list[EditionView]:
    """The hit's sister editions, each linked: "1912 Law 83" for a law, "1912" otherwise."""
    return [
        EditionView(
            f"{e.label} {words.law_ref(e.number)}"
            if hit.kind == "law" and e.number and words.NUMBERED.fullmatch(e.number)
            else e.label,
            _url_of(library, hit.kind, e.code, e.number, e.id),
            e.differs,
        )
        for e in hit.editions
    ]


def _facet_items(raw: Any) -> list[tuple[str, int]]:
    if isinstance(raw, Mapping):
        return [(str(k), int(v)) for k, v in raw.items()]
    return [(str(k), int(v)) for k, v in raw]


def search_page(library: Library, index: SearchIndex, params: SearchParams, then: Callable[[SearchPage], T]) -> T:
    """What ``then`` makes of the search page (the HTML): made where the search ran, in its
    thread when it computed (state.run_search)."""
    filters = params.filters
    games = [Option(g, codes[0].game_title, filters.get("game") == g) for g, codes in library.games().items()]
    codes = [Option(c.id, words.code_line(c), filters.get("code") == c.id) for c in library.codes.values()]
    kinds = [Option(k, v, filters.get("kind") == k) for k, v in KIND_LABELS.items()]
    page = SearchPage(
        q=params.q, searched=bool(params.q), total=0, hits=[], suggestion=None, suggestion_url=None,
        facets=[], games=games, codes=codes, kinds=kinds,
        hidden=[Hidden("topic", filters["topic"])] if "topic" in filters else [],
        page=params.page, pages=0, previous_url=None, next_url=None, clear_url=_url(params.q, {}),
        filters=[f"{k}: {v}" for k, v in filters.items()],
    )  # fmt: skip
    if not params.q:
        return then(page)
    return run_search(index, params, lambda results: then(_filled(page, library, params, games, codes, results)))


def _filled(
    page: SearchPage, library: Library, params: SearchParams, games: list[Option], codes: list[Option], results: Any
) -> SearchPage:
    """``page`` with the results: made where the search ran (in its thread, when it computed)."""
    filters = params.filters
    page.total = results.total
    page.page = results.page
    page.pages = max(1, -(-results.total // results.pagelen))
    page.first = (results.page - 1) * results.pagelen + 1 if results.hits else 0
    page.last = page.first + len(results.hits) - 1 if results.hits else 0
    page.hits = [
        HitView(
            kind=KIND_LABELS[h.kind],
            title=words.law_name(h.number, h.title) if h.kind == "law" and h.number else h.title,
            url=hit_url(library, h),
            code=h.code_title,
            section=h.section_title,
            snippet=snippet_html(h.snippet),
            exact=bool(h.exact),
            editions=editions(library, h),
        )
        for h in results.hits
    ]
    page.cut = results.cut
    if params.dropped:
        rest = params.dropped if len(params.dropped) <= 60 else params.dropped[:60].rsplit(None, 1)[0] + " \u2026"
        page.dropped = words.QUERY_DROPPED.format(limit=MAX_QUERY, rest=rest)
    if results.settle and results.settle.code in library.codes:
        settle = results.settle
        page.settle = SettleView(
            settle.title, words.code_line(library.code(settle.code)), urls.settle_url(settle.code, settle.irregularity)
        )
    if results.suggestion:
        page.suggestion = results.suggestion
        page.suggestion_url = _url(results.suggestion, filters)
    titles = {"game": "Game", "code": "Code", "topic": "Topic", "kind": "Kind"}
    names = {
        "game": {g.value: g.label for g in games},
        "code": {c.value: c.label for c in codes},
        "kind": KIND_LABELS,
    }
    for name, raw in (results.facets or {}).items():
        values = []
        for value, count in _facet_items(raw):
            chosen = filters.get(name) == value
            target = {**filters, name: value} if not chosen else {k: v for k, v in filters.items() if k != name}
            label = names.get(name, {}).get(value, value.replace("-", " "))
            values.append(FacetValue(label, count, _url(params.q, target), chosen))
        if values:
            page.facets.append(Facet(titles.get(name, name.capitalize()), values))
    if results.page > 1:
        page.previous_url = _url(params.q, filters, results.page - 1)
    if results.page < page.pages:
        page.next_url = _url(params.q, filters, results.page + 1)
    return page
