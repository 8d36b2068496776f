"""Whist's three codes against the digest: every law and none invented, the Revised Code's
numbers as the correspondence table gives them, seed 000's words exactly, the same
irregularity and question ids across the codes, and the differences that matter."""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.engine import Ruling, adjudicate, available

CLUB, REVISED, LEAGUE = "whist-club-1864", "whist-revised-1900", "whist-american-league"

LAWS = {
    CLUB: [str(n) for n in range(1, 92)] + ["Dummy-I", "Dummy-II", "Dummy-III", "Double-Dummy"],
    REVISED: [str(n) for n in range(1, 95)] + ["12a", "Dummy-1", "Dummy-2", "Dummy-3", "Dummy-4", "Double-Dummy"],
    LEAGUE: [str(n) for n in range(1, 40)] + ["Erroneous-scores"],
}
ETIQUETTE = {
    CLUB: {f"e-{n}" for n in range(0, 9)},
    REVISED: {f"e-{n}" for n in range(1, 9)},  # the Club Code's list less the two packs (now law 1)
    LEAGUE: {f"e-{n}" for n in range(1, 10)},
}

# The digest's correspondence table: Revised Code 1900 (Hoffmann) -> Club Code 1864.
# Where one Revised law takes in two Club laws, same_as names the first one listed.
REVISED_TO_CLUB = {
    "2": "90", "3": "83", "4": "13", "5": "14", "6": "15", "7": "17", "8": "16", "9": "18",
    "10": "19", "11": "20", "12": "21", "13": "22", "14": "23", "15": "24", "16": "25",
    "18": "26", "19": "27", "20": "28", "21": "29", "22": "30", "23": "31", "24": "32",
    "25": "33", "26": "34", "27": "35", "28": "36", "29": "37", "30": "38", "31": "39",
    "32": "40", "33": "41", "34": "48", "35": "49", "36": "50", "37": "44", "38": "51",
    "39": "43", "40": "46", "41": "47", "42": "52", "43": "53", "44": "54", "45": "55",
    "46": "1", "47": "2", "48": "3", "49": "4", "50": "5", "51": "6", "52": "7", "53": "8",
    "54": "9", "55": "10", "56": "11", "57": "12", "58": "56", "59": "56", "60": "57",
    "61": "58", "62": "59", "63": "60", "64": "62", "66": "63", "67": "64", "68": "65",
    "69": "66", "70": "67", "71": "68", "72": "69", "73": "70", "74": "71", "75": "72",
    "76": "61", "77": "73", "78": "74", "79": "75", "80": "76", "81": "77", "82": "78",
    "83": "79", "84": "80", "85": "81", "86": "82", "87": "84", "89": "85", "90": "86",
    "91": "87", "92": "88", "93": "89", "94": "91",
    "Dummy-1": "Dummy-I", "Dummy-2": "Dummy-II", "Dummy-3": "Double-Dummy", "Dummy-4": "Dummy-III",
    "Double-Dummy": "Double-Dummy",
}  # fmt: skip
REVISED_NEW = {"1", "12a", "17", "65", "88"}

IRREGULARITIES = {
    "cutting-irregularity", "shuffling-irregularity", "misdeal", "deal-out-of-turn",
    "wrong-number-of-cards", "imperfect-pack", "faced-card", "exposed-card",
    "trump-card-irregularity", "lead-out-of-turn", "play-out-of-turn", "two-cards-played", "trick-with-too-many-cards",
    "failure-to-play-to-trick", "revoke", "failure-to-obey-penalty", "penalty-consultation",
    "calling-attention-to-trick", "claim", "inspecting-tricks", "score-error",
}  # fmt: skip
CLUB_ONLY = {"bystander-remark", "new-cards"}  # the League has no such laws
# No "dummy-irregularity": the codes declare four players and no dummy, so Dummy's laws are read, not ruled on.


def _laws_json(code_id: str) -> list[dict]:
    out = io.StringIO()
    assert cli.main(["laws", code_id, "--json"], out=out) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize("code_id", LAWS)
def test_every_law_of_the_digest_is_listed_and_none_invented(code_id):
    numbers = [law["number"] for law in _laws_json(code_id)]
    assert sorted(numbers) == sorted(LAWS[code_id])
    assert len(numbers) == len(set(numbers)) == {CLUB: 95, REVISED: 100, LEAGUE: 40}[code_id]


@pytest.mark.parametrize("code_id", ETIQUETTE)
def test_the_etiquette_is_the_digest_s_list(library, code_id):
    assert set(library.code(code_id).etiquette) == ETIQUETTE[code_id]


def test_the_revised_code_numbers_its_laws_by_the_correspondence_table(library):
    code = library.code(REVISED)
    for number, law in code.laws.items():
        assert law.origin == REVISED, f"law {number} is inherited under the Club Code's number"
        expected = REVISED_TO_CLUB.get(number)
        assert dict(law.same_as) == ({CLUB: expected} if expected else {}), number
    assert set(code.laws) == set(REVISED_TO_CLUB) | REVISED_NEW
    club = library.code(CLUB)
    assert set(REVISED_TO_CLUB.values()) == set(club.laws) - {"42", "45"}  # 42 dropped, 45 merged into 39


def test_the_revised_code_rules_with_its_own_numbers_everywhere(library):
    code = library.code(REVISED)
    assert code.extends == CLUB and code.fallback is not None
    assert all(irr.origin == REVISED for irr in code.irregularities.values())
    assert all(item.origin == REVISED for item in code.etiquette.values() if item.see_also)
    assert all(term.origin == REVISED for term in code.glossary.values() if term.see_also)
    assert all(value.origin == REVISED for value in code.score_values.values())


def test_seed_000_is_quoted_character_for_character(library):
    seeds = Path(__file__).parent / "seeds"  # copies of ../shared/seeds, kept in the repo
    [path] = seeds.glob("000_*.txt")
    seed = path.read_text(encoding="utf-8")
    code = library.code(CLUB)
    quoted = {n: law for n, law in code.laws.items() if law.quotes}
    assert set(quoted) == {"62", "63", "64", "65", "66"}
    for number, law in quoted.items():
        assert law.basis == "seed", number
        for quote in law.quotes:
            assert code.sources[quote.source].seed == "000"
            assert quote.kind == "law-text"
            assert quote.words in seed, number


def test_the_league_stands_alone_with_the_general_laws_behind_it(library):
    league = library.code(LEAGUE)
    assert league.extends is None and league.fallback is not None
    assert library.code(CLUB).fallback is league.fallback


def test_the_same_irregularities_are_found_under_each_code(library):
    club, revised, league = (set(library.code(c).irregularities) for c in (CLUB, REVISED, LEAGUE))
    assert club == revised == IRREGULARITIES | CLUB_ONLY
    assert league == IRREGULARITIES


def _ruling(library, code_id, irregularity, answers) -> Ruling:
    result = adjudicate(library.code(code_id), irregularity, answers)
    assert isinstance(result, Ruling) and result.remedy is not None
    return result


ESTABLISHED = {"next-trick-played": "yes", "claimed-in-time": "yes", "search-found": "card-found", "both-sides": "no"}


def test_the_revoke_penalty_is_three_at_the_clubs_choice_and_two_tricks_in_america(library):
    for code_id in (CLUB, REVISED):
        remedy = _ruling(library, code_id, "revoke", {**ESTABLISHED, "hands-abandoned": "no"}).remedy
        assert remedy.options.chooser == "non-offending-side" and remedy.options.consult == "allowed"
        assert {c.id for c in remedy.options.choices} == {"take-three-tricks", "deduct-three", "add-three"}
    remedy = _ruling(library, LEAGUE, "revoke", ESTABLISHED).remedy
    assert remedy.options is None
    assert [(e.kind, e.amount) for e in remedy.effects if e.kind == "tricks"] == [("tricks", 2)]


def test_revokes_on_both_sides_cancel_only_under_the_revised_code(library):
    both = {**ESTABLISHED, "both-sides": "yes"}
    assert _ruling(library, CLUB, "revoke", both).remedy.id == "both-penalised"
    assert _ruling(library, REVISED, "revoke", both).remedy.id == "revokes-cancel"
    assert [str(c) for c in _ruling(library, REVISED, "revoke", both).remedy.cites] == ["85", "86"]


def test_a_lead_out_of_turn_is_ruled_by_each_code_s_own_law(library):
    answers = {"all-followed": "no", "whose-lead": "adversary"}
    club = _ruling(library, CLUB, "lead-out-of-turn", answers).remedy
    revised = _ruling(library, REVISED, "lead-out-of-turn", answers).remedy
    league = _ruling(library, LEAGUE, "lead-out-of-turn", {"all-followed": "no"}).remedy  # whoever's lead it was
    assert (club.cites[0].number, revised.cites[0].number, league.cites[0].number) == ("62", "64", "24")
    assert club.options.consult == revised.options.consult == "forbidden"
    assert {c.id for c in club.options.choices} == {"call-the-card", "call-a-suit"}
    assert league.options.chooser == "right-hand-adversary"  # only a suit, and only he may call it
    assert {c.id for c in league.options.choices} == {"call-a-suit", "no-call"}


def test_the_last_trick_may_be_seen_only_under_the_club_code(library):
    answers = {"which-cards": "last-trick"}
    assert _ruling(library, CLUB, "inspecting-tricks", answers).remedy.id == "last-trick-allowed"
    assert _ruling(library, REVISED, "inspecting-tricks", answers).remedy.id == "quitted-trick-forbidden"
    assert _ruling(library, LEAGUE, "inspecting-tricks", answers).remedy.id == "quitted-trick-forbidden"


@pytest.mark.parametrize("code_id", LAWS)
def test_every_choice_names_who_chooses_and_every_remedy_cites_a_law(library, code_id):
    code = library.code(code_id)
    for irregularity in code.irregularities.values():
        for remedy in irregularity.remedies.values():
            assert remedy.cites and all(code.law(c) is not None for c in remedy.cites), remedy.key
            if remedy.options is not None:
                assert remedy.options.chooser in code.roles, remedy.key


@pytest.mark.parametrize("code_id", LAWS)
def test_the_glossary_knows_the_old_words_of_the_game(library, code_id):
    words = {word.lower() for term in library.code(code_id).glossary.values() for word in (term.term, *term.synonyms)}
    assert {"revoke", "renege", "pone", "eldest hand", "elder hand", "adversary", "opponent", "tenace"} <= words


HONOURS_IN_TIME = {
    "what-error": "honours",
    "honour-found-away": "no",
    "honours-called": "yes",
    "claimed-before-next-trump": "yes",
}


@pytest.mark.parametrize("code_id, law", [(CLUB, "4"), (REVISED, "49")])
def test_honours_called_in_time_score_only_if_the_side_did_not_stand_at_four(library, code_id, law):
    at_four = _ruling(library, code_id, "score-error", {**HONOURS_IN_TIME, "at-four": "yes"}).remedy
    assert at_four.id == "no-honours-at-four" and [str(c) for c in at_four.cites] == [law]
    below = _ruling(library, code_id, "score-error", {**HONOURS_IN_TIME, "at-four": "no"}).remedy
    assert below.id == "honours-scored" and law in [str(c) for c in below.cites]


@pytest.mark.parametrize("code_id", [CLUB, REVISED])
def test_a_hand_thrown_down_before_the_renounce_is_noticed_establishes_the_revoke(library, code_id):
    thrown = {"next-trick-played": "no", "threw-down": "yes", "claimed-in-time": "yes", "search-found": "card-found"}
    thrown |= {"both-sides": "no", "hands-abandoned": "no"}
    assert _ruling(library, code_id, "revoke", thrown).remedy.id == "revoke-penalty"
    in_time = {"next-trick-played": "no", "threw-down": "no", "trick-quitted": "no"}
    assert _ruling(library, code_id, "revoke", in_time).remedy.id == "corrected-in-time"


def test_a_card_named_by_its_holder_is_exposed_only_under_the_revised_code(library):
    named = {"when-exposed": "in-play", "how-exposed": "named-by-holder"}
    club = _ruling(library, CLUB, "exposed-card", named).remedy
    assert club.id == "named-by-holder" and club.unsure is not None and club.effects == ()
    assert _ruling(library, REVISED, "exposed-card", named).remedy.id == "liable-to-be-called"


@pytest.mark.parametrize("code_id", [CLUB, REVISED, LEAGUE])
def test_withholding_a_called_exposed_card_has_no_penalty_named_in_any_code(library, code_id):
    withheld = {"what-was-called": "exposed-card", "could-play-called-card": "no"}
    remedy = _ruling(library, code_id, "failure-to-obey-penalty", withheld).remedy
    assert remedy.id == "called-card-withheld" and remedy.unsure is not None
    assert not [e for e in remedy.effects if e.kind in ("tricks", "score")]
    led = {"what-was-called": "lead-a-suit", "held-called-suit": "yes"}
    assert _ruling(library, code_id, "failure-to-obey-penalty", led).remedy.id == "revoke-penalty"


@pytest.mark.parametrize("code_id", LAWS)
def test_every_remedy_says_what_happens_next(library, code_id):
    for irregularity in library.code(code_id).irregularities.values():
        for remedy in irregularity.remedies.values():
            choices = remedy.options.choices if remedy.options else ()
            assert remedy.next is not None or (choices and all(c.next for c in choices)), remedy.key


def test_the_league_gives_the_revoke_penalty_only_for_the_calls_its_law_38_lists(library):
    # Law 38: highest or lowest, trump or not trump, a suit to lead. Taking the first trick
    # (law 22) is not among them, so the ruling says the law is silent.
    listed = {"what-was-called": "highest-or-lowest", "could-obey": "yes"}
    assert _ruling(library, LEAGUE, "failure-to-obey-penalty", listed).remedy.id == "revoke-penalty"
    first_trick = _ruling(library, LEAGUE, "failure-to-obey-penalty", {"what-was-called": "take-trick"}).remedy
    assert first_trick.id == "take-trick-not-listed" and first_trick.unsure is not None
    assert not [e for e in first_trick.effects if e.kind in ("tricks", "score")]


READER_FIELDS = {
    "verification",
    "summary",
    "citation",
    "title",
    "text",
    "basis_note",
    "notes",
    "note",
    "ask",
    "help",
    "label",
    "fact",
    "now",
    "then",
    "until",
    "missing",
    "stands",
    "example",
    "definition",
    "detail",
}
INTERNAL = ("seed", "digest", "our id", "not retrieved", "s-cav", "s-fos", "s-hgm", "s-bp")


def _reader_words(value, field=""):
    if isinstance(value, str):
        if field in READER_FIELDS:
            yield field, value
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.name not in ("fallback", "where"):
                yield from _reader_words(getattr(value, f.name), f.name)
    elif isinstance(value, dict | Mapping):
        for item in value.values():
            yield from _reader_words(item, field)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _reader_words(item, field)


@pytest.mark.parametrize("code_id", LAWS)
def test_no_word_a_reader_sees_names_our_sources_by_key_or_our_notes(library, code_id):
    code = library.code(code_id)
    words = list(_reader_words(code))
    assert len(words) > 500  # the walk reaches the laws, questions and remedies
    bad = [(field, text) for field, text in words if any(k in text.lower() for k in INTERNAL)]
    assert bad == []


@pytest.mark.parametrize("code_id, law", [(CLUB, "84"), (REVISED, "87"), (LEAGUE, "39")])
def test_a_second_penalty_is_refused_by_each_code_s_own_law_not_the_general_laws(library, code_id, law):
    code = library.code(code_id)
    assert "double-penalty" not in {irregularity.id for irregularity, _ in available(code)}
    remedy = _ruling(library, code_id, "penalty-consultation", {"already-named": "yes"}).remedy
    assert remedy.id == "no-second-penalty" and [str(c) for c in remedy.cites] == [law]


def test_a_card_never_found_and_missed_during_the_play_keeps_the_deal_only_the_revised_code_settles_it(library):
    missed = {"what-found": "card-missing", "missing-card-found": "not-found", "when-missed": "during-play"}
    club = _ruling(library, CLUB, "imperfect-pack", missed).remedy
    assert club.id == "deal-stands-short" and club.unsure is not None  # law 46 against law 37
    revised = _ruling(library, REVISED, "imperfect-pack", missed).remedy
    assert revised.id == "deal-stands-short" and revised.unsure is None and "41" in [str(c) for c in revised.cites]
    early = {**missed, "when-missed": "before-play"}
    for code_id in (CLUB, REVISED):
        assert _ruling(library, code_id, "imperfect-pack", early).remedy.id == "new-deal-same-dealer"
