"""The search page and the search API: parameters checked here, the search itself done by
``adjudicator.search.search`` over the index opened in ``create_app``
(``app.extensions["adjudicator.search"]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from flask import Flask, url_for
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from adjudicator import search
from adjudicator.errors import UnknownCode
from adjudicator.model import Library
from adjudicator.web import library_of, views
from adjudicator.web.handlers import BadInput
from adjudicator.web.params import MAX_QUERY, int_arg

FILTERS = ("game", "code", "topic", "kind")
PAGELEN = 10
MAX_PAGELEN = 50
MAX_PAGE = 1000

KIND_LABELS = {kind: {"remedy": "Ruling"}.get(kind, kind.capitalize()) for kind in search.KINDS}
"""How each kind of hit the index holds is named on the page (a remedy is a ruling)."""


@dataclass
class Params:
    q: str
    filters: dict[str, str]
    page: int
    pagelen: int


def read_params(app: Flask, args: MultiDict[str, str], *, api: bool = False) -> Params:
    for name in args:
        if len(args.getlist(name)) > 1:
            raise BadInput(f"{name!r} is given more than once; give it once", name)
    q = args.get("q", "")
    if len(q) > MAX_QUERY:
        raise BadInput(f"the query is {len(q)} characters long; at most {MAX_QUERY}", "q")
    filters = {}
    for name in FILTERS:
        value = args.get(name, "").strip()
        if len(value) > 80:
            raise BadInput(f"{name!r} is too long; at most 80 characters", name)
        if value:
            filters[name] = value
    library = library_of(app)
    if "code" in filters and filters["code"] not in library.codes:
        raise UnknownCode(filters["code"], list(library.codes), field="code")
    if "game" in filters and filters["game"] not in library.games():
        raise BadInput(
            f"unknown game {filters['game']!r}; games: {', '.join(library.games())}", "game", value=filters["game"]
        )
    if "kind" in filters and filters["kind"] not in search.KINDS:
        raise BadInput(
            f"unknown kind {filters['kind']!r}; kinds: {', '.join(search.KINDS)}",
            "kind",
            value=filters["kind"],
            choices=list(search.KINDS),
        )
    page = int_arg(args, "page", 1, 1, MAX_PAGE)
    pagelen = int_arg(args, "pagelen", PAGELEN, 1, MAX_PAGELEN) if api else PAGELEN
    return Params(q.strip(), filters, page, pagelen)


def run(app: Flask, params: Params) -> Any:
    """The results of ``params``; a page past the last is the last one (``page`` says which)."""
    index = app.extensions["adjudicator.search"]  # create_app opens one or refuses to start

    def page(number: int) -> search.Results:
        return search.search(
            index,
            params.q,
            game=params.filters.get("game"),
            code=params.filters.get("code"),
            topic=params.filters.get("topic"),
            kind=params.filters.get("kind"),
            page=number,
            pagelen=params.pagelen,
        )

    results = page(params.page)
    last = max(1, -(-results.total // results.pagelen))
    return page(last) if results.page > last else results


# ---------------------------------------------------------------- the page


@dataclass
class HitView:
    kind: str
    title: str
    url: str
    code: str
    section: str | None
    snippet: Markup
    exact: bool


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
    games: list[views.Option]
    codes: list[views.Option]
    kinds: list[views.Option]
    hidden: list[views.Hidden]
    page: int
    pages: int
    previous_url: str | None
    next_url: str | None
    clear_url: str
    first: int = 0
    last: int = 0
    filters: list[str] = field(default_factory=list)


def _url(q: str, filters: Mapping[str, str], page: int = 1) -> str:
    args = [("q", q), *((k, v) for k, v in filters.items() if v)]
    if page > 1:
        args.append(("page", str(page)))
    return f"{url_for('pages.search')}?{urlencode(args)}"


def hit_url(library: Library, hit: Any) -> str:
    code = hit.code
    kind = hit.kind
    if kind == "law" and hit.number:
        return views.law_url(code, hit.number)
    if kind == "remedy" and hit.irregularity:
        return views.remedy_url(library, code, hit.irregularity, (hit.id or "").rpartition("/")[2])
    if kind == "etiquette":
        return views.etiquette_url(code, hit.id)
    if kind == "glossary":
        return views.glossary_url(code, hit.id)
    return views.code_url(code)


def _facet_items(raw: Any) -> list[tuple[str, int]]:
    if isinstance(raw, Mapping):
        return [(str(k), int(v)) for k, v in raw.items()]
    return [(str(k), int(v)) for k, v in raw]


def search_page(app: Flask, args: MultiDict[str, str]) -> SearchPage:
    params = read_params(app, args)
    library = library_of(app)
    filters = params.filters
    games = [views.Option(g, codes[0].game_title, filters.get("game") == g) for g, codes in library.games().items()]
    codes = [views.Option(c.id, views.code_line(c), filters.get("code") == c.id) for c in library.codes.values()]
    kinds = [views.Option(k, v, filters.get("kind") == k) for k, v in KIND_LABELS.items()]
    page = SearchPage(
        q=params.q, searched=bool(params.q), total=0, hits=[], suggestion=None, suggestion_url=None,
        facets=[], games=games, codes=codes, kinds=kinds,
        hidden=[views.Hidden("topic", filters["topic"])] if "topic" in filters else [],
        page=params.page, pages=0, previous_url=None, next_url=None, clear_url=_url(params.q, {}),
        filters=[f"{k}: {v}" for k, v in filters.items()],
    )  # fmt: skip
    if not params.q:
        return page
    results = run(app, params)
    page.total = results.total
    page.page = results.page
    page.pages = max(1, -(-results.total // results.pagelen))
    page.first = (results.page - 1) * results.pagelen + 1 if results.hits else 0
    page.last = page.first + len(results.hits) - 1 if results.hits else 0
    page.hits = [
        HitView(
            kind=KIND_LABELS[h.kind],
            title=(f"Law {h.number}. {h.title}" if h.kind == "law" and h.number else h.title),
            url=hit_url(library, h),
            code=h.code_title,
            section=h.section_title,
            snippet=Markup(h.snippet or ""),  # noqa: S704 - search escapes the text and adds only <mark>
            exact=bool(h.exact),
        )
        for h in results.hits
    ]
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
