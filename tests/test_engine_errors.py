"""What the engine says when a request names what does not exist, or asks too much "not
sure", on the toy library: each error names its field, its value, the valid choices and
where it was looked for."""

from __future__ import annotations

import pytest

from adjudicator import engine
from adjudicator.engine import NextQuestion, adjudicate
from adjudicator.errors import TooUncertain, UnknownAnswer, UnknownIrregularity, UnknownQuestion
from adjudicator.loader import load_library
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
    assert (raised.value.field, raised.value.where) == ("others-played", "lead-out-of-turn")
    assert str(raised.value) == (
        "too many 'not sure' answers in lead-out-of-turn (more than 1 possible outcomes); "
        "settle some of the facts first, starting with 'others-played'"
    )


def test_a_branch_still_waiting_for_a_question_counts_toward_the_limit(tmp_path, monkeypatch):
    """Not sure whether the lead was out of turn: one branch waits for 'who-led', the other
    is not sure of 'penalty-claimed' and splits in two; three ends in all, one more than two."""
    (tmp_path / "split.yaml").write_text(
        "game: split\ngame_title: Split\ntitle: Split\nedition: one\nyear: 1900\nbody: Tests\n"
        'verification: Tests.\nsections: {s: S}\nlaws:\n  "1": {title: One, section: s, text: One.}\n'
        "irregularities:\n  lead:\n    title: A lead\n    phase: play\n    summary: A lead.\n"
        "    start: out-of-turn\n    questions:\n"
        '      out-of-turn:\n        ask: Out of turn?\n        answers: {"yes": who-led, "no": penalty-claimed}\n'
        '      who-led:\n        ask: Who led?\n        answers: {"declarer": done, "adversary": done}\n'
        '      penalty-claimed:\n        ask: Claimed?\n        answers: {"yes": done, "no": done}\n'
        '    remedies:\n      done: {title: Done, now: Done., cites: ["1"]}\n'
    )
    code = load_library(tmp_path).code("split")
    answers = {"out-of-turn": NOT_SURE, "penalty-claimed": NOT_SURE}
    monkeypatch.setattr(engine, "MAX_OUTCOMES", 2)
    with pytest.raises(TooUncertain) as raised:
        adjudicate(code, "lead", answers)
    assert raised.value.field == "penalty-claimed"
    monkeypatch.setattr(engine, "MAX_OUTCOMES", 3)
    waiting = adjudicate(code, "lead", answers)
    assert isinstance(waiting, NextQuestion) and waiting.question.id == "who-led"
