"""Snippets: a window of a document's shown text around the most matches, as text spans
(the matched words marked). The presenters make the HTML, escaping every span.

A snippet is first found as positions in the text (``window``: where it starts and ends,
where each match starts and ends), which is what the results cache keeps; ``spans`` makes
the text spans from them."""

from __future__ import annotations

from array import array

from adjudicator.search.index import SearchIndex
from adjudicator.search.results import Span

SNIPPET_CHARS = 220
ELLIPSIS = Span("\u2026")


def window(index: SearchIndex, docnum: int, terms: frozenset[str]) -> array:
    """The snippet of ``docnum`` for ``terms`` (stems), as character positions: its start and
    end, then the start and end of each match in it."""
    text = index.docs[docnum].text
    held = [found for term in terms if (found := index.packed.spans(docnum, term)) is not None]
    matches = sorted(pair for spans in held for pair in zip(spans[::2], spans[1::2], strict=True))
    if not matches:
        end = len(text) if len(text) <= SNIPPET_CHARS else text.rfind(" ", 0, SNIPPET_CHARS)
        return array("I", (0, end if end > 0 else min(len(text), SNIPPET_CHARS)))
    best, count, j = 0, 0, 0
    for i, (start, _) in enumerate(matches):
        while j < len(matches) and matches[j][1] <= start + SNIPPET_CHARS:
            j += 1
        if j - i > count:
            best, count = i, j - i
    start = matches[best][0]
    if start > 40:
        cut = text.rfind(" ", 0, start - 30)
        start = cut + 1 if cut > 0 else start
    else:
        start = 0
    end = start + SNIPPET_CHARS
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    else:
        end = len(text)
    out = array("I", (start, end))
    pos = start
    for s, e in matches:
        if s >= pos and e <= end:
            out.extend((s, e))
            pos = e
    return out


def spans(text: str, positions: array) -> tuple[Span, ...]:
    """The text spans of a snippet found by ``window``: an ellipsis where the text goes on."""
    start, end = positions[0], positions[1]
    out = [ELLIPSIS] if start > 0 else []
    pos = start
    for i in range(2, len(positions), 2):
        s, e = positions[i], positions[i + 1]
        if s > pos:
            out.append(Span(text[pos:s]))
        out.append(Span(text[s:e], True))
        pos = e
    if end > pos:
        out.append(Span(text[pos:end]))
    if end < len(text):
        out.append(ELLIPSIS)
    return tuple(out)


def snippet(index: SearchIndex, docnum: int, terms: frozenset[str]) -> tuple[Span, ...]:
    """A window of the text around the most matches of ``terms`` (stems), as spans."""
    return spans(index.docs[docnum].text, window(index, docnum, terms))


def plain(found: tuple[Span, ...], before: str = "", after: str = "") -> str:
    """A snippet as plain text, the marked spans between ``before`` and ``after``."""
    return "".join(f"{before}{s.text}{after}" if s.mark else s.text for s in found)
