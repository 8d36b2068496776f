"""What the engine says when a request names what does not exist, or asks too much "not
sure", on the toy library: each error names its field, its value, the valid choices and
where it was looked for."""

from __future__ import annotations

import pytest

from adjudicator import engine
from adjudicator.engine import adjudicate
from adjudicator.errors import TooUncertain, UnknownAnswer, UnknownIrregularity, UnknownQuestion
from adjudicator.model import NOT_SURE


@pytest.fixture
def whist(toy):
    return toy.code("toy-whist")


def test_an_unknown_irregularity_names_the_code_and_what_it_offers(whist):
    with pytest.raises(UnknownIrregularity) as raised:
        adjudicate(whist, "revok", {})
    error = raised.value
    assert (error.field, error.value, error.where) == ("irregularity", "revok", "toy-whist")
    assert error.choices == ["lead-out-of-turn", "revoke", "exposed-card"]
    assert str(error) == (
        "unknown irregularity 'revok' in toy-whist; did you mean 'revoke'?; "
        "valid irregularities: lead-out-of-turn, revoke, exposed-card"
    )
    assert isinstance(error, LookupError)


def test_an_unknown_question_and_answer_name_where_they_were_looked_for(whist):
    with pytest.raises(UnknownQuestion) as raised:
        adjudicate(whist, "lead-out-of-turn", {"who-lead": "adversary"})
    error = raised.value
    assert (error.field, error.value, error.where) == ("who-lead", "who-lead", "toy-whist lead-out-of-turn")
    assert error.choices == ["others-played", "who-led"]
    with pytest.raises(UnknownAnswer) as raised:
        adjudicate(whist, "lead-out-of-turn", {"who-led": "dummy"})
    error = raised.value
    assert (error.field, error.value, error.where) == ("who-led", "dummy", "question 'who-led'")
    assert error.choices == ["declarer", "adversary", NOT_SURE]


def test_too_many_outcomes_is_refused_naming_the_question(whist, monkeypatch):
    answers = {"others-played": NOT_SURE, "who-led": "adversary"}  # two outcomes
    monkeypatch.setattr(engine, "MAX_OUTCOMES", 2)
    assert len(adjudicate(whist, "lead-out-of-turn", answers).outcomes) == 2
    monkeypatch.setattr(engine, "MAX_OUTCOMES", 1)
    with pytest.raises(TooUncertain) as raised:
        adjudicate(whist, "lead-out-of-turn", answers)
    assert raised.value.field == "others-played" and "more than 1 possible outcomes" in str(raised.value)
