"""``search()``: a query read, matched, ranked and cut into a page, with totals, facets, a
did-you-mean, and the irregularity it describes. Results are kept in the index's bounded
cache: a repeated query costs a dictionary lookup."""

from __future__ import annotations

import itertools
import operator
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import adjudicator.search.query as Q
import adjudicator.search.rank as rank
import adjudicator.search.snippets as snippets
from adjudicator.errors import UnknownFilter
from adjudicator.search.index import SearchIndex
from adjudicator.search.results import Hit, Results, Settle, Span
from adjudicator.search.snippets import spans
from adjudicator.search.suggest import suggest

KINDS = ("law", "etiquette", "glossary", "remedy")
FACETS = ("game", "code", "topic", "kind")
MAX_PAGELEN = 100
_DEFINING = frozenset({"what", "whats", "define", "definition", "meaning", "meant", "mean"})


def check_filters(index: SearchIndex, filters: Mapping[str, str | None]) -> None:
    """Raise UnknownFilter (naming the nearest values and every valid one) for a filter
    value the index has not."""
    for name, value in filters.items():
        if value is None:
            continue
        choices = list(KINDS) if name == "kind" else index.values(name)
        if value not in choices:
            raise UnknownFilter(name, value, choices)


@dataclass
class _Matched:
    parsed: Q.Parsed
    exact: list[int]
    plan: Q.Plan
    units: list
    candidates: frozenset[int]
    scope: frozenset[int]  # what is scored: the codes named in words and the code and game filters
    allowed: frozenset[int]  # what may be shown: the scope and every filter
    named: list[str] | None


def _match(index: SearchIndex, text: str, filters: Mapping[str, str | None], *, finding: bool = False) -> _Matched:
    """The query read and matched. ``finding``: only whether it finds something is wanted
    (``candidates`` then holds some of what is found, at least one allowed, if any is)."""
    parsed = Q.parse(text)
    codes = Q.candidate_codes(index, filters["game"], filters["code"])
    exact = Q.resolve(index, parsed, codes)
    exact = [d for d in exact if filters["kind"] in (None, "law") and filters["topic"] in (None, *index.docs[d].topics)]
    named = Q.named_codes(index, parsed, codes) if not exact else None
    if named is not None:
        codes = named
    everywhere = filters["code"] is None and filters["game"] is None and named is None
    plan = Q.plan(index, parsed, index.groups_for(None if everywhere else codes))
    named_scope = index.everything
    if named is not None:
        named_scope = frozenset().union(*(index.filtered("code", c) for c in named))
    scope = named_scope
    for name in ("game", "code"):
        if filters[name] is not None:
            scope &= index.filtered(name, filters[name])
    allowed = scope
    for name in ("kind", "topic"):
        if filters[name] is not None:
            allowed &= index.filtered(name, filters[name])
    units: list = []
    if plan.units:
        positions = range(len(index.code_ids)) if named is None else [index.code_ids.index(c) for c in named]
        candidates, units = rank.match(index, plan, positions, allowed if finding else None)
    elif exact:  # a citation alone: what cites it follows the law itself
        refs = {f"{index.docs[d].code}:{index.docs[d].number.lower()}" for d in exact if index.docs[d].number}
        candidates = frozenset().union(*(index.citing(r) for r in sorted(refs))) & named_scope
    elif any(filters.values()) and not (parsed.words or parsed.phrases or parsed.prefixes or parsed.excluded):
        candidates = allowed  # browsing by filters alone: every document they allow, in library order
    else:
        candidates = frozenset()
    return _Matched(parsed, exact, plan, units, candidates, scope, allowed, named)


def _finds(index: SearchIndex, text: str, filters: Mapping[str, str | None]) -> bool:
    m = _match(index, text, filters, finding=True)
    return bool(m.exact) or not m.candidates.isdisjoint(m.allowed)


def _facets(
    index: SearchIndex, matched: frozenset[int], filters: Mapping[str, str | None]
) -> tuple[int, dict[str, list[tuple[str, int]]]]:
    """The provisions found after every filter, and each facet's counts with the other
    filters applied: a law in three editions counts once. Each subset of the documents
    found, and its groups, is made once (with no filter, all four facets count one)."""
    group_of = index.group_of
    sets = {name: index.filtered(name, value) for name, value in filters.items() if value is not None}
    subsets: dict[tuple[str, ...], frozenset[int]] = {}
    grouped: dict[tuple[str, ...], list[int]] = {}  # sorted: counted by runs

    def key(without: str) -> tuple[str, ...]:
        return tuple(sorted(n for n in sets if n != without))

    def subset(without: str) -> frozenset[int]:
        k = key(without)
        if k not in subsets:
            subsets[k] = matched.intersection(*(sets[n] for n in k)) if k else matched
        return subsets[k]

    def groups(without: str) -> list[int]:
        k = key(without)
        if k not in grouped:
            grouped[k] = sorted(set(map(group_of.__getitem__, subset(without))))
        return grouped[k]

    total = len(groups(""))
    out = {}
    # a group has one document per code at most: a code counts its documents; a game or a
    # kind counts its groups; a topic, its (topic, group) pairs
    out["code"] = _counted(index, "code", subset("code"), index.code_of.__getitem__)
    for name in ("game", "kind"):
        out[name] = _counted(index, name, groups(name), index.group_values(name).__getitem__)
    # a group whose editions share their topics counts each once; the few others count
    # their distinct (topic, group) pairs
    shared, mixed = index.group_topics()
    out["topic"] = Counter(itertools.chain.from_iterable(map(shared.get, groups("topic"), itertools.repeat(()))))
    keys, n, values = index.facet_keys("topic"), len(index.docs), index.values("topic")
    distinct = set(itertools.chain.from_iterable(map(keys.__getitem__, subset("topic") & mixed)))
    out["topic"].update(map(values.__getitem__, map(operator.floordiv, distinct, itertools.repeat(n))))
    # by count, then value: sorted by value, then (stable, even reversed) by count
    return total, {name: sorted(sorted(out[name].items()), key=operator.itemgetter(1), reverse=True) for name in FACETS}


def _counted(index: SearchIndex, name: str, docnums: Iterable[int], value_of: Callable[[int], Any]) -> Counter:
    """How many of ``docnums`` (documents, or groups by their first document; a set, or a
    list already sorted) have each
    value of ``name``: by the runs of each value in docnum order (a sort, a bisection a
    run) where the index has them, else one by one."""
    runs = index.runs(name)
    if runs is None:
        found = Counter(map(value_of, docnums))
        return Counter({index.code_ids[c]: k for c, k in found.items()}) if name == "code" else found
    starts, values = runs
    ordered = docnums if isinstance(docnums, list) else sorted(docnums)  # a list is sorted (groups())
    out: Counter = Counter()
    cuts = [bisect_left(ordered, start) for start in starts]
    cuts.append(len(ordered))
    for i, value in enumerate(values):
        if cuts[i + 1] > cuts[i]:
            out[value] += cuts[i + 1] - cuts[i]
    return out


def _highlight(plan: Q.Plan) -> frozenset[str]:
    terms: set[str] = set()
    for unit in plan.units:
        for form in unit.forms:
            for field, term in form.terms:
                terms.update(term.split("_") if field == "pairs" else (term,))
    return frozenset(terms)


def _settle(
    index: SearchIndex, m: _Matched, scores: Mapping[int, float], first: int | None, prefer: str | None
) -> Settle | None:
    """The irregularity the query describes: the one whose remedy scored best, offered when
    the first hit is one of its remedies or a law they rest on."""
    if not m.plan.units or first is None:
        return None
    docs = index.docs
    of_kind = index.filtered("kind", "remedy")
    remedies = [(s, -d) for d in of_kind.intersection(scores) if (s := scores[d]) > 0]
    if not remedies:
        return None
    best = -max(remedies)[1]  # the best scored; of equals, the first
    irregularity = docs[best].irregularity
    members = [d for d in index.members(docs[best].group)]
    code = docs[best].code
    for wanted in (prefer, docs[first].code):  # the code filtered on, else the first hit's, if it has it
        if wanted and (any(docs[d].code == wanted for d in members) or index.remedies(wanted, irregularity)):
            code = wanted
            break
    of_it = index.remedies(code, irregularity)
    cited = {law for law in rank.lifted(index, of_it)}
    shown = docs[first]
    if (
        first not in of_it
        and first not in cited
        and not (shown.kind == "law" and any(docs[d].code == code and d in cited for d in index.members(shown.group)))
    ):
        return None
    info = index.codes[code]
    title = info.irregularities.get(irregularity)
    if title is None:
        return None
    return Settle(code, docs[of_it[0]].code_title if of_it else code, irregularity, title)


def search(
    index: SearchIndex,
    query: str,
    *,
    game: str | None = None,
    code: str | None = None,
    topic: str | None = None,
    kind: str | None = None,
    page: int = 1,
    pagelen: int = 10,
    clamp: bool = False,
) -> Results:
    """Search ``index``; never raises on any query text. An unknown filter value raises
    UnknownFilter (with the valid values and the nearest). A page past the last has no
    hits, or (``clamp``) is the last page (``Results.page`` says which), as the pages and
    the API show it: found in the same search, not a second one."""
    text, cut, filters, page, pagelen = _read(index, query, game, code, topic, kind, page, pagelen)
    key = (text, *filters.values(), page, pagelen, clamp)
    packed = index.results.get(key)
    if packed is not None:
        return _unpack(index, packed)
    results, shown = _search(index, text, cut, filters, page, pagelen, clamp)
    index.results.put(key, _pack(index, results, shown))
    return results


def cached(
    index: SearchIndex, query: str, *, page: int = 1, pagelen: int = 10, clamp: bool = False, **filters: str | None
) -> Results | None:
    """What ``search`` would return for the same arguments (``filters``: game, code, topic,
    kind), if the index's results cache holds it (a lookup: it never computes, so a server
    may answer it at once, where a search that computes is queued); else None. An unknown
    filter value raises UnknownFilter, as ``search`` does."""
    if not filters.keys() <= set(FACETS):
        raise TypeError(
            f"cached() takes the filters {', '.join(FACETS)}, not {', '.join(filters.keys() - set(FACETS))}"
        )
    given = [filters.get(name) for name in ("game", "code", "topic", "kind")]
    text, _, checked, page, pagelen = _read(index, query, *given, page, pagelen)
    packed = index.results.get((text, *checked.values(), page, pagelen, clamp))
    return None if packed is None else _unpack(index, packed)


def _read(
    index: SearchIndex, query: str, game: str | None, code: str | None, topic: str | None, kind: str | None,
    page: int, pagelen: int,
) -> tuple[str, bool, dict[str, str | None], int, int]:  # fmt: skip
    """A search's arguments as searched and as the cache keys them: the query cleaned (and
    whether it was cut), the filters checked, the page and its length within bounds."""
    filters = {"game": game or None, "code": code or None, "topic": topic or None, "kind": kind or None}
    check_filters(index, filters)
    text, cut = Q.clean(query)
    return text, cut, filters, max(1, int(page)), max(1, min(MAX_PAGELEN, int(pagelen)))


@dataclass(frozen=True, slots=True)
class _Packed:
    """A Results as the cache keeps it: each hit as its docnum and its snippet's positions,
    each facet as its values' positions and counts; about 3 KB for a page of ten (tracemalloc)."""

    head: tuple  # query, total, page, pagelen, suggestion, settle, cut
    hits: tuple[tuple[int, bool, array], ...]  # docnum, exact, snippet positions
    facets: tuple[tuple[str, array], ...]  # name, (value position, count) pairs

    @property
    def size(self) -> int:
        return 1500 + sum(100 + 4 * len(p) for _, _, p in self.hits) + sum(80 + 4 * len(a) for _, a in self.facets)


def _pack(index: SearchIndex, results: Results, shown: list[tuple[int, array]]) -> _Packed:
    exact = [hit.exact for hit in results.hits]
    hits = tuple((d, e, positions) for (d, positions), e in zip(shown, exact, strict=True))
    facets = []
    for name, pairs in results.facets.items():
        position = index.value_positions(name)
        facets.append((name, array("I", itertools.chain.from_iterable((position[value], n) for value, n in pairs))))
    head = (
        results.query,
        results.total,
        results.page,
        results.pagelen,
        results.suggestion,
        results.settle,
        results.cut,
    )
    return _Packed(head, hits, tuple(facets))


def _unpack(index: SearchIndex, packed: _Packed) -> Results:
    query, total, page, pagelen, suggestion, settle, cut = packed.head
    docs = index.docs
    hits = tuple(_hit(index, d, spans(docs[d].text, positions), exact) for d, exact, positions in packed.hits)
    facets = {}
    for name, pairs in packed.facets:
        values = index.values(name)
        facets[name] = [(values[pairs[i]], pairs[i + 1]) for i in range(0, len(pairs), 2)]
    return Results(query, hits, total, page, pagelen, facets, suggestion, settle, cut)


def _hit(index: SearchIndex, d: int, spans: tuple[Span, ...], exact: bool) -> Hit:
    doc = index.docs[d]
    return Hit(
        kind=doc.kind, code=doc.code, code_title=doc.code_title, game=doc.game, number=doc.number, id=doc.id,
        irregularity=doc.irregularity, title=doc.title, section=doc.section, section_title=doc.section_title,
        snippet=spans, exact=exact, editions=index.editions(d),
    )  # fmt: skip


def _search(
    index: SearchIndex, text: str, cut: bool, filters: dict[str, str | None], page: int, pagelen: int, clamp: bool
) -> tuple[Results, list[tuple[int, array]]]:
    m = _match(index, text, filters)
    if m.units:
        first_word = m.parsed.words[0] if m.parsed.words else ""
        defining = len(m.units) <= 2 or first_word in _DEFINING
        scores = rank.score(index, m.plan, m.candidates, m.units, m.scope, defining=defining)
    else:
        scores = {d: index.kind_weights[d] for d in m.candidates & m.scope}
        if not m.plan.units and not m.exact:  # browsing: library order
            scores = dict.fromkeys(sorted(scores), 0.0)
    rests_on = index.rests_on
    lifted = itertools.chain.from_iterable(map(rests_on.__getitem__, m.candidates & index.resting))
    matched = m.candidates.union(lifted, m.exact)
    if m.named is not None:
        matched &= frozenset().union(*(index.filtered("code", c) for c in m.named))
    visible = matched if m.allowed is index.everything else matched & m.allowed
    unscored = visible.difference(scores)  # found but not scored (the cost bound): after the others
    total, facets = _facets(index, matched, filters)
    if clamp:
        page = min(page, max(1, -(-total // pagelen)))
    ranked = rank.rank_groups(index, scores, m.allowed, m.exact, page * pagelen, unscored)
    terms = _highlight(m.plan)
    exact = set(m.exact)
    prefer = filters["code"]
    window = [
        rank.shown(index, g, scores, m.allowed, exact, prefer, unscored)
        for g in ranked[(page - 1) * pagelen : page * pagelen]
    ]
    shown = [(d, snippets.window(index, d, terms)) for d in window]
    hits = tuple(_hit(index, d, snippets.spans(index.docs[d].text, p), d in exact) for d, p in shown)
    suggestion = suggest(index, text, m.scope, lambda other: _finds(index, other, filters)) if m.parsed.words else None
    first = rank.shown(index, ranked[0], scores, m.allowed, exact, prefer, unscored) if ranked else None
    settle = _settle(index, m, scores, first, prefer)
    notes = []
    if cut:
        notes.append(f"only the first {Q.MAX_QUERY_CHARS} characters were searched")
    if m.parsed.dropped:
        notes.append(f"only the first {Q.MAX_WORDS} different words were searched")
    return Results(text, hits, total, page, pagelen, facets, suggestion, settle, "; ".join(notes) or None), shown
