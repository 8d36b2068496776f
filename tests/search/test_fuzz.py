"""No query string raises, and no snippet carries HTML but its <mark> tags (hypothesis)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.loader import load_library
from adjudicator.search import FACETS, KINDS, build_index, search

LAWS = Path(__file__).parent / "laws"
MARK = re.compile(r"<mark>([^<]*)</mark>")

PIECES = st.sampled_from(
    [
        '"', "'", "\u201c", "*", "?", "~", "~4", "~99", "-", "+", "!", "&&", "||", "AND", "OR", "NOT", "TO",
        "(", ")", "[", "]", "{", "}", ":", "^", "^9", "\\", "/", "§", "§§", "law", "Law", "L", "l.", "art.",
        "50", "84a", "(b)", "MN-02", "mn-", "1915", "mini", "auction", "<", ">", "&", "&amp;", "<mark>",
        "</mark>", "<script>", "revoke", "renig", "fourten", "insuff*", "*oke", "bid", "title:", "kind:law",
        "\x00", "\x1b", "\u202e", "\u200b", "\ufeff", "\ud800", "é", "ß", "İ", "ﬁ", " ", "\t", "\n",
    ]
)  # fmt: skip
QUERIES = st.one_of(
    st.text(max_size=200),
    st.lists(PIECES, max_size=30).map("".join),
    st.lists(st.one_of(PIECES, st.text(max_size=6)), max_size=25).map(" ".join),
)


@pytest.fixture(scope="module")
def index():
    return build_index(load_library(LAWS))


def is_escaped_text_with_marks(snippet: str) -> bool:
    """Exactly ``html.escape`` of some text, with <mark>...</mark> around some of it."""
    plain = MARK.sub(r"\1", snippet)
    return "<" not in plain and ">" not in plain and html.escape(html.unescape(plain)) == plain


@settings(max_examples=400, deadline=None)
@given(
    query=QUERIES,
    kind=st.sampled_from([None, *KINDS, "nonsense"]),
    code=st.sampled_from([None, "mini-auction-1912", "mini-auction-1915", "mini-nap", "<b>"]),
    page=st.integers(-3, 40),
    pagelen=st.integers(-3, 300),
)
def test_no_query_raises_or_returns_unescaped_html(index, query, kind, code, page, pagelen):
    results = search(index, query, kind=kind, code=code, page=page, pagelen=pagelen)
    assert 1 <= results.pagelen <= 100 and results.page >= 1
    assert len(results.hits) <= results.pagelen
    assert results.total >= len(results.hits)
    assert set(results.facets) == set(FACETS)
    for hit in results.hits:
        assert is_escaped_text_with_marks(hit.snippet), hit.snippet
        assert hit.kind in KINDS
    assert results.suggestion is None or isinstance(results.suggestion, str)


@settings(max_examples=300, deadline=None)
@given(query=QUERIES)
def test_no_query_asks_for_a_slow_form(index, query):
    """Whatever is typed, the whoosh query holds plain terms and phrases only: typos and
    prefixes are expanded to known words first (within two edits sharing the first two
    letters; at most 30 completions of three letters or more), so no slow form (wildcard,
    regex, range, unbounded fuzzy term) ever reaches the index."""
    from whoosh import query as Q

    from adjudicator.search import MAX_EXPANSIONS, _parse, _text_query, clean

    parsed = _parse(clean(query))
    q = _text_query(index, parsed, index.groups_for(None))
    leaves = list(q.leaves()) if q is not None else []
    assert all(type(leaf) in (Q.Term, Q.Phrase) for leaf in leaves), leaves
    assert all(len(p) >= 3 for p in parsed.prefixes)
    assert len(leaves) <= 2 * (MAX_EXPANSIONS + 8) * max(
        1, len(parsed.words) + len(parsed.prefixes) + len(parsed.phrases)
    )
