"""The Whist Club of New York auction codes (1912, late 1913, 1915) against the digest.

The digest (laws-digest/auction-bridge.md) gives the November 1912 code whole (97 laws,
12 etiquette rules), every late-1913 difference with the concordance of section 2a and
the six new laws, and what is known of the 1915 code. These tests pin each code's law
numbers, the concordance, the scoring the calculator shares with the English code, the
1915 bases, and that the same facts get each code's own remedy.
"""

from __future__ import annotations

import io
import json

import pytest

from adjudicator import cli
from adjudicator.engine import Ruling, adjudicate
from adjudicator.model import Code

C1912, C1913, C1915 = "auction-bridge-1912", "auction-bridge-1913", "auction-bridge-1915"

LAWS_1912 = [str(n) for n in range(1, 98)]
NEW_1913 = ["47a", "50a", "50b", "50c", "62a", "70a"]
LAWS_1913 = sorted([*LAWS_1912, *NEW_1913], key=lambda n: (int(n.rstrip("abc")), n))
# 1915: the pamphlet numbers the doubling-rank rule 55 and the limits 56, so the late-1913
# Laws 53 and 54 are not kept under those numbers; Law 48 (one spade) has no 1915 object.
DROPPED_1915 = {"48", "53", "54"}
LAWS_1915 = [n for n in LAWS_1913 if n not in DROPPED_1915]

# Digest section 2a: late-1913 number -> November 1912 number, where they differ.
CONCORDANCE_1913 = {"3": "4", "4": "2", "9": "10", "10": "11", "18": "19", "19": "18", "38": "40", "40": "38"}
KNOWN_1915 = {"55": "53", "56": "54"}  # 1915 number -> late-1913 number

SCORING_IDS = {
    "trick-value",
    "honours-multiple",
    "aces-at-no-trump",
    "grand-slam",
    "little-slam",
    "chicane-multiple",
    "doubled-bonus",
    "doubled-overtrick-bonus",
    "redoubled-bonus",
    "redoubled-overtrick-bonus",
    "undertrick",
    "game",
    "rubber-bonus",
    "one-spade-loss-limit",
    "bid-ranking",
}

IRREGULARITIES = {
    "call-out-of-turn", "insufficient-bid", "impossible-bid", "illegal-double", "bid-while-barred",
    "change-of-call", "information-about-bidding", "exposed-card", "lead-out-of-turn",
    "play-out-of-turn", "two-cards-played", "failure-to-play-to-trick", "trick-with-too-many-cards",
    "revoke", "failure-to-obey-penalty", "wrong-number-of-cards", "misdeal", "deal-out-of-turn",
    "imperfect-pack", "faced-card", "cutting-irregularity", "shuffling-irregularity",
    "dummy-irregularity", "penalty-consultation", "calling-attention-to-trick", "claim",
    "score-error", "inspecting-tricks", "unauthorized-remark", "new-cards", "bystander-remark",
    "touched-card",
}  # fmt: skip


def laws_json(code_id: str) -> list[dict]:
    out = io.StringIO()
    assert cli.main(["laws", code_id, "--json"], out=out) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("code_id", "numbers"), [(C1912, LAWS_1912), (C1913, LAWS_1913), (C1915, LAWS_1915)], ids=["1912", "1913", "1915"]
)
def test_laws_json_lists_every_law_of_the_digest_and_no_other(code_id, numbers):
    listed = [law["number"] for law in laws_json(code_id)]
    assert listed == numbers


def test_the_counts_match_the_digest(library):
    assert [len(library.code(c).laws) for c in (C1912, C1913, C1915)] == [97, 103, 100]


def test_late_1913_renumbered_laws_point_at_their_1912_numbers_and_back(library):
    c1912, c1913 = library.code(C1912), library.code(C1913)
    for new, old in CONCORDANCE_1913.items():
        assert c1913.laws[new].origin == C1913
        assert c1913.laws[new].same_as[C1912] == old
    back = {n: law.same_as[C1913] for n, law in c1912.laws.items() if C1913 in law.same_as}
    assert back == {"2": "4", "3": "4", "4": "3", "10": "9", "11": "10", "18": "19", "19": "18", "38": "40", "40": "38"}


def test_the_six_new_late_1913_laws_are_its_own(library):
    c1913 = library.code(C1913)
    assert {n for n, law in c1913.laws.items() if law.origin == C1913 and n not in library.code(C1912).laws} == set(
        NEW_1913
    )
    assert all(n not in library.code(C1912).laws for n in NEW_1913)


def test_known_1915_numbers_map_to_the_late_1913_laws(library):
    c1915 = library.code(C1915)
    for new, old in KNOWN_1915.items():
        assert c1915.laws[new].same_as[C1913] == old
    assert library.code(C1913).laws["53"].same_as[C1915] == "55"
    assert library.code(C1913).laws["54"].same_as[C1915] == "56"
    assert c1915.laws["12"].basis == "passage" and c1915.laws["60"].title == "Dummy's rights"


def test_every_1915_law_says_how_far_it_is_known(library):
    c1915 = library.code(C1915)
    inherited = [law for law in c1915.laws.values() if law.origin != C1915]
    assert inherited and all(law.basis == "provisional" for law in inherited), "inherit_basis marks inherited laws"
    for law in c1915.laws.values():
        assert law.basis in {"seed", "passage", "provisional"}, law.number
        assert law.basis_note, law.number
        if law.basis == "provisional":
            assert "1915" in law.basis_note and "not been found" in law.basis_note, law.number


def test_seed_quotes_are_labelled_by_whose_words_they_are(library):
    for code_id in (C1912, C1913, C1915):
        code = library.code(code_id)
        for law in code.laws.values():
            for quote in law.quotes:
                seed = code.sources[quote.source].seed
                # seed 003 is Irwin describing the 1915 laws; seed 000 is the late-1913 print
                assert (quote.kind == "commentary") == (seed == "003"), (code_id, law.number)
                assert seed != "000" or code_id != C1912, law.number


@pytest.mark.parametrize("code_id", [C1912, C1913, C1915])
def test_scoring_values_use_the_shared_ids(library, code_id):
    values = library.code(code_id).score_values
    assert set(values) >= SCORING_IDS
    assert all(v.cites for v in values.values())


def test_scoring_follows_each_code(library):
    v12, v13, v15 = (library.code(c).score_values for c in (C1912, C1913, C1915))
    assert dict(v12["trick-value"].value) == {
        "clubs": 6, "diamonds": 7, "hearts": 8, "spades": 2, "royal-spades": 9, "no-trump": 10,
    }  # fmt: skip
    assert dict(v15["trick-value"].value) == {"clubs": 6, "diamonds": 7, "hearts": 8, "spades": 9, "no-trump": 10}
    assert (v12["bid-ranking"].value, v15["bid-ranking"].value) == ("value-then-tricks", "tricks-then-value")
    assert (v12["grand-slam"].value, v13["grand-slam"].value, v15["grand-slam"].value) == (40, 40, 100)
    assert v15["little-slam"].value == "not-known"
    assert (v12["chicane-multiple"].value, v13["chicane-multiple"].value) == (2, 0)
    assert "party-game-bonus" not in v12 and v13["party-game-bonus"].value == 125
    assert [str(c) for c in v13["trick-value"].cites] == ["3"] and [str(c) for c in v12["trick-value"].cites] == ["4"]


def test_etiquette_has_its_twelve_rules_and_the_1915_additions(library):
    numbered = {c: sorted(e.number for e in library.code(c).etiquette.values() if e.number) for c in (C1912, C1915)}
    assert numbered[C1912] == sorted(str(n) for n in range(1, 13))
    assert numbered[C1915] == numbered[C1912]
    assert {"whose-lead", "gathering-tricks"} <= set(library.code(C1915).etiquette) - set(library.code(C1912).etiquette)


@pytest.mark.parametrize("code_id", [C1912, C1913, C1915])
def test_every_irregularity_of_the_brief_is_adjudicable(library, code_id):
    assert set(library.code(code_id).irregularities) == IRREGULARITIES


def ruling(code: Code, irregularity: str, answers: dict[str, str]) -> Ruling:
    result = adjudicate(code, irregularity, answers)
    assert isinstance(result, Ruling) and result.is_certain
    return result


# The facts of one adversary's revoke, found after his partner had played to the next trick
# and claimed in time; dummy silent; no other revoke in the hand.
REVOKE = {
    "who-revoked": "adversary",
    "adversary-played-next": "yes",
    "adversary-claimed-in-time": "yes",
    "dummy-drew-attention": "no",
    "adversary-revoke-shown": "yes",
    "declarer-revoked-too": "no",
    "adversaries-revoked-before": "no",
}


def test_an_adversarys_revoke_costs_150_then_100_and_1915_is_flagged(library):
    amounts, unsure = [], []
    for code_id, answers in ((C1912, REVOKE), (C1913, REVOKE), (C1915, REVOKE)):
        remedy = ruling(library.code(code_id), "revoke", answers).remedy
        amounts.append(remedy.options.choices[0].effects[0].amount)
        unsure.append(remedy.unsure is not None)
    assert amounts == [150, 100, 100]
    assert unsure == [False, False, True]


def test_consultation_is_allowed_in_1912_and_forbidden_from_late_1913(library):
    answers = {"which-call": "bid", "claimed-in-time": "yes"}
    consult = [
        ruling(library.code(c), "call-out-of-turn", answers).remedy.options.consult for c in (C1912, C1913, C1915)
    ]
    assert consult == ["allowed", "forbidden", "forbidden"]


def test_the_insufficient_bid_gets_each_codes_own_remedy(library):
    facts = {"first-after-bid": "pointed-out", "adversary-overcalled-or-doubled": "no"}
    r1912, r1913, r1915 = (ruling(library.code(c), "insufficient-bid", facts).remedy for c in (C1912, C1913, C1915))
    assert [r.origin for r in (r1912, r1913, r1915)] == [C1912, C1913, C1915]
    # 1912 says only "made sufficient"; Case 2 and the later text keep the suit, so it is a route, not a doubt
    assert "in the suit he named" in r1912.now and r1912.unsure is None
    assert r1912.next.who == "offender-left" and r1912.next.bidding == "goes-on"
    assert "declaration he named" in r1913.now and "a double is a declaration, Law 57" in r1913.now
    assert "next adversary then passes" in r1915.now and r1915.unsure is None
