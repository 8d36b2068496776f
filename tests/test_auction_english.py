"""The English laws of Auction Bridge (1908) against our reading of the digest.

The digest (laws-digest/auction-bridge-english.md) lists 108 laws: the 1908 auction
text where it differs from Bridge, and the Laws of Bridge (1904) for every number marked
"as in Bridge". These tests pin the law list, how each law's text was assembled, the
scoring the calculator shares with the Whist Club codes, and the cross-references.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from adjudicator import cli, config
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available
from adjudicator.loader import read_library
from adjudicator.model import Code

CODE = "auction-bridge-english-1908"

# Digest section 1: the laws printed in the 1908 auction text; all others are "as in Bridge".
AUCTION_TEXT = {"2", "4", "11", *(str(n) for n in range(47, 63)), "70", "71", "90"}
EVERY_LAW = [str(n) for n in range(1, 109)]

# The ids the scoring values share with the Whist Club codes, and their keys.
SCORING_IDS = {
    "trick-value": {"clubs", "diamonds", "hearts", "spades", "no-trump"},
    "honours-multiple": {
        "three",
        "four-divided",
        "five-divided",
        "four-in-one-hand",
        "four-in-one-hand-fifth-in-partners",
        "five-in-one-hand",
    },
    "aces-at-no-trump": {"three", "four-divided", "four-in-one-hand"},
    "grand-slam": None,
    "little-slam": None,
    "chicane-multiple": None,
    "doubled-bonus": None,
    "doubled-overtrick-bonus": None,
    "redoubled-bonus": None,
    "redoubled-overtrick-bonus": None,
    "undertrick": {"undoubled", "doubled", "redoubled"},
    "game": None,
    "rubber-bonus": None,
    "one-spade-loss-limit": None,
    "bid-ranking": None,
    "dealer-opening": None,
    "auction-end": None,
    "revoke-penalty": {"declarer", "adversary"},
    "revoke-penalty-tricks": None,
    "revoke-further-penalty": None,
    "revoking-side-scores": None,
    "both-sides-revoked": None,
    "void-deal": None,
}

CANONICAL_IRREGULARITIES = {
    "revoke", "lead-out-of-turn", "play-out-of-turn", "exposed-card", "two-cards-played",
    "failure-to-play-to-trick", "trick-with-too-many-cards", "failure-to-obey-penalty",
    "wrong-number-of-cards", "misdeal", "deal-out-of-turn", "imperfect-pack", "faced-card",
    "cutting-irregularity", "shuffling-irregularity", "call-out-of-turn", "insufficient-bid",
    "impossible-bid", "illegal-double", "bid-while-barred", "change-of-call",
    "information-about-bidding", "dummy-irregularity", "penalty-consultation",
    "calling-attention-to-trick", "claim", "score-error", "inspecting-tricks",
    "unauthorized-remark", "new-cards", "bystander-remark",
}  # fmt: skip
NEW_IRREGULARITIES = {
    "touched-card",
    "dealer-passed",
}  # Laws 65-66 (the Whist Club 1912 code uses this id for its Law 64); Law 47, which no sister code breaks out


# Digest section 3 (and each law's "differs in"): the Whist Club 1912 law that is the same
# law, for every English law that has one. The others have no counterpart in 1912.
WHIST_CLUB_1912 = {
    1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6, 8: 9, 9: 7, 11: 11, 12: 13, 13: 12, 14: 14, 15: 15,
    16: 16, 17: 17, 18: 19, 21: 21, 22: 22, 23: 23, 24: 26, 25: 25, 26: 27, 27: 28, 30: 29, 31: 29,
    32: 30, 33: 29, 34: 31, 35: 32, 36: 33, 37: 34, 38: 35, 39: 37, 40: 37, 43: 38, 44: 39, 45: 40,
    46: 41, 47: 42, 48: 44, 49: 46, 50: 47, 51: 48, 52: 49, 53: 50, 54: 51, 55: 53, 56: 54, 57: 55,
    58: 56, 59: 57, 60: 58, 61: 52, 62: 59, 63: 60, 64: 62, 65: 64, 66: 64, 68: 63, 69: 72, 70: 65,
    71: 66, 72: 67, 73: 68, 74: 71, 75: 72, 76: 72, 79: 73, 80: 76, 81: 77, 82: 78, 83: 74, 84: 75,
    85: 79, 86: 80, 87: 81, 88: 82, 89: 83, 90: 84, 91: 83, 92: 85, 93: 87, 94: 86, 95: 86, 96: 87,
    97: 88, 99: 89, 100: 95, 101: 91, 102: 92, 104: 94, 105: 97, 106: 97, 107: 96, 108: 90,
}  # fmt: skip


@pytest.fixture(scope="module")
def code() -> Code:
    library, _problems = read_library(config.laws_dir())  # other files' problems are not ours
    return library.codes[CODE]


def test_the_code_has_every_law_of_the_digest_and_no_other(code):
    assert len(code.laws) == 108
    assert list(code.laws) == EVERY_LAW


def test_laws_json_lists_the_108_laws_in_order():
    out = io.StringIO()
    assert cli.main(["laws", CODE, "--json"], out=out) == 0
    assert [law["number"] for law in json.loads(out.getvalue())] == EVERY_LAW


def test_each_basis_note_says_whether_the_text_is_the_auction_law_or_the_bridge_law(code):
    for number, law in code.laws.items():
        assert law.basis_note, number
        if number in AUCTION_TEXT:
            assert law.basis_note.startswith("Auction text"), number
        else:
            assert 'as in Bridge"' in law.basis_note, number
            assert f"Law {number}," in law.basis_note.replace("\n", " "), number


def test_see_also_runs_both_ways(code):
    one_way = [
        (law.number, str(cite))
        for law in code.laws.values()
        for cite in law.see_also
        if law.number not in {c.number for c in code.laws[cite.number].see_also}
    ]
    assert one_way == []


def test_scoring_values_use_exactly_the_ids_shared_with_the_whist_club_codes(code):
    assert set(code.score_values) == set(SCORING_IDS)
    for value_id, keys in SCORING_IDS.items():
        value = code.score_values[value_id]
        assert value.cites, value_id
        if keys is not None:
            assert set(value.value) == keys, value_id


def test_english_trick_values_and_bid_ranking(code):
    values = code.score_values
    assert dict(values["trick-value"].value) == {"clubs": 4, "diamonds": 6, "hearts": 8, "spades": 2, "no-trump": 12}
    assert values["bid-ranking"].value == "value-then-tricks"
    assert dict(values["undertrick"].value) == {"undoubled": 50, "doubled": 100, "redoubled": 200}
    assert (values["game"].value, values["rubber-bonus"].value) == (30, 250)
    assert (values["grand-slam"].value, values["little-slam"].value) == (40, 20)
    assert dict(values["one-spade-loss-limit"].value) == {"undoubled": 100, "doubled": 100, "redoubled": 100}


def test_irregularity_ids_are_the_shared_ones(code):
    assert set(code.irregularities) - CANONICAL_IRREGULARITIES == NEW_IRREGULARITIES


def test_the_code_falls_back_on_the_general_laws(code):
    assert code.fallback is not None and code.fallback.id == "general-laws-foster"


def test_seed_quotes_are_word_for_word(code):
    seeds = Path(__file__).parent / "seeds"  # copies of ../shared/seeds, kept in the repo
    for law in code.laws.values():
        for quote in law.quotes:
            seed = code.sources[quote.source].seed
            [path] = seeds.glob(f"{seed}_*.txt")
            text = re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))
            assert quote.words in text, (law.number, quote.words[:40])
            assert quote.kind == "commentary"  # the English code's own words are in no seed


def test_each_law_names_the_same_law_of_the_whist_club_1912_code(code):
    same = {int(n): law.same_as["auction-bridge-1912"] for n, law in code.laws.items() if law.same_as}
    assert same == {n: str(m) for n, m in WHIST_CLUB_1912.items()}
    assert all(set(law.same_as) <= {"auction-bridge-1912"} for law in code.laws.values())


# ---------------------------------------------------------------- the table's language (issue 14)


def test_the_game_declares_what_it_has(code):
    assert code.features == {"tricks", "trumps", "bidding", "partnerships", "dummy"}
    assert code.players == (4, 4)


def test_the_question_ids_the_auction_checker_fills_are_kept(code):
    """adjudicator/auction.py pre-fills these facts from a sequence of calls."""
    which_call = code.irregularities["call-out-of-turn"].questions["which-call"]
    assert [a.id for a in which_call.answers] == ["bid", "pass", "double", "redouble"]
    acted = code.irregularities["insufficient-bid"].questions["adversary-overcalled-or-doubled"]
    assert [a.id for a in acted.answers] == ["yes", "no"]


def test_no_question_asks_whether_a_revoke_was_established(code):
    """Law 91's acts are asked one by one: the trick turned and quitted, a lead or play to the next."""
    asks = [q.ask for i in code.irregularities.values() for q in i.questions.values()]
    assert not [ask for ask in asks if "establish" in ask.lower()]
    revoke = code.irregularities["revoke"].questions
    for side in ("declarer", "adversary"):
        assert "turned face down and quitted" in revoke[f"{side}-trick-quitted"].ask
        assert "next trick" in revoke[f"{side}-played-next"].ask
        assert "none of the suit" in revoke[f"{side}-asked"].ask  # Law 92


def test_a_call_of_more_than_seven_says_no_english_law_provides_for_it_and_the_general_laws_answer(code):
    """The digest confirms no rule for a call of more than seven in the auction or the bridge laws."""
    found = code.irregularities["impossible-bid"].remedies["no-english-law"]
    assert "general laws" in found.now and "Neither the auction laws" in found.now


def test_a_remark_falls_to_the_general_laws_labelled_as_such(code):
    """No English law on remarks beyond Laws 54, 63, 64 and 102: the general laws' breach of
    etiquette answers, offered as the general laws' own, not as an English law."""
    assert "unauthorized-remark" not in code.irregularities
    offered = {irregularity.id: by for irregularity, by in available(code)}
    assert offered["breach-of-etiquette"] is not None and offered["breach-of-etiquette"].id == "general-laws-foster"
    assert "remark" in code.irregularities["information-about-bidding"].keywords


def test_a_call_of_more_than_seven_names_the_missing_law(code):
    remedy = code.irregularities["impossible-bid"].remedies["no-english-law"]
    assert remedy.unsure is not None and "more than seven" in remedy.unsure.missing
    assert {c.number for c in remedy.cites} == {"53", "106"}


def test_every_remedy_says_what_happens_next(code):
    for irregularity in code.irregularities.values():
        if irregularity.origin != code.id:
            continue
        for remedy in irregularity.remedies.values():
            choices = remedy.options.choices if remedy.options else ()
            assert remedy.next or (choices and all(c.next for c in choices)), (irregularity.id, remedy.id)


def test_the_revoke_penalties_give_a_worked_example_at_the_english_values(code):
    """Three hearts, eight tricks, an adversary's revoke: three penalty tricks make eleven, 5 x 8 = 40."""
    example = code.irregularities["revoke"].remedies["adversary-revoke-penalty"].next.example
    assert "eleven tricks" in example and "40 below the line" in example
    example = code.irregularities["revoke"].remedies["declarer-revoke-penalty"].next.example
    assert "150" in example and "36" in example


def test_a_revoke_claimed_asks_whether_it_is_shown_as_the_1912_code_does(code):
    """Laws 93 and 96: admitted or shown by the searched tricks, or the cards mixed after the
    claim; the question ids are the 1912 code's, so a comparison carries the answers across."""
    library, _problems = read_library(config.laws_dir())
    sister = library.codes["auction-bridge-1912"].irregularities["revoke"].questions
    ours = code.irregularities["revoke"].questions
    for qid in ("declarer-revoke-shown", "declarer-cards-mixed", "adversary-revoke-shown", "adversary-cards-mixed"):
        assert qid in ours and qid in sister
    denied = {
        "who-revoked": "adversary",
        "adversary-trick-quitted": "yes",
        "adversary-asked": "no",
        "adversary-claimed-in-time": "yes",
        "dummy-drew-attention": "no",
        "adversary-revoke-shown": "no",
    }
    not_mixed = adjudicate(code, "revoke", {**denied, "adversary-cards-mixed": "no"})
    assert isinstance(not_mixed, Ruling) and not_mixed.remedy.id == "not-proved"
    assert [e.kind for e in not_mixed.remedy.effects] == ["no-penalty"]
    mixed = adjudicate(code, "revoke", {**denied, "adversary-cards-mixed": "yes", "declarer-revoked-too": "no"})
    assert isinstance(mixed, Ruling) and mixed.remedy.id == "adversary-revoke-penalty"


def test_equal_cards_in_the_cut_for_partners_follow_laws_19_and_20(code):
    """Two equal highest cards are not cut again (Law 19); three equal above a lower fourth
    are cut again and the fourth player, who cut lowest, deals (Law 20)."""
    table = {"which-cut": "table-cut"}
    highest = adjudicate(
        code, "cutting-irregularity", {**table, "table-cut-fault": "two-equal", "which-two-equal": "highest"}
    )
    assert isinstance(highest, Ruling) and highest.remedy.id == "equal-highest-stand"
    three = adjudicate(code, "cutting-irregularity", {**table, "table-cut-fault": "three-equal", "odd-card": "lower"})
    assert isinstance(three, Ruling) and three.remedy.id == "three-equal-odd-lowest"
    assert "fourth player" in three.remedy.now and "deals" in three.remedy.now


def test_cutting_or_shuffling_for_partner_asks_whether_the_opponents_allowed_it(code):
    """Law 46 forbids it only without the opponents' permission: the permission is asked."""
    cut = {"which-cut": "deal-cut", "who-cut": "cutter-partner"}
    assert isinstance(adjudicate(code, "cutting-irregularity", cut), NextQuestion)
    allowed = adjudicate(code, "cutting-irregularity", {**cut, "opponents-permitted": "yes"})
    assert allowed.remedy.id == "cut-permitted" and allowed.remedy.unsure is None
    refused = adjudicate(code, "cutting-irregularity", {**cut, "opponents-permitted": "no"})
    assert refused.remedy.id == "acted-for-partner" and refused.remedy.unsure is not None
