"""Ranking, as a rules expert would: BM25 over the one scored field (the title three times,
then the text), neighbouring words counted where they stand side by side, then

- a law whose title answers the query comes first: each document's score grows with the
  share of the query's units its title holds (squared: all of them counts most);
- a definition ("What a revoke is") before its consequences, when the query names the
  thing or asks what it is;
- a law before the remedies, etiquette and glossary that rest on it (KIND_WEIGHT), and a
  remedy found (by its words or by what was seen at the table on the way to it) lifts the
  laws it rests on;
- one hit per provision: the editions of one law are one group, scored by its best member.

Words in more than COMMON of the documents only add to the score of documents the rarer
words found. The cost of a query is bounded: at most query.MAX_TERMS index terms, and at
most MAX_POSTINGS postings read while scoring (the commonest units, read last, are left
out past it), so no query costs more than a few times the median.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Iterable, Mapping

from adjudicator.search.index import Postings, SearchIndex
from adjudicator.search.query import Form, Plan, Unit

COMMON = 0.08
MIN_RARE = 4  # in a small code, a unit in this many documents is still rare
PAIR_BOOST = 0.25
CITED_WEIGHT = 0.4
ABOVE = 1.01  # a law scores at least what rests on it: it comes first
TITLE_ANSWER = 1.0
DEFINES = 0.3
MAX_POSTINGS = 30_000
MAX_REFINED = 200  # documents whose titles are weighed (the best by their first score)
MAX_SCORED = 400  # documents scored at most; more found are listed after them, in library order
DENSE = 8  # a term in at least one document in DENSE has its weights kept by docnum too (Postings.dense)


def _form_docs(index: SearchIndex, form: Form) -> frozenset[int]:
    sets = [index.postings(field, term).docset for field, term in form.terms]
    if not sets or not all(sets):
        return frozenset()
    found = sets[0] if len(sets) == 1 else frozenset.intersection(*sets)
    if form.phrase and found:
        found &= index.phrase(form.phrase)
    return found


def unit_docs(index: SearchIndex, unit: Unit) -> frozenset[int]:
    """The documents that hold one of the unit's forms."""
    sets = [_form_docs(index, f) for f in unit.forms]
    return frozenset().union(*sets) if sets else frozenset()


def _add(into: dict[int, float], postings: Postings, docs: frozenset[int], size: int, factor: float = 1.0) -> None:
    """Add to ``into`` the weight (times ``factor``) of ``postings`` in each document of
    ``docs`` that has the term: a long term's weights by docnum (``size`` documents in all)
    for the documents both hold, when ``docs`` is much smaller; the postings read through
    when ``docs`` is not much smaller; else each document looked up in them."""
    docnums, weights = postings.docnums, postings.weights
    get = into.get
    if len(docnums) * DENSE >= size and len(docs) * 2 < len(docnums):
        dense = postings.dense(size)
        for d in docs & postings.docset:
            into[d] = get(d, 0.0) + dense[d] * factor
        return
    if len(docs) * 8 >= len(docnums):
        for d, w in zip(docnums, weights, strict=True):
            if d in docs:
                into[d] = get(d, 0.0) + w * factor
        return
    n = len(docnums)
    for d in docs:
        i = bisect_left(docnums, d)
        if i < n and docnums[i] == d:
            into[d] = get(d, 0.0) + weights[i] * factor


def _unit_scores(index: SearchIndex, unit: Unit, within: frozenset[int], budget: list[int]) -> dict[int, float]:
    """Each document of ``within`` that has the unit: the weight of its best form (a form of
    several terms weighs their sum)."""
    out: dict[int, float] = {}
    for form in unit.forms:
        several = len(form.terms) > 1 or bool(form.phrase)
        docs = _form_docs(index, form) & within if several else within
        if not docs:
            continue
        found: dict[int, float] = {}
        for field, term in form.terms:
            postings = index.postings(field, term)
            budget[0] -= len(postings.docnums)  # the bound counts the postings, however they are read
            _add(found, postings, docs, len(index.docs))
        boost = form.boost
        for d, w in found.items():
            w *= boost
            if w > out.get(d, 0.0):
                out[d] = w
    return out


def match(
    index: SearchIndex, plan: Plan, codes: Iterable[int], meeting: frozenset[int] | None = None
) -> tuple[frozenset[int], list[tuple[Unit, frozenset[int]]]]:
    """The documents of ``codes`` (positions) the plan matches, with each unit's documents.

    Code by code, so that what a code's documents match does not depend on the others (a
    filter by code, game or words naming codes gives each code's documents as they would
    be alone, and a facet counts what choosing it shows): a document matches when it
    holds one of the units rare in its code (in at most COMMON of its documents), or all
    the units its code holds but one (both, of two; any, of two common ones or of one).

    ``meeting``: only whether some match is in it is wanted (the did-you-mean's check):
    the first code whose matches meet it ends the matching, with those matches alone and
    no units."""
    per_unit: list[tuple[Unit, frozenset[int], Mapping[int, frozenset[int]]]] = []  # its documents, by code
    parts = {id(u) for u in plan.units if u.part}
    for unit in plan.units:
        found = [(form, docs) for form in unit.forms if (docs := _form_docs(index, form))]
        if len(found) == 1:  # one form: its documents split by code as cached
            form, docs = found[0]
            per_unit.append((unit, docs, index.by_code((form.terms, form.phrase), docs)))
        elif found:  # several: their documents together, split by code as cached
            every = frozenset().union(*(docs for _, docs in found))
            per_unit.append((unit, every, index.by_code(tuple((form.terms, form.phrase) for form, _ in found), every)))
    if not per_unit:
        return frozenset(), []
    matched: list[frozenset[int]] = []
    sizes = index.code_docs
    excluded = frozenset().union(*(index.postings("text", s).docset for s in plan.excluded))
    for c in codes:
        present = [split[c] for u, _, split in per_unit if c in split and id(u) not in parts]
        if not present:
            continue
        start = len(matched)
        cut = max(COMMON * len(sizes[c]), MIN_RARE)
        rare = [docs for docs in present if len(docs) <= cut]
        if len(present) == 1 or (len(present) == 2 and not rare):
            matched.extend(present)
        else:
            matched.extend(rare)
            if len(present) >= 2:
                matched.extend(_all_but_one(present))
        if meeting is not None:
            here = frozenset().union(*matched[start:]) - excluded
            if not here.isdisjoint(meeting):
                return here, []
    found = frozenset().union(*matched)
    if excluded:
        found -= excluded
    units = [(u, every & found) for u, every, _ in per_unit]
    return found, [(u, docs) for u, docs in units if docs]


def _all_but_one(sets: list[frozenset[int]]) -> list[frozenset[int]]:
    """The documents in every one of ``sets`` but one at most (of two, in both): each set's
    complement's intersection, from the intersections before and after it (a few
    intersections, each no larger than the last, where counting each document of each set
    cost a common query's sixteen words thousands of steps a code)."""
    n = len(sets)
    if n == 2:
        return [sets[0] & sets[1]]
    before = [sets[0]]  # before[i]: the intersection of sets[0..i]
    for one in sets[1:-1]:
        before.append(before[-1] & one)
    out, after = [], sets[-1]  # after: the intersection of sets[i+1..]
    out.append(before[n - 2])  # all but the last
    for i in range(n - 2, 0, -1):
        out.append(before[i - 1] & after)
        after = after & sets[i]
    out.append(after)  # all but the first
    return out


def lifted(index: SearchIndex, docnums: Iterable[int]) -> dict[int, list[int]]:
    """The laws the remedies, etiquette and glossary among ``docnums`` rest on: law docnum
    -> the documents resting on it."""
    out: dict[int, list[int]] = {}
    rests_on = index.rests_on
    for d in docnums:
        for law in rests_on[d]:
            out.setdefault(law, []).append(d)
    return out


def score(
    index: SearchIndex, plan: Plan, candidates: frozenset[int], units: list[tuple[Unit, frozenset[int]]],
    within: frozenset[int], *, defining: bool,
) -> dict[int, float]:  # fmt: skip
    """The scores of the candidates in ``within``: BM25 and pairs, kinds weighed; the best
    MAX_REFINED of them also by their titles; then the laws lifted by what rests on them.
    Documents past MAX_REFINED keep their first score, below every refined one: the order
    is the same whatever page is asked for."""
    inside = candidates & within if within is not index.everything else candidates
    if not inside:
        return {}
    if len(inside) > MAX_SCORED:
        inside = _picked(index, units, inside)
    scores: dict[int, float] = dict.fromkeys(inside, 0.0)
    budget = [MAX_POSTINGS]
    for unit, _ in sorted(units, key=lambda us: len(us[1])):  # the rarest first: the bound drops the commonest
        if budget[0] <= 0:
            break
        if len(unit.forms) == 1 and len(unit.forms[0].terms) == 1 and not unit.forms[0].phrase:
            # one term: its weights (times the boost) straight into the scores, as the general
            # way below adds them (each document's best form is its one form)
            form = unit.forms[0]
            postings = index.postings(*form.terms[0])
            budget[0] -= len(postings.docnums)
            _add(scores, postings, inside, len(index.docs), form.boost)
            continue
        for d, s in _unit_scores(index, unit, inside, budget).items():
            scores[d] += s
    for pair in plan.pairs:
        postings = index.postings("pairs", pair)
        if budget[0] <= 0:
            break
        budget[0] -= len(postings.docnums)
        _add(scores, postings, inside, len(index.docs), PAIR_BOOST)
    if len(scores) > MAX_REFINED:
        floor = sorted(scores.values(), reverse=True)[MAX_REFINED - 1]
        best = {d: s for d, s in scores.items() if s >= floor}
    else:
        best = scores
    _title_factors(index, [u.stems for u, _ in units], best, defining)
    if best is not scores:
        scores.update(best)
    rests_on = index.rests_on
    lifts: dict[int, float] = {}
    for d in inside & index.resting:
        s = scores[d]
        for law in rests_on[d]:
            if s > lifts.get(law, 0.0) and law in within:
                lifts[law] = s
    for law, top in lifts.items():
        own = scores.get(law, 0.0)
        # what rests on a law is evidence for it, and the law comes before it
        scores[law] = max(own + top * CITED_WEIGHT, top * ABOVE)
    return scores


def _picked(index: SearchIndex, units: list[tuple[Unit, frozenset[int]]], inside: frozenset[int]) -> frozenset[int]:
    """The cost bound: of more than MAX_SCORED candidates, those scored: the documents whose
    title holds a unit, then for each unit (rarest first) its heaviest documents, a share
    each. The others are found (counted, listed after) but not scored."""
    picked: set[int] = set()
    for unit, _ in units:
        for stem in unit.stems:
            picked.update(index.titled(stem) & inside)
    if len(picked) >= MAX_SCORED:
        return frozenset(sorted(picked)[:MAX_SCORED])
    ordered = sorted(units, key=lambda us: len(us[1]))
    share = max(20, (MAX_SCORED - len(picked)) // max(1, len(ordered)))
    for unit, _ in ordered:
        taken = 0
        for form in unit.forms:
            for field, term in form.terms:
                for d in index.postings(field, term).by_weight:
                    if taken >= share:
                        break
                    if d in inside and d not in picked:
                        picked.add(d)
                        taken += 1
    return frozenset(picked)


def _title_factors(
    index: SearchIndex, concepts: list[frozenset[str]], scores: dict[int, float], defining: bool
) -> None:
    """A title that answers the query: each document's score times 1 + TITLE_ANSWER x the
    share of the query's units its title holds (squared) x how much of the title they are;
    a defining title ("What a revoke is") more, when the query names the thing or asks
    what it is."""
    if not concepts:
        return
    held: dict[int, int] = {}  # document -> the units its title holds
    scored = scores.keys()
    for concept in concepts:
        titled = frozenset().union(*(index.titled(s) for s in concept))
        for d in scored & titled:
            held[d] = held.get(d, 0) + 1
    if not held:
        return
    words: dict[int, int] = {}  # document -> its title's stems that are the query's
    for stem in frozenset().union(*concepts):
        for d in held.keys() & index.titled(stem):
            words[d] = words.get(d, 0) + 1
    sizes, defines, n = index.title_sizes, index.defining if defining else frozenset(), len(concepts)
    for d, count in held.items():
        covered = count / n
        share = min(1.0, words.get(d, 0) / sizes[d])
        factor = 1.0 + TITLE_ANSWER * covered * covered * (0.5 + 0.5 * share)
        if d in defines:
            factor += DEFINES
        scores[d] *= factor


def rank_groups(
    index: SearchIndex, scores: Mapping[int, float], allowed: frozenset[int], exact: list[int],
    limit: int | None = None, unscored: frozenset[int] = frozenset(),
) -> list[int]:  # fmt: skip
    """The groups of editions to show, best first: the exact citations' (in citation
    order), then by their best member's score (ties: library order), then the groups
    found but not scored (``unscored``: the cost bound), as if scored 0, in library order;
    the first ``limit`` only, when given (the same as the first of all). The unscored are
    looked at only when the scored do not fill ``limit``."""
    groups = index.group_of
    best: dict[int, float] = {}
    get = best.get
    for d, s in scores.items() if allowed is index.everything else ((d, s) for d, s in scores.items() if d in allowed):
        g = groups[d]
        if s > get(g, -1.0):
            best[g] = s
    first = list(dict.fromkeys(groups[d] for d in exact))
    seen = set(first)
    scored = [(-s, g) for g, s in best.items() if g not in seen and s > 0.0]
    if limit is not None and limit < len(scored):
        return first + [g for _, g in heapq.nsmallest(limit, scored)]
    scored.sort()
    # scores are never negative: a group at 0 (scored so, or found and not scored) comes
    # after every other, in library order
    zero = {g for g, s in best.items() if g not in seen and s <= 0.0}
    if unscored:
        zero.update(g for g in set(map(groups.__getitem__, unscored & allowed)) if g not in seen and g not in best)
    rest = sorted(zero)
    if limit is not None:
        rest = rest[: max(0, limit - len(scored))]
    return first + [g for _, g in scored] + rest


def shown(index: SearchIndex, group: int, scores: Mapping[int, float], allowed: frozenset[int],
          exact: set[int], prefer: str | None, unscored: frozenset[int] = frozenset()) -> int:  # fmt: skip
    """The member that shows a group: in the code ``prefer`` (the filter), else an exact
    citation, else the newest edition found (scored, or ``unscored``), then the best scored."""
    docs, codes = index.docs, index.codes
    members = [d for d in index.members(group) if d in allowed and (d in scores or d in exact or d in unscored)]
    if not members:
        members = [d for d in index.members(group) if d in allowed] or list(index.members(group))

    def key(d: int) -> tuple:
        return (prefer is not None and docs[d].code == prefer, d in exact, codes[docs[d].code].year, scores.get(d, 0.0))

    return max(members, key=key)
