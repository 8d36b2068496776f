"""One set of facts under several codes (adjudicator.compare), on the toy library."""

from __future__ import annotations

from adjudicator.compare import agreement, applicable, other_codes, under
from adjudicator.engine import NextQuestion, Ruling, adjudicate
from adjudicator.model import NOT_SURE


def test_applicable_keeps_the_answers_the_irregularity_can_use_in_order(toy):
    lead = toy.code("toy-whist").irregularities["lead-out-of-turn"]
    given = {"who-led": "adversary", "nobody-asks-this": "yes", "others-played": NOT_SURE, "x": "y"}
    assert applicable(lead, given) == {"who-led": "adversary", "others-played": NOT_SURE}
    assert applicable(lead, {"who-led": "the-dummy"}) == {}


def test_under_uses_only_what_the_code_asks(toy):
    house = toy.code("toy-whist-house")
    found = under(house, "revoke", {"established": "yes"})
    assert found.answers == {} and isinstance(found.result, Ruling)
    assert found.result.remedy.id == "two-tricks"
    whist = under(toy.code("toy-whist"), "revoke", {"established": "yes"})
    assert whist.answers == {"established": "yes"} and whist.result.remedy.id == "three-tricks"


def test_other_codes_lists_each_code_that_defines_the_irregularity_itself(toy):
    whist = toy.code("toy-whist")
    ruling = adjudicate(whist, "revoke", {"established": "yes"})
    others = other_codes(toy, whist, ruling, {"established": "yes"})
    assert [(o.code.id, o.result.remedy.id) for o in others] == [("toy-whist-house", "two-tricks")]
    # the house code inherits lead-out-of-turn unchanged: the same ruling there
    lead = adjudicate(whist, "lead-out-of-turn", {"others-played": "yes"})
    assert [o.code.id for o in other_codes(toy, whist, lead, {"others-played": "yes"})] == ["toy-whist-house"]


def test_agreement_says_same_different_or_waiting(toy):
    whist, house = toy.code("toy-whist"), toy.code("toy-whist-house")
    same = [adjudicate(c, "lead-out-of-turn", {"others-played": "yes"}) for c in (whist, house)]
    assert agreement(same) == "same"
    revokes = [adjudicate(whist, "revoke", {"established": "yes"}), adjudicate(house, "revoke", {})]
    assert agreement(revokes) == "different"
    waiting = [adjudicate(whist, "revoke", {}), adjudicate(house, "revoke", {})]
    assert isinstance(waiting[0], NextQuestion) and agreement(waiting) == "waiting"
    # two outcomes under "not sure" agree only with the same two
    unsure = adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE, "who-led": "adversary"})
    assert agreement([unsure, same[0]]) == "different" and agreement([unsure, unsure]) == "same"
