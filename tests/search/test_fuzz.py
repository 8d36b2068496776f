"""No query string raises, a snippet is text spans, and no query asks the index for a slow
form or more than a bounded number of terms (hypothesis)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.errors import UnknownFilter
from adjudicator.loader import load_library
from adjudicator.search import FACETS, KINDS, Span, build_index, search

LAWS = Path(__file__).parent / "laws"

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


@settings(max_examples=4 * settings.default.max_examples, deadline=None)  # 400; 40 under `make mutation`
@given(
    query=QUERIES,
    kind=st.sampled_from([None, *KINDS, "nonsense"]),
    code=st.sampled_from([None, "mini-auction-1912", "mini-auction-1915", "mini-nap", "<b>"]),
    page=st.integers(-3, 40),
    pagelen=st.integers(-3, 300),
)
def test_no_query_raises_and_snippets_are_text(index, query, kind, code, page, pagelen):
    if kind == "nonsense" or code == "<b>":  # an unknown filter is refused, whatever the query
        with pytest.raises(UnknownFilter):
            search(index, query, kind=kind, code=code, page=page, pagelen=pagelen)
        return
    results = search(index, query, kind=kind, code=code, page=page, pagelen=pagelen)
    assert 1 <= results.pagelen <= 100 and results.page >= 1
    assert len(results.hits) <= results.pagelen
    assert results.total >= len(results.hits)
    assert set(results.facets) == set(FACETS)
    for hit in results.hits:
        assert all(isinstance(s, Span) and isinstance(s.text, str) and s.text for s in hit.snippet), hit.snippet
        assert hit.kind in KINDS
    if results.suggestion is not None:  # a did-you-mean leads somewhere, under the same filters
        assert isinstance(results.suggestion, str) and results.suggestion != query
        assert search(index, results.suggestion, kind=kind, code=code).total > 0, results.suggestion


@settings(max_examples=3 * settings.default.max_examples, deadline=None)  # 300; 30 under `make mutation`
@given(query=QUERIES)
def test_no_query_asks_for_a_slow_form_or_too_many_terms(index, query):
    """Whatever is typed, the plan holds index terms only (typos and prefixes are expanded to
    known words first: within two edits sharing the first letter; at most 12 completions of
    three letters or more), at most MAX_TERMS of them, so no slow form (wildcard, regex,
    range, unbounded fuzzy term) ever reaches the index and the cost of a query is bounded."""
    from adjudicator.search.query import MAX_TERMS, clean, parse, plan

    text, _ = clean(query)
    parsed = parse(text)
    made = plan(index, parsed, index.groups_for(None))
    terms = [term for unit in made.units for form in unit.forms for term in form.terms]
    assert all(field in ("text", "pairs") and isinstance(t, str) and t for field, t in terms), terms
    assert len(terms) == made.terms <= MAX_TERMS
    assert all(len(p) >= 3 for p in parsed.prefixes)
    assert len(made.pairs) <= 8 and len(made.excluded) <= 8
