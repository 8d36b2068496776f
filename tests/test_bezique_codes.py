"""The three Bezique codes against the digests: every law and none invented, seed 004 quoted
character for character, the declarations and the rubicon as data, and the same facts ruled
under the English code and under French practice (seed 004's contrast, as remedies)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.engine import Ruling, adjudicate, available

PORTLAND = "rubicon-bezique-portland"
RUBICON_FRENCH = "rubicon-bezique-french"
BEZIQUE_FRENCH = "bezique-french"

# rubicon-bezique.md section 2 (Laws 1-66) and section 3 (Foster's statements)
FOSTER_ENGLISH = ["R-TM-1", "R-TM-2", "R-TM-3", "R-TF-1", "R-TF-2", "R-DR-1", "R-DR-2", "R-DR-3", "R-DR-4", "R-AN-1"]
PORTLAND_LAWS = [str(n) for n in range(1, 67)] + FOSTER_ENGLISH
# the French column of rubicon-bezique.md section 4, from bezique.md
FRENCH_OVER_RUBICON = ["FR-1", "FR-2", "FR-4", "FR-5", "FR-8", "FR-10"]
# bezique.md: FR-1..FR-16 and the declaration rules DECL-1..DECL-5
BEZIQUE_FRENCH_LAWS = [f"FR-{n}" for n in range(1, 17)] + [f"DECL-{n}" for n in range(1, 6)]

CANONICAL = {
    "revoke", "lead-out-of-turn", "card-exposed-in-dealing", "two-cards-played", "wrong-number-of-cards", "misdeal",
    "imperfect-pack", "faced-card", "cutting-irregularity", "score-error", "new-cards", "bystander-remark",
    "drawing-irregularity", "declaration-error",
}  # fmt: skip
NEW_IDS = {"card-played-in-error", "tricks-not-gathered"}

SEED = Path(__file__).resolve().parent / "seeds"  # copies of ../shared/seeds, kept in the repo


def _ruling(library, code: str, irregularity: str, answers: dict[str, str]) -> Ruling:
    result = adjudicate(library.code(code), irregularity, answers)
    assert isinstance(result, Ruling), f"{code} {irregularity} still asks {result.question.id!r}"
    assert result.is_certain
    return result


def _remedy(library, code: str, irregularity: str, answers: dict[str, str]):
    remedy = _ruling(library, code, irregularity, answers).remedy
    assert remedy is not None
    return remedy


# ---------------------------------------------------------------- the laws, none missing, none invented


@pytest.mark.parametrize(
    ("code", "numbers"),
    [
        (PORTLAND, PORTLAND_LAWS),
        (RUBICON_FRENCH, PORTLAND_LAWS + FRENCH_OVER_RUBICON),
        (BEZIQUE_FRENCH, BEZIQUE_FRENCH_LAWS),
    ],
)
def test_every_law_of_the_digest_and_no_other(library, code, numbers):
    assert sorted(library.code(code).laws) == sorted(numbers)


def test_the_portland_code_has_its_sixty_six_laws_and_ten_statements_by_foster(library):
    laws = library.code(PORTLAND).laws
    assert len(laws) == 76
    assert sum(n.isdigit() for n in laws) == 66


def test_french_practice_replaces_only_the_law_on_counting_the_stock(library):
    french = library.code(RUBICON_FRENCH)
    english = library.code(PORTLAND)
    replaced = [n for n, law in french.laws.items() if law.origin == RUBICON_FRENCH and n in english.laws]
    assert replaced == ["26"]
    assert all(french.laws[n].origin == PORTLAND for n in english.laws if n != "26")


def test_the_french_rubicon_laws_are_the_french_rules_of_ordinary_bezique(library):
    french = library.code(RUBICON_FRENCH)
    for number in FRENCH_OVER_RUBICON:
        assert french.laws[number].same_as == {BEZIQUE_FRENCH: number}


def test_ordinary_bezique_stands_beside_the_rubicon_codes(library):
    bezique, french, english = (library.code(c) for c in (BEZIQUE_FRENCH, RUBICON_FRENCH, PORTLAND))
    assert bezique.extends is None and bezique.game != english.game
    assert french.extends == PORTLAND and french.game == english.game
    assert french.lineage == (RUBICON_FRENCH, PORTLAND)


def test_the_codes_that_extend_nothing_fall_back_on_the_general_laws(library):
    for code in (PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH):
        fallback = library.code(code).fallback
        assert fallback is not None and fallback.id == "general-laws-foster"


# ---------------------------------------------------------------- seed 004, word for word


def _seed_quotes(library):
    for code in (PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH):
        for law in library.code(code).laws.values():
            for quote in law.quotes:
                yield code, law, quote


def test_seed_quotes_are_commentary_from_seed_004(library):
    quoted = list(_seed_quotes(library))
    assert quoted
    for code, law, quote in quoted:
        source = library.code(code).sources[quote.source]
        assert (source.seed, quote.kind) == ("004", "commentary"), (code, law.number)


def test_seed_quotes_are_character_for_character(library):
    seed = next(SEED.glob("004_*.txt")).read_text(encoding="utf-8")
    for code, law, quote in _seed_quotes(library):
        assert quote.words in seed, (code, law.number)


def test_every_sentence_of_the_first_passage_is_quoted_under_french_practice(library):
    passage = next(SEED.glob("004_*.txt")).read_text(encoding="utf-8").split("\n")[0]
    quoted = " ".join(q.words for c, _, q in _seed_quotes(library) if c == RUBICON_FRENCH)
    heading = "_=Irregularities in Drawing.=_"
    for sentence in passage.replace(heading, "").split(". "):
        assert sentence.strip().rstrip(".") in quoted


# ---------------------------------------------------------------- declarations and the game as data

PORTLAND_VALUES = {
    "carte-blanche": 50,
    "marriage": 20,
    "royal-marriage": 40,
    "sequence": 150,
    "trump-sequence": 250,
    "bezique": 40,
    "double-bezique": 500,
    "triple-bezique": 1500,
    "quadruple-bezique": 4500,
    "four-aces": 100,
    "four-kings": 80,
    "four-queens": 60,
    "four-knaves": 40,
    "last-trick": 50,
    "brisque": 10,
    "game-bonus": 500,
    "least-difference": 100,
    "rubicon-line": 1000,
    "rubicon-bonus": 1300,
    "rubiconed-under-100": 100,
    "too-many-cards-penalty": 1300,
    "too-many-cards-cap": 900,
}
BEZIQUE_VALUES = {
    "seven-of-trumps": 10,
    "marriage": 20,
    "royal-marriage": 40,
    "sequence": 250,
    "bezique": 40,
    "double-bezique": 500,
    "four-aces": 100,
    "four-kings": 80,
    "four-queens": 60,
    "four-knaves": 40,
    "brisque": 10,
    "last-trick": 10,
    "game": 1000,
}


@pytest.mark.parametrize(("code", "values"), [(PORTLAND, PORTLAND_VALUES), (BEZIQUE_FRENCH, BEZIQUE_VALUES)])
def test_declarations_and_scores_are_data_citing_their_laws(library, code, values):
    found = library.code(code).score_values
    assert {k: v.value for k, v in found.items() if k in values} == values
    assert all(v.cites for v in found.values())


def test_the_rubicon_values_rest_on_laws_40_and_57_to_59(library):
    values = library.code(PORTLAND).score_values
    assert {str(c) for c in values["four-aces"].cites} == {"40"}
    assert {str(c) for c in values["rubicon-bonus"].cites} == {"58"}
    assert {str(c) for c in values["too-many-cards-cap"].cites} == {"17", "R-TM-1"}
    tables = {t.id: t for t in library.code(PORTLAND).score_tables}
    assert {"declarations", "game-computation"} <= set(tables)
    assert all(len(row) == len(t.columns) for t in tables.values() for row in t.rows)


def test_french_practice_keeps_the_english_scoring(library):
    english, french = library.code(PORTLAND), library.code(RUBICON_FRENCH)
    assert {k: v.value for k, v in french.score_values.items()} == {k: v.value for k, v in english.score_values.items()}


# ---------------------------------------------------------------- the same facts, English and French

TOO_MANY = {"after-first-trick": "yes", "counts": "one-too-many"}
FORGOT = {"what-happened": "forgot-to-draw"}


def test_too_many_cards_rubicon_the_offender_in_england_and_are_put_right_in_france(library):
    english = _remedy(library, PORTLAND, "wrong-number-of-cards", TOO_MANY)
    french = _remedy(library, RUBICON_FRENCH, "wrong-number-of-cards", TOO_MANY)
    assert english.id == "offender-rubiconed" and english.options is None
    scores = [(e.to, e.amount, e.at_most) for e in english.effects if e.kind == "score"]
    assert scores == [("adversary", 1300, None), ("adversary", None, 900)]  # 1300, and his score up to 900 at most
    assert "1300" in english.now and "900" in english.now
    assert french.id == "fresh-deal-or-skip-draws"
    assert french.options is not None and french.options.chooser == "adversary"
    assert not [e for e in french.effects if e.kind == "score"]
    assert {c.id for c in french.options.choices} == {"fresh-deal", "skip-draws"}


def test_a_forgotten_draw_plays_short_in_england_and_gives_the_adversary_a_choice_in_france(library):
    english = _remedy(library, PORTLAND, "drawing-irregularity", FORGOT)
    french = _remedy(library, RUBICON_FRENCH, "drawing-irregularity", FORGOT)
    ordinary = _remedy(library, BEZIQUE_FRENCH, "drawing-irregularity", FORGOT)
    assert english.id == "plays-one-short"
    assert [(e.kind, e.to, e.amount) for e in english.effects if e.kind == "score"] == [("score", "adversary", 50)]
    for remedy in (french, ordinary):
        assert remedy.id == "void-or-draw-two"
        assert remedy.options is not None and remedy.options.chooser == "adversary"
        kinds = {e.kind for c in remedy.options.choices for e in c.effects}
        assert "deal-void" in kinds


def test_a_revoke_in_the_last_nine_is_replayed_in_england_and_forfeits_later_scoring_in_france(library):
    english = _remedy(library, PORTLAND, "revoke", {"scores-computed": "no"})
    french = _remedy(library, RUBICON_FRENCH, "revoke", {})
    assert english.id == "replay-from-error" and any(e.kind == "replay" for e in english.effects)
    assert french.id == "nothing-scored-after-error" and not any(e.kind == "replay" for e in french.effects)


@pytest.mark.parametrize(
    ("irregularity", "answers"),
    [
        ("wrong-number-of-cards", {"after-first-trick": "no", "any-too-many": "no"}),
        ("wrong-number-of-cards", {"after-first-trick": "yes", "counts": "one-too-few"}),
        ("wrong-number-of-cards", {"after-first-trick": "yes", "counts": "both-too-many"}),
        ("wrong-number-of-cards", {"after-first-trick": "yes", "counts": "too-many-and-too-few"}),
    ],
)
def test_the_same_wrong_count_is_ruled_differently_under_the_two_rubicon_codes(library, irregularity, answers):
    english = _remedy(library, PORTLAND, irregularity, answers)
    french = _remedy(library, RUBICON_FRENCH, irregularity, answers)
    assert english.origin == PORTLAND and french.origin == RUBICON_FRENCH
    assert english.id != french.id


@pytest.mark.parametrize(
    ("irregularity", "answers"),
    [
        ("lead-out-of-turn", {"adversary-played": "no"}),
        ("lead-out-of-turn", {"adversary-played": "yes"}),
        ("drawing-irregularity", {"what-happened": "loser-saw-two"}),
        ("drawing-irregularity", {"what-happened": "drew-out-of-turn", "both-drew": "yes"}),
        ("card-exposed-in-dealing", {"whose-card": "own"}),
    ],
)
def test_where_the_digest_finds_no_difference_all_three_codes_agree(library, irregularity, answers):
    rulings = {_remedy(library, code, irregularity, answers).id for code in (PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH)}
    assert len(rulings) == 1


@pytest.mark.parametrize("irregularity", ["wrong-number-of-cards", "drawing-irregularity"])
def test_french_practice_asks_the_same_questions_with_the_same_answers(library, irregularity):
    english = library.code(PORTLAND).irregularities[irregularity]
    french = library.code(RUBICON_FRENCH).irregularities[irregularity]
    assert french.origin == RUBICON_FRENCH and french.start == english.start
    assert {q: [a.id for a in v.answers] for q, v in french.questions.items()} == {
        q: [a.id for a in v.answers] for q, v in english.questions.items()
    }


def test_the_ordinary_game_shares_the_question_ids_of_the_rubicon_codes(library):
    english = library.code(PORTLAND).irregularities
    for irregularity in library.code(BEZIQUE_FRENCH).irregularities.values():
        if irregularity.questions and irregularity.id in english:
            shared = set(irregularity.questions) & set(english[irregularity.id].questions)
            # faced-card: the laws draw the line at another moment (play begun / first trick
            # played to); revoke: a different fact decides (the scores computed / which practice)
            assert shared or irregularity.id in {"faced-card", "revoke"}, irregularity.id


def test_french_practice_overrides_only_the_remedies_that_differ(library):
    french = library.code(RUBICON_FRENCH)
    own = sorted(i.id for i in french.irregularities.values() if i.origin == RUBICON_FRENCH)
    assert own == ["drawing-irregularity", "revoke", "wrong-number-of-cards"]


# ---------------------------------------------------------------- ids, unsure remedies, glossary


@pytest.mark.parametrize("code", [PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH])
def test_irregularity_ids_are_canonical_or_reported_as_new(library, code):
    assert set(library.code(code).irregularities) <= CANONICAL | NEW_IDS


@pytest.mark.parametrize("code", [PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH])
def test_where_the_sources_are_silent_the_ruling_names_what_is_missing_and_who_decides(library, code):
    remedies = [r for i in library.code(code).irregularities.values() for r in i.remedies.values()]
    unsure = [r for r in remedies if r.unsure]
    assert len(unsure) >= 3
    for remedy in unsure:
        assert remedy.unsure.missing and remedy.unsure.decides == "director", remedy.id
    for remedy in remedies:  # the readers' words, never our working notes
        words = " ".join([remedy.now, remedy.notes or "", (remedy.unsure.note or "") if remedy.unsure else ""])
        assert not re.search(r"our reading|\[R\]|digest|seed \d", words, re.IGNORECASE), remedy.id


@pytest.mark.parametrize("code", [PORTLAND, RUBICON_FRENCH, BEZIQUE_FRENCH])
def test_two_handed_bezique_offers_no_bidding_and_no_partners_consultation(library, code):
    game = library.code(code)
    assert game.features == {"tricks", "trumps", "stock", "declarations"} and game.players == (2, 2)
    offered = {i.id for i, _ in available(game)}
    assert not offered & {"call-out-of-turn", "change-of-call", "penalty-consultation"}
    assert "play-out-of-turn" not in offered  # with two players a card out of turn is a lead out of turn
    assert "lead-out-of-turn" in offered and "drawing-irregularity" in offered


def test_a_card_dropped_in_the_play_is_the_rubicon_codes_own_law_and_the_general_laws_at_ordinary_bezique(library):
    rubicon = {i.id: under for i, under in available(library.code(PORTLAND))}
    bezique = {i.id: under for i, under in available(library.code(BEZIQUE_FRENCH))}
    assert "exposed-card" not in rubicon and rubicon["card-played-in-error"] is None  # Law 23: dropped cards picked up
    assert bezique["exposed-card"] is library.code("general-laws-foster")  # Foster's French rules are silent


def test_an_announcement_made_when_it_could_not_score_is_asked_and_ruled_by_each_codes_own_rule(library):
    for code, law in ((PORTLAND, "42"), (BEZIQUE_FRENCH, "DECL-1")):
        remedy = _remedy(library, code, "declaration-error", {"what-wrong": "after-drawing"})
        assert remedy.id == "declared-after-drawing" and law in {str(c) for c in remedy.cites}
    english = _remedy(library, PORTLAND, "declaration-error", {"what-wrong": "stock-exhausted"})
    assert {str(c) for c in english.cites} >= {"52"}


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (PORTLAND, ["bézique", "brisque", "carte blanche", "rubicon", "talon", "marriage", "sequence", "pone"]),
        (BEZIQUE_FRENCH, ["bézique", "binocle", "talon", "dix", "royal marriage", "status quo", "rogue"]),
    ],
)
def test_the_glossary_finds_the_words_players_use(library, code, words):
    terms = library.code(code).glossary.values()
    said = {w.lower() for t in terms for w in (t.term, *t.synonyms)}
    found = " | ".join(sorted(said))
    for word in words:
        assert any(word in s for s in said), f"{word!r} not in {found}"
