"""path_to: answers that reach a remedy, on the toy library (tests/fixtures/laws)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.graph import path_to
from adjudicator.model import Answer, Where


def test_the_first_path_in_written_order_reaches_each_remedy(toy):
    lead = toy.code("toy-whist").irregularities["lead-out-of-turn"]
    assert path_to(lead, "trick-stands") == {"others-played": "yes"}
    assert path_to(lead, "no-penalty") == {"others-played": "no", "who-led": "declarer"}
    assert path_to(lead, "call-card-or-suit") == {"others-played": "no", "who-led": "adversary"}


def test_a_remedy_at_the_start_needs_no_answer_and_an_unknown_one_has_no_path(toy):
    revoke = toy.code("toy-whist-house").irregularities["revoke"]
    assert path_to(revoke, "two-tricks") == {}
    assert path_to(revoke, "no-such-remedy") is None


def test_a_cycle_in_unchecked_data_ends(toy):
    lead = toy.code("toy-whist").irregularities["lead-out-of-turn"]
    who = lead.questions["who-led"]
    back = Answer("again", "Again", "others-played", None, Where("x", 1))
    looped = replace(lead, questions={**lead.questions, "who-led": replace(who, answers=(back,))})
    assert path_to(looped, "no-penalty") is None
    assert path_to(looped, "trick-stands") == {"others-played": "yes"}
