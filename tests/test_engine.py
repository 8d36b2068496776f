"""The engine on a small invented code (tests/fixtures/laws), stable whatever laws/ holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import MAX_OUTCOMES, NextQuestion, Ruling, adjudicate, available, find_irregularity
from adjudicator.errors import BrokenIrregularity, TooUncertain, UnknownAnswer, UnknownIrregularity, UnknownQuestion
from adjudicator.loader import load_library
from adjudicator.model import NOT_SURE, Next


@pytest.fixture
def whist(toy):
    return toy.code("toy-whist")


def test_no_answers_asks_the_first_question(whist):
    result = adjudicate(whist, "lead-out-of-turn", {})
    assert isinstance(result, NextQuestion)
    assert result.question.id == "others-played"
    assert result.steps == ()
    assert result.choices[-1] == (NOT_SURE, "Not sure")


def test_only_the_questions_that_matter_are_asked(whist):
    result = adjudicate(whist, "lead-out-of-turn", {"others-played": "yes"})
    assert isinstance(result, Ruling)
    assert result.remedy.id == "trick-stands"
    assert [s.question.id for s in result.facts] == ["others-played"]


def test_ruling_carries_remedy_options_chooser_laws_and_because(whist):
    ruling = adjudicate(whist, "lead-out-of-turn", {"others-played": "no", "who-led": "adversary"})
    assert isinstance(ruling, Ruling) and ruling.is_certain
    remedy = ruling.remedy
    assert remedy.options.chooser == "either-adversary"
    assert [c.id for c in remedy.options.choices] == ["call-card", "call-suit"]
    [cited] = ruling.outcomes[0].laws
    assert str(cited.citation) == "2(a)" and cited.law.title == "Lead out of turn"
    assert [s.fact for s in ruling.facts] == ["Not all the others had played.", "Who led out of turn? An adversary."]
    assert ruling.code.id == "toy-whist"


def test_answers_off_the_path_are_ignored_and_dropped_from_the_permalink(whist):
    ruling = adjudicate(whist, "lead-out-of-turn", {"others-played": "yes", "who-led": "declarer"})
    assert ruling.remedy.id == "trick-stands"
    assert ruling.answers == {"others-played": "yes"}


def test_not_sure_shows_every_outcome_keyed_by_the_answer(whist):
    ruling = adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE, "who-led": "adversary"})
    assert isinstance(ruling, Ruling) and not ruling.is_certain
    assert [o.remedy.id for o in ruling.outcomes] == ["trick-stands", "call-card-or-suit"]
    assert [[(s.question.id, s.answer.id) for s in o.assumed] for o in ruling.outcomes] == [
        [("others-played", "yes")],
        [("others-played", "no")],
    ]
    assert [q.id for q in ruling.unsure] == ["others-played"]
    assert ruling.remedy is None


def test_not_sure_still_asks_what_a_branch_needs(whist):
    result = adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE})
    assert isinstance(result, NextQuestion)
    assert result.question.id == "who-led"
    assert result.steps[0].assumed


def test_the_facts_are_the_steps_before_the_first_not_sure(whist):
    ruling = adjudicate(whist, "lead-out-of-turn", {"others-played": "no", "who-led": NOT_SURE})
    assert isinstance(ruling, Ruling) and ruling.irregularity.id == "lead-out-of-turn"
    assert [(s.question.id, s.answer.id, s.assumed) for s in ruling.facts] == [("others-played", "no", False)]
    assert [o.remedy.id for o in ruling.outcomes] == ["no-penalty", "call-card-or-suit"]
    assert ruling.answers == {"others-played": "no", "who-led": NOT_SURE}


def test_unknown_irregularity_lists_the_choices_with_a_did_you_mean(whist):
    with pytest.raises(UnknownIrregularity) as caught:
        adjudicate(whist, "revok", {})
    assert caught.value.field == "irregularity"
    assert "did you mean 'revoke'?" in str(caught.value)
    assert "lead-out-of-turn" in caught.value.choices


def test_unknown_question_is_named(whist):
    with pytest.raises(UnknownQuestion) as caught:
        adjudicate(whist, "lead-out-of-turn", {"who-leads": "declarer"})
    assert caught.value.field == "who-leads"
    assert "did you mean 'who-led'?" in str(caught.value)
    assert caught.value.choices == ["others-played", "who-led"]


def test_unknown_answer_lists_the_answers_and_not_sure(whist):
    with pytest.raises(UnknownAnswer) as caught:
        adjudicate(whist, "lead-out-of-turn", {"others-played": "maybe"})
    assert caught.value.choices == ["yes", "no", NOT_SURE]
    assert caught.value.field == "others-played"


def test_an_uncertain_remedy_is_marked(whist):
    ruling = adjudicate(whist, "revoke", {"established": "no"})
    assert ruling.remedy.unsure.note.startswith("Our digest is unsure")


def test_an_irregularity_the_code_lacks_is_ruled_under_its_general_laws(toy, whist):
    ruling = adjudicate(whist, "exposed-card", {"partner": "no"})
    assert isinstance(ruling, Ruling)
    assert ruling.code.id == "toy-general"
    assert ruling.fallback_for is whist
    assert ruling.irregularity.id == "exposed-card"
    question = adjudicate(whist, "exposed-card", {})  # the question, too, is the general laws'
    assert isinstance(question, NextQuestion) and question.question.id == "partner"
    assert (question.code.id, question.irregularity.id, question.fallback_for) == ("toy-general", "exposed-card", whist)
    assert [(i.id, f.id if f else None) for i, f in available(whist)] == [
        ("lead-out-of-turn", None),
        ("revoke", None),
        ("exposed-card", "toy-general"),
    ]


def test_a_code_that_extends_another_overrides_and_inherits(toy):
    house = toy.code("toy-whist-house")
    assert house.lineage == ("toy-whist-house", "toy-whist")
    assert house.laws["3"].origin == "toy-whist-house" and house.laws["1"].origin == "toy-whist"
    assert "4" not in house.laws  # omitted
    assert house.fallback is not None and house.fallback.id == "toy-general"  # inherited
    assert adjudicate(house, "revoke", {}).remedy.id == "two-tricks"
    inherited = adjudicate(house, "lead-out-of-turn", {"others-played": "yes"})
    assert inherited.remedy.origin == "toy-whist"


def test_a_code_can_decline_fallback_irregularities_its_game_cannot_have(toy):
    house = toy.code("toy-whist-house")
    assert "exposed-card" not in [i.id for i, _ in available(house)]
    with pytest.raises(UnknownIrregularity) as caught:
        adjudicate(house, "exposed-card", {})
    assert "exposed-card" not in caught.value.choices
    assert adjudicate(toy.code("toy-whist"), "exposed-card", {"partner": "no"}).fallback_for is not None


def test_too_many_not_sure_answers_is_a_documented_error(tmp_path):
    from adjudicator.loader import load_library

    questions = "".join(
        f"      q{i}:\n        ask: Question {i}?\n        answers:\n"
        f'          "yes": q{i + 1}\n          "no": q{i + 1}\n'
        for i in range(8)
    ).replace("q8", "done")
    (tmp_path / "deep.yaml").write_text(
        "game: deep\ngame_title: Deep\ntitle: Deep\nedition: one\nyear: 1900\nbody: Tests\n"
        'verification: Tests.\nsections: {s: S}\nlaws:\n  "1": {title: One, section: s, text: One.}\n'
        "irregularities:\n  x:\n    title: X\n    phase: play\n    summary: X.\n    start: q0\n"
        f'    questions:\n{questions}    remedies:\n      done: {{title: Done, now: Done., cites: ["1"]}}\n'
    )
    code = load_library(tmp_path).code("deep")
    with pytest.raises(TooUncertain):
        adjudicate(code, "x", {f"q{i}": NOT_SURE for i in range(8)})
    assert MAX_OUTCOMES < 2**7


# ---------------------------------------------------------------- what a game can have


@pytest.fixture(scope="module")
def featured():
    return load_library(Path(__file__).parent / "fixtures" / "features")


def test_a_two_handed_game_is_not_offered_the_general_laws_on_bidding_or_partners(featured):
    duel = featured.code("feat-duel")
    offered = [irregularity.id for irregularity, _ in available(duel)]
    assert offered == ["card-shown"]
    with pytest.raises(UnknownIrregularity):
        find_irregularity(duel, "call-out-of-turn")
    with pytest.raises(UnknownIrregularity):
        find_irregularity(duel, "penalty-consultation")


def test_the_codes_own_law_that_covers_a_general_irregularity_hides_it(featured):
    duel = featured.code("feat-duel")
    with pytest.raises(UnknownIrregularity) as caught:
        adjudicate(duel, "exposed-card", {})
    assert "card-shown" in caught.value.choices
    ruling = adjudicate(duel, "card-shown", {})
    assert ruling.remedy.id == "taken-back" and ruling.fallback_for is None


def test_a_remedy_carries_what_happens_next(featured):
    general = featured.code("feat-general")
    ruling = adjudicate(general, "call-out-of-turn", {})
    assert ruling.remedy.next == Next(who="player-in-turn", does="calls", bidding="goes-on")


def _unchecked(tmp_path, fixture):
    """A library loaded from one of tests/bad_laws without the checks (as a caller that
    skips them would): the engine must still answer or fail clearly."""
    import shutil

    shutil.copy(Path(__file__).parent / "bad_laws" / f"{fixture}.yaml", tmp_path)
    return load_library(tmp_path).code(fixture)


def test_an_unchecked_cycle_raises_an_error_naming_the_answer_instead_of_looping(tmp_path):
    code = _unchecked(tmp_path, "cycle")
    with pytest.raises(BrokenIrregularity) as caught:
        adjudicate(code, "revoke", {"established": "no", "again": "yes"})
    # cycle.yaml line 31, under question 'again': "yes": established
    assert (caught.value.path.endswith("cycle.yaml"), caught.value.line) == (True, 31)
    assert "answer 'yes' of question 'again' leads back to 'established'" in caught.value.message
    assert "(established -> again -> established)" in caught.value.message
    # the other way round the circle is no cycle: it ends in the penalty
    assert adjudicate(code, "revoke", {"established": "no", "again": "no"}).remedy.id == "penalty"


def test_an_unchecked_cycle_under_not_sure_raises_too(tmp_path):
    with pytest.raises(BrokenIrregularity, match="leads back to 'established'"):
        adjudicate(_unchecked(tmp_path, "cycle"), "revoke", {"established": NOT_SURE, "again": "yes"})


def test_an_unchecked_answer_to_a_missing_node_raises_an_error_naming_it(tmp_path):
    code = _unchecked(tmp_path, "answer-target")
    with pytest.raises(BrokenIrregularity) as caught:
        adjudicate(code, "revoke", {"established": "no"})
    assert caught.value.line == 27  # answer-target.yaml: "no": corected
    assert "answer 'no' of question 'established' leads to 'corected', which is neither" in caught.value.message
    assert not isinstance(caught.value, KeyError)
    assert adjudicate(code, "revoke", {"established": "yes"}).remedy.id == "penalty"


def test_an_unchecked_start_that_names_no_node_raises_an_error_at_the_irregularity(tmp_path):
    text = (Path(__file__).parent / "bad_laws" / "answer-target.yaml").read_text()
    (tmp_path / "answer-target.yaml").write_text(text.replace("start: established", "start: establish"))
    code = load_library(tmp_path).code("answer-target")
    with pytest.raises(BrokenIrregularity) as caught:
        adjudicate(code, "revoke", {})
    assert caught.value.line == 17  # answer-target.yaml: the irregularity 'revoke:'
    assert caught.value.message == (
        "irregularity 'revoke': start leads to 'establish', which is neither a question nor a remedy; "
        "run `adjudicator check`"
    )
