"""Foster's general laws as the fallback code, and the two games that lean on them (Auction
Pitch, Conquian): every law of the digests and none invented, the principles encoded as
rulings, and a game's silence answered by the general laws, labelled as such."""

from __future__ import annotations

import io
import json
import re

import pytest

from adjudicator import cli
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available

GENERAL = "general-laws-foster"
NUMBERS = {
    GENERAL: [f"P-{n:02d}" for n in range(1, 34)],
    "auction-pitch-foster": [f"AP-{n}" for n in range(1, 16)],
    "conquian-foster": [f"CQ-{n}" for n in range(1, 10)],
}
"""The digests' stable ids, in order: general-principles.md, auction-pitch.md, conquian.md."""

SEEDED = {
    GENERAL: {"P-08", "P-10", "P-11", "P-12", "P-13", "P-19", "P-25"},
    "auction-pitch-foster": {"AP-6", "AP-10", "AP-11", "AP-12"},
    "conquian-foster": {"CQ-1", "CQ-2", "CQ-3"},
}
"""The entries the digests mark as seed quotes."""

OWN_CODES = ("auction-pitch-foster", "conquian-foster")
"""The two games encoded with the general laws."""

INTENT = re.compile(r"\b(deliberate|on purpose|intention|intend|meant)", re.IGNORECASE)


def laws_json(code_id: str) -> list[dict]:
    out = io.StringIO()
    assert cli.main(["laws", code_id, "--json"], out=out) == 0
    return json.loads(out.getvalue())


def general_remedies(library):
    code = library.code(GENERAL)
    return [(i, r) for i in code.irregularities.values() for r in i.remedies.values()]


@pytest.mark.parametrize("code_id", sorted(NUMBERS))
def test_every_law_of_the_digest_is_listed_and_none_invented(code_id):
    assert [law["number"] for law in laws_json(code_id)] == NUMBERS[code_id]
    assert len(NUMBERS[code_id]) == {GENERAL: 33, "auction-pitch-foster": 15, "conquian-foster": 9}[code_id]


@pytest.mark.parametrize("code_id", sorted(SEEDED))
def test_the_seed_entries_quote_the_seed(library, code_id):
    code = library.code(code_id)
    for number, law in code.laws.items():
        seeded = any(code.sources[q.source].seed is not None for q in law.quotes)
        assert seeded == (number in SEEDED[code_id]), number
        assert (law.basis == "seed") == seeded or law.basis == "inferred", number


def test_the_general_laws_are_a_general_code_of_their_own_game(library):
    code = library.code(GENERAL)
    assert (code.kind, code.game, code.fallback) == ("general", "general", None)


def test_every_game_falls_back_on_the_general_laws(library):
    games = [code for code in library.codes.values() if code.kind != "general"]
    assert games and all(code.fallback is library.code(GENERAL) for code in games)


def test_every_general_remedy_says_it_is_a_general_principle_weaker_than_a_codes_own_law(library):
    for irregularity, remedy in general_remedies(library):
        words = f"{remedy.now} {remedy.notes or ''}"
        assert "general principle" in words and "weaker than any law" in words, (irregularity.id, remedy.id)


def test_where_the_principles_leave_a_case_to_an_arbitrator_the_remedy_names_what_is_missing_and_who_decides(library):
    """P-05: cases no law provides for go to an arbitrator; the ruling says what is missing and who decides."""
    referred = [(i, r) for i, r in general_remedies(library) if "P-05" in {c.number for c in r.cites}]
    assert len(referred) >= 5
    for irregularity, remedy in referred:
        if (irregularity.id, remedy.id) == ("bystander-remark", "bystander-decides"):
            assert remedy.unsure is None  # the players made him their umpire: his word settles it
            continue
        assert remedy.unsure is not None and remedy.unsure.missing, (irregularity.id, remedy.id)
        assert remedy.unsure.decides in {"director", "arbitrator"}, (irregularity.id, remedy.id)


def test_facts_nobody_can_settle_give_the_accused_the_benefit_of_the_doubt_and_no_umpire_rules_on_them(library):
    """P-07: if the facts cannot be agreed the arbitrator should decline to decide, and the
    player it is proposed to penalise has the benefit of any reasonable doubt."""
    general = library.code(GENERAL)
    ruling = adjudicate(general, "disputed-facts", {"facts-settled": "no", "onlooker-saw": "no"})
    assert isinstance(ruling, Ruling) and ruling.remedy is not None
    remedy = ruling.remedy
    assert remedy.id == "benefit-of-doubt" and remedy.unsure is None
    assert [e.kind for e in remedy.effects] == ["no-penalty"]
    assert remedy.next is not None and remedy.next.who is None
    assert "decline" in remedy.now


def test_the_general_laws_declare_what_their_irregularities_need(library):
    general = library.code(GENERAL)
    needed = set().union(*(i.needs for i in general.irregularities.values()))
    assert general.features == needed == {"tricks", "bidding", "partnerships"}
    assert general.irregularities["revoke"].needs == {"tricks"}
    assert general.irregularities["call-out-of-turn"].needs == {"bidding"}
    assert general.irregularities["penalty-consultation"].needs == {"partnerships"}
    assert general.irregularities["exposed-card"].needs == frozenset()


def test_the_general_questions_judge_by_possible_gain_never_by_intention(library):
    """P-02: a ruling asks whether the offending side could profit, not whether it meant to."""
    code = library.code(GENERAL)
    for irregularity in code.irregularities.values():
        for question in irregularity.questions.values():
            assert not INTENT.search(question.ask), (irregularity.id, question.ask)
    asks = {q.id: q.ask for q in code.irregularities["exposed-card"].questions.values()}
    assert "partner" in asks["has-partner"] and "shown" in asks["how-shown"]


@pytest.mark.parametrize(
    ("irregularity", "answers", "remedy"),
    [
        ("exposed-card", {"has-partner": "no"}, "no-penalty-no-partner"),
        ("lead-out-of-turn", {"adversaries-played": "no", "has-partner": "no"}, "take-back-no-penalty"),
        ("lead-out-of-turn", {"adversaries-played": "yes"}, "lead-stands"),
        ("both-sides-at-fault", {"led-into-error": "yes"}, "take-back-led-into-error"),
        ("double-penalty", {"already-exacted": "yes"}, "no-second-penalty"),
    ],
)
def test_the_seed_principles_rule_as_remedies(library, irregularity, answers, remedy):
    ruling = adjudicate(library.code(GENERAL), irregularity, answers)
    assert isinstance(ruling, Ruling) and ruling.remedy is not None
    assert ruling.remedy.id == remedy


def test_conquian_is_silent_on_misdeals_wrong_counts_and_exposed_cards_and_the_general_laws_answer(library):
    conquian, general = library.code("conquian-foster"), library.code(GENERAL)
    silent = ("misdeal", "wrong-number-of-cards", "exposed-card")
    assert not set(silent) & set(conquian.irregularities)
    offered = {i.id: under for i, under in available(conquian)}
    assert all(offered[i] is general for i in silent)
    ruling = adjudicate(conquian, "exposed-card", {"has-partner": "no"})
    assert isinstance(ruling, Ruling)
    assert ruling.code is general and ruling.fallback_for is conquian
    assert ruling.remedy is not None and ruling.remedy.id == "no-penalty-no-partner"


def test_a_games_own_law_wins_over_the_general_laws(library):
    pitch = library.code("auction-pitch-foster")
    result = adjudicate(pitch, "lead-out-of-turn", {})
    assert isinstance(result, NextQuestion)
    assert result.code is pitch and result.fallback_for is None and result.question.id == "who-offended"


def test_the_ask_command_labels_a_fallback_ruling():
    out = io.StringIO()
    assert cli.main(["ask", "conquian-foster", "exposed-card", "-a", "has-partner=no"], out=out) == 0
    assert (
        "has no law on this, so the general laws apply" in out.getvalue()
        and "weaker than a code's own law" in out.getvalue()
    )


def test_auction_pitch_scoring_is_data(library):
    values = library.code("auction-pitch-foster").score_values
    assert values["white-counters-each"].value == 7
    assert values["points-per-deal"].value == 4
    assert dict(values["game-pips"].value) == {"ten": 10, "ace": 4, "king": 3, "queen": 2, "jack": 1}
    assert values["count-out-order"].value == "bidder-then-high-low-jack-game"


def test_an_auction_pitch_revoke_moves_counters(library):
    pitch = library.code("auction-pitch-foster")
    facts = {"trick-quitted": "yes", "claimed-before-cut": "yes", "bid-made": "no"}  # quitted, claimed in time, no sale
    ruling = adjudicate(pitch, "revoke", facts)
    assert isinstance(ruling, Ruling) and ruling.remedy is not None
    effects = {(e.kind, e.who or e.from_, e.to, e.amount) for e in ruling.remedy.effects}
    assert ("score", "offender", None, -2) in effects
    assert ("stakes", "offender", "pool", 1) in effects


def test_conquian_declares_its_game_so_no_trick_bidding_or_partners_irregularity_is_offered(library):
    conquian = library.code("conquian-foster")
    assert conquian.features == {"stock", "declarations", "stakes"} and not conquian.inapplicable
    offered = {i.id for i, _ in available(conquian)}
    assert not offered & {"lead-out-of-turn", "play-out-of-turn", "revoke", "call-out-of-turn", "change-of-call"}
    assert "penalty-consultation" not in offered
    assert {"misdeal", "wrong-number-of-cards", "exposed-card", "imperfect-pack"} <= offered


def test_auction_pitch_declares_a_game_of_players_each_for_himself(library):
    """Four to seven players, each for himself (Foster): nothing of partners is offered."""
    pitch = library.code("auction-pitch-foster")
    assert pitch.features == {"tricks", "trumps", "bidding", "stakes"} and pitch.players == (4, 7)
    offered = {irregularity.id for irregularity, _ in available(pitch)}
    assert "penalty-consultation" not in offered
    assert "penalty-consultation" in library.code(GENERAL).irregularities


def test_where_the_pitch_chapter_is_silent_its_own_ruling_says_the_general_laws_answer(library):
    """The pitcher's own lead out of turn: the chapter is silent, Foster's general laws decide."""
    pitch = library.code("auction-pitch-foster")
    ruling = adjudicate(pitch, "lead-out-of-turn", {"who-offended": "pitcher", "others-played": "no"})
    assert isinstance(ruling, Ruling) and ruling.remedy is not None and ruling.remedy.id == "pitcher-not-covered"
    assert "general laws answer" in ruling.remedy.now and ruling.remedy.unsure is None


def test_a_pitch_revoke_noticed_before_the_trick_is_quitted_or_the_next_begun_is_put_right(library):
    """Foster's Seven-up rule, which Auction Pitch follows: put right without penalty, no hedge;
    a card led to the next trick makes it stand, though the trick was not turned down."""
    pitch = library.code("auction-pitch-foster")
    in_time = adjudicate(pitch, "revoke", {"trick-quitted": "no", "next-trick-begun": "no"})
    assert isinstance(in_time, Ruling) and in_time.remedy.id == "renounce-corrected"
    assert in_time.remedy.unsure is None and "no-penalty" in {e.kind for e in in_time.remedy.effects}
    late = adjudicate(pitch, "revoke", {"trick-quitted": "no", "next-trick-begun": "yes"})
    assert isinstance(late, NextQuestion) and late.question.id == "claimed-before-cut"


def test_a_pitch_pack_dealt_uncut_is_a_misdeal_under_the_cut_as_under_the_deal(library):
    """Both entries a player may choose give the same ruling: the same dealer deals again."""
    pitch = library.code("auction-pitch-foster")
    by_cut = adjudicate(pitch, "cutting-irregularity", {"cut-fault": "not-cut"})
    by_deal = adjudicate(pitch, "misdeal", {"what-went-wrong": "not-cut"})
    assert by_cut.remedy.id == by_deal.remedy.id == "same-dealer-again"
    assert by_cut.remedy.next.who == by_deal.remedy.next.who == "dealer"
