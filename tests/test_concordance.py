"""The same law in other editions (adjudicator.concordance), on the toy library and on the
real one's written ``same_as``."""

from __future__ import annotations

from adjudicator.concordance import elsewhere


def _listed(library, code_id, number):
    code = library.code(code_id)
    return [(c.code.id, c.law.number, c.why) for c in elsewhere(library, code, code.laws[number])]


def test_an_inherited_law_and_a_law_the_child_rewrites(toy):
    # law 1 is inherited unchanged by the house rules; law 3 the house rewrote; law 4 it omits
    assert _listed(toy, "toy-whist", "1") == [("toy-whist-house", "1", "same-inherited")]
    assert _listed(toy, "toy-whist", "3") == [("toy-whist-house", "3", "later-extends")]
    assert _listed(toy, "toy-whist", "4") == []
    assert _listed(toy, "toy-whist-house", "1") == [("toy-whist", "1", "inherited-from")]
    assert _listed(toy, "toy-whist-house", "3") == [("toy-whist", "3", "earlier-extended")]
    assert _listed(toy, "toy-general", "G-1") == []


def test_same_as_is_read_both_ways(library):
    code, law = next((code, law) for code in library.codes.values() for law in code.laws.values() if law.same_as)
    other_id, number = next(iter(law.same_as.items()))
    assert (other_id, number, "same-law") in _listed(library, code.id, law.number)
    assert (code.id, law.number, "same-law") in _listed(library, other_id, number)
