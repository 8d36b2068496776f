"""The search index of a static copy (``adjudicator export``): one compact JSON file that the
copy's script reads in the browser, made from the same documents, analysis and synonyms as
the live index (``documents.build``, ``text``), so the two read words alike.

What it holds (``pack(library, show)``; ``show`` is the web layer's: a document's title as
shown, its address in the copy, its name among sister editions):

- ``codes``: each code's id, game, title, year, and the words that name it in a query
  ("1913", "auction", "english");
- ``docs``: each document (library order) as ``[code, kind, number, title, address, edition,
  snippet, group, wording, rests]``: ``code`` and ``kind`` are positions in ``codes`` and
  ``kinds``; ``number`` a law's number folded ("" for the rest); ``address`` relative to
  the copy's root, its code's id written ``~``; ``snippet`` the first words of its text;
  ``title`` and ``snippet`` are null where they are those of the first document of its
  group; ``group`` the position of its provision in ``groups`` (sister editions are one
  group: one hit); ``wording`` a short digest of its words where its group has other
  editions (two editions with the same wording are not "worded differently"); ``rests``
  the provisions of the laws it rests on (a remedy's citations: found, it lifts them);
- ``groups``: each provision's documents;
- ``terms``: each stem -> the provisions holding it, ``[provision, weight, ...]`` with each
  provision given as its distance from the one before (ascending) and the weight as the
  BM25 weight of the stem in the best of its editions, times the kind's weight, in tenths;
- ``vocabulary``: each stem -> the words written in the index that have it (the known
  words: a query word is read by its stem here; a word not known is a typo, matched with
  the nearest known ones), the glossaries' synonyms included;
- ``synonyms`` (from the glossaries, a synonym or its stems -> its headwords), ``language``
  (the forms the stemmer misses: led/lead, 14/fourteen), ``numbers`` (zero to twenty in
  words: "14 cards" is more than thirteen), ``stop`` (function words),
  ``unstemmed`` (words kept apart from their stem: declarer/declaration).

No full text: the titles and a snippet. The same library gives the same bytes (``dumps``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.model import Library
from adjudicator.search.documents import CodeInfo, Document, build, indexed_text
from adjudicator.search.index import K1, KIND_WEIGHT, B, _merged
from adjudicator.search.text import LANGUAGE, NUMBER_WORDS, STOP_WORDS, TOKEN, UNSTEMMED, stems, words

FORMAT = 1
"""Bumped whenever the pack's layout changes (the script checks it)."""
KINDS = tuple(KIND_WEIGHT)
SNIPPET = 100
"""Characters of a document's text shown under its title, at most (cut at a word)."""
SCALE = 10
"""Weights are kept in tenths (whole numbers: shorter than decimals, as good for ranking)."""
CODE = "~"
"""Stands for the document's code id in its address (ids are lowercase words and hyphens)."""

Show = Callable[[Document], tuple[str, str, str]]
"""A document -> (its title as shown, its address in the copy, its name among its editions)."""


def snippet(text: str, limit: int = SNIPPET) -> str:
    """The first words of ``text``, at most ``limit`` characters, cut after a whole word."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit + 1]
    ends = [m.end() for m in TOKEN.finditer(cut) if m.end() <= limit]
    return flat[: ends[-1] if ends else limit].rstrip(" ,;:") + "\u2026"


def _groups(docs: list[Document]) -> tuple[list[int], list[list[int]]]:
    """Each document's provision (a position, in library order), and each provision's documents."""
    position: dict[int, int] = {}
    members: list[list[int]] = []
    of = []
    for docnum, doc in enumerate(docs):
        if doc.group not in position:
            position[doc.group] = len(members)
            members.append([])
        of.append(position[doc.group])
        members[position[doc.group]].append(docnum)
    return of, members


def _terms(counts: list[Counter[str]], docs: list[Document], of: list[int], groups: int) -> dict[str, list[int]]:
    """Each stem's provisions and weights (BM25 over documents, the best edition's), delta-coded."""
    lengths = [max(1, sum(c.values())) for c in counts]
    average = sum(lengths) / max(1, len(lengths))
    best: dict[str, dict[int, float]] = {}
    for docnum, found in enumerate(counts):
        norm = K1 * (1 - B + B * lengths[docnum] / average)
        kind = KIND_WEIGHT[docs[docnum].kind]
        for stem, tf in found.items():
            weight = kind * tf * (K1 + 1) / (tf + norm)
            held = best.setdefault(stem, {})
            group = of[docnum]
            if weight > held.get(group, 0.0):
                held[group] = weight
    out: dict[str, list[int]] = {}
    for stem in sorted(best):
        held = best[stem]
        idf = math.log(1 + (groups - len(held) + 0.5) / (len(held) + 0.5))
        flat, before = [], 0
        for group in sorted(held):
            flat += [group - before, max(1, round(held[group] * idf * SCALE))]
            before = group
        out[stem] = flat
    return out


def _vocabulary(texts: Iterable[str]) -> dict[str, str]:
    """Each stem -> the known words that have it, space-separated, sorted."""
    by_stem: dict[str, set[str]] = {}
    for text in texts:
        for word in words(text):
            if len(word) >= 2 and word not in STOP_WORDS:
                found = stems(word)
                if found:
                    by_stem.setdefault(found[0], set()).add(word)
    return {stem: " ".join(sorted(by_stem[stem])) for stem in sorted(by_stem)}


def _rests_on(doc: Document, infos: dict[str, CodeInfo], of: list[int]) -> list[int]:
    """The provisions of the laws a remedy, an etiquette item or a term rests on (its
    citations, its see-also): found, they lift those laws (as ``rank.score`` does)."""
    if doc.kind == "law":
        return []
    found = []
    for cite in doc.cites:
        code, _, number = cite.partition(":")
        law = infos[code].numbers.get(number) if code in infos else None
        if law is not None and of[law] not in found:
            found.append(of[law])
    return found


def pack(library: Library, show: Show) -> dict[str, Any]:
    """The copy's search index of ``library`` (see the module's docstring)."""
    docs, indexed, infos = build(library)
    codes = list(infos)
    code_at = {c: i for i, c in enumerate(codes)}
    of, members = _groups(docs)
    counts = [Counter(stems(indexed_text(d.title, ix))) for d, ix in zip(docs, indexed, strict=True)]
    rows: list[list[Any]] = []
    for docnum, doc in enumerate(docs):
        title, address, edition = show(doc)
        group = members[of[docnum]]
        several = len(group) > 1
        first = rows[group[0]] if group[0] != docnum else None
        text = snippet(doc.text)
        rows.append(
            [
                code_at[doc.code],
                KINDS.index(doc.kind),
                (doc.number or "").lower(),
                None if first and first[3] == title else title,
                address.replace(doc.code, CODE, 1),
                edition if several else "",
                None if first and first[6] == text else text,
                of[docnum],
                doc.digest[:6] if several else "",
                _rests_on(doc, infos, of),
            ]
        )
    return {
        "format": FORMAT,
        "kinds": list(KINDS),
        "codes": [
            {
                "id": c,
                "game": infos[c].game,
                "title": library.codes[c].title,
                "year": infos[c].year,
                "words": sorted(infos[c].words),
            }
            for c in codes
        ],
        "docs": rows,
        "groups": members,
        "terms": _terms(counts, docs, of, len(members)),
        "vocabulary": _vocabulary([d.title for d in docs] + [indexed_text("", ix) + " " + ix.spell for ix in indexed]),
        "synonyms": {k: list(v) for k, v in sorted(_merged(info.synonyms for info in infos.values()).items())},
        "language": {k: list(v) for k, v in sorted(LANGUAGE.items())},
        "numbers": list(NUMBER_WORDS),
        "stop": sorted(STOP_WORDS),
        "unstemmed": dict(sorted(UNSTEMMED.items())),
    }
