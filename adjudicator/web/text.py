"""Law text made browsable: "See Law 73" and glossary terms turned into links.

The text is our own digest wording; it is escaped here and only the links we build are
markup, so nothing in a law file (or a request) can inject HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from markupsafe import Markup, escape

# "Law 73", "laws 64, 73-79", "Laws 47 and 50", "§ 12(b)": a word that names laws, then numbers
_NUMBER = r"[0-9]+[A-Za-z]?(?:\([a-z0-9]+\))*"
_LIST = re.compile(
    rf"\b(?P<word>Laws?|laws?|Rules?|rules?|§§?)\s?(?P<numbers>{_NUMBER}(?:(?:,\s*|\s+and\s+|\s+or\s+|\s*[-\u2013]\s*|\s+to\s+){_NUMBER})*)"
)
_ONE = re.compile(_NUMBER)
# ids printed as ids: NAP-HGM-02, FR-2, P-08 (linked only when the code has that law)
_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")

Segment = tuple[str, str | None]  # (text, href or None)


def _split_references(text: str, numbers: Iterable[str], href: Callable[[str], str]) -> list[Segment]:
    known = set(numbers)
    spans: list[tuple[int, int, str]] = []
    for match in _LIST.finditer(text):
        start = match.start("numbers")
        for i, one in enumerate(_ONE.finditer(match["numbers"])):
            number = one.group().split("(")[0]
            if number in known:  # the first link takes the word too: "Law 32", not "32"
                spans.append((match.start() if i == 0 else start + one.start(), start + one.end(), number))
    for match in _ID.finditer(text):
        if match.group() in known and not any(s <= match.start() < e for s, e, _ in spans):
            spans.append((match.start(), match.end(), match.group()))
    spans.sort()
    out: list[Segment] = []
    at = 0
    for start, end, number in spans:
        if start < at:
            continue
        out.append((text[at:start], None))
        out.append((text[start:end], href(number)))
        at = end
    out.append((text[at:], None))
    return [s for s in out if s[0]]


def _link_terms(segments: list[Segment], terms: Mapping[str, str]) -> list[Segment]:
    """Link the first use of each glossary term (whole word, any case) in the plain segments."""
    if not terms:
        return segments
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)) + r")\b", re.IGNORECASE
    )
    lowered = {t.lower(): href for t, href in terms.items()}
    used: set[str] = set()
    out: list[Segment] = []
    for text, href in segments:
        if href is not None:
            out.append((text, href))
            continue
        at = 0
        for match in pattern.finditer(text):
            key = match.group().lower()
            if key in used:
                continue
            used.add(key)
            out.append((text[at : match.start()], None))
            out.append((match.group(), lowered[key]))
            at = match.end()
        out.append((text[at:], None))
    return [s for s in out if s[0]]


def linkify(
    text: str,
    numbers: Iterable[str],
    law_href: Callable[[str], str],
    terms: Mapping[str, str] | None = None,
) -> Markup:
    """``text`` as safe HTML: references to laws of ``numbers`` become links (``law_href``),
    and the first use of each glossary term (term -> href) links to its definition."""
    segments = _split_references(text, numbers, law_href)
    segments = _link_terms(segments, terms or {})
    parts = []
    for piece, href in segments:
        if href is None:
            parts.append(escape(piece))
        else:
            parts.append(Markup('<a href="{}">{}</a>').format(href, piece))
    return Markup("").join(parts)
