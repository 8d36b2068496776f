"""Snippets: a window of a document's shown text around the most matches, as text spans
(the matched words marked). The presenters make the HTML, escaping every span."""

from __future__ import annotations

from adjudicator.search.index import SearchIndex
from adjudicator.search.results import Span

SNIPPET_CHARS = 220
ELLIPSIS = Span("\u2026")


def snippet(index: SearchIndex, docnum: int, terms: frozenset[str]) -> tuple[Span, ...]:
    """A window of the text around the most matches of ``terms`` (stems)."""
    text = index.docs[docnum].text
    found = index.tokens(docnum) if terms else {}
    spans = sorted(span for term in terms if term in found for span in found[term])
    if not spans:
        end = len(text) if len(text) <= SNIPPET_CHARS else text.rfind(" ", 0, SNIPPET_CHARS)
        end = end if end > 0 else SNIPPET_CHARS
        return (Span(text[:end]), *((ELLIPSIS,) if end < len(text) else ()))
    best, count, j = 0, 0, 0
    for i, (start, _) in enumerate(spans):
        while j < len(spans) and spans[j][1] <= start + SNIPPET_CHARS:
            j += 1
        if j - i > count:
            best, count = i, j - i
    start = spans[best][0]
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
    out = [ELLIPSIS] if start > 0 else []
    pos = start
    for s, e in spans:
        if s < pos or e > end:
            continue
        if s > pos:
            out.append(Span(text[pos:s]))
        out.append(Span(text[s:e], True))
        pos = e
    if end > pos:
        out.append(Span(text[pos:end]))
    if end < len(text):
        out.append(ELLIPSIS)
    return tuple(out)


def plain(spans: tuple[Span, ...], before: str = "", after: str = "") -> str:
    """A snippet as plain text, the marked spans between ``before`` and ``after``."""
    return "".join(f"{before}{s.text}{after}" if s.mark else s.text for s in spans)
