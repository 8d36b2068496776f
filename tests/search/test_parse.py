"""Reading a query: a citation is taken out of the words where it was found."""

from __future__ import annotations

import pytest

from adjudicator.search.query import parse as _parse


@pytest.mark.parametrize("query", ["deal 5 l 5", "l 5 deal 5", "deal law 5 5", "5 deal § 5"])
def test_a_citation_is_taken_out_where_it_stands(query):
    """The citation's text may also occur inside other words ("deal 5" holds "l 5"): only
    the matched citation goes, the other words stay whole."""
    parsed = _parse(query)
    assert parsed.citations == ["5"]
    assert sorted(parsed.words) == ["5", "deal"]


def test_every_citation_is_taken_out():
    parsed = _parse("law 5 revoke law 5 l 12")
    assert parsed.citations == ["5", "12"] and parsed.words == ["revoke"]  # a law cited twice is one citation
