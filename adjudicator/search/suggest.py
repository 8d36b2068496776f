"""The did-you-mean: each word the index does not know (never a known word, a number or a
law's number) replaced by the nearest known word, preferring the words of the codes being
searched, the same length (a letter swapped rather than one dropped or added), a word that
stands beside its neighbour somewhere in the laws ("out of trun" -> "out of turn", not
"out of true"), then the most frequent. Offered only when it finds something (the caller
checks, under the same filters)."""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.search.index import SearchIndex
from adjudicator.search.text import fold, stems, words


def _candidates(index: SearchIndex, word: str, scope: frozenset[int], before: str | None, after: str | None):
    limit = 1 if len(word) <= 4 else 2
    ranked = []
    for dist, negative_frequency, other in index.near(word):
        if dist > limit:
            continue
        spelled = index.spelled(other)
        outside = scope is not index.everything and spelled.isdisjoint(scope)
        stem = stems(other)
        beside = 0
        if stem:
            for pair in (f"{before}_{stem[0]}" if before else None, f"{stem[-1]}_{after}" if after else None):
                if pair and index.postings("pairs", pair).docnums:
                    beside += 1
        ranked.append((dist, outside, -beside, len(other) != len(word), negative_frequency, other))
    ranked.sort()
    return [r[-1] for r in ranked]


def suggest(index: SearchIndex, text: str, scope: frozenset[int], finds: Callable[[str], bool]) -> str | None:
    """``text`` with its unknown words corrected, if that finds something; else None."""
    typed = words(text)
    replacements: dict[str, str] = {}
    context = [stems(w) for w in typed]
    for i, word in enumerate(typed):
        if not word.isalpha() or len(word) < 3 or index.known(word):
            continue
        before = next((s[-1] for s in reversed(context[:i]) if s), None)
        after = next((s[0] for s in context[i + 1 :] if s), None)
        found = _candidates(index, word, scope, before, after)
        if found:
            replacements[word] = found[0]
    if not replacements:
        return None
    suggestion = re.sub(r"\w+", lambda m: replacements.get(fold(m.group(0)), m.group(0)), text)
    return suggestion if suggestion != text and finds(suggestion) else None
