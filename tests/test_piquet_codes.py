"""The Piquet codes against the digest (piquet.md): the Laws of Piquet of the Portland and Turf
Clubs (Rubicon Piquet), every law and none invented, the declarations and the partie as data,
and the key rulings with the figures written by hand from the laws."""

from __future__ import annotations

import pytest

from adjudicator import quiz
from adjudicator.engine import Ruling, adjudicate, available
from adjudicator.errors import UnknownAnswer

PORTLAND = "piquet-portland"

# piquet.md: "The book prints the Laws of Piquet (78 numbered laws)"
PORTLAND_LAWS = [str(n) for n in range(1, 79)]


def _remedy(library, code: str, irregularity: str, answers: dict[str, str]):
    """The one remedy the answers reach (a question still asked, or a choice of outcomes, fails)."""
    ruling = adjudicate(library.code(code), irregularity, answers)
    assert isinstance(ruling, Ruling) and ruling.is_certain, f"{code} {irregularity}: {answers} reach no one remedy"
    return ruling.remedy


def _kinds(effects) -> set[str]:
    return {e.kind for e in effects}


# ---------------------------------------------------------------- the code and its laws


def test_the_portland_code_is_a_code_of_the_game_of_piquet(library):
    code = library.code(PORTLAND)
    assert code.game == "piquet"
    assert code.kind == "code"
    assert code.features == frozenset({"tricks", "stock", "declarations"})
    assert code.players == (2, 2)
    assert code.fallback is not None and code.fallback.id == "general-laws-foster"


def test_every_law_of_the_digest_and_no_other(library):
    assert sorted(library.code(PORTLAND).laws, key=int) == PORTLAND_LAWS


def test_the_sections_are_the_codes_own_headings(library):
    sections = {law.section for law in library.code(PORTLAND).laws.values()}
    titles = {library.code(PORTLAND).sections[s].title for s in sections}
    assert titles == {
        "Shuffling", "Cutting", "Dealing", "Carte blanche", "Discarding and taking in", "Calling and showing",
        "Playing", "Scoring", "Incorrect packs", "Changing cards", "Bystanders",
    }  # fmt: skip


def test_at_least_fifteen_irregularities_of_its_own(library):
    assert len(library.code(PORTLAND).irregularities) >= 15


def test_elder_and_younger_hand_are_roles(library):
    roles = library.code(PORTLAND).roles
    assert "non-dealer" in roles["elder-hand"]
    assert "dealer" in roles["younger-hand"]


# ---------------------------------------------------------------- what the game offers


def test_a_two_handed_game_without_bidding_offers_no_call_or_consultation(library):
    offered = {irr.id for irr, _ in available(library.code(PORTLAND))}
    assert not offered & {"call-out-of-turn", "change-of-call", "penalty-consultation"}


@pytest.mark.parametrize(
    "general",
    ["revoke", "exposed-card", "lead-out-of-turn", "play-out-of-turn", "misdeal", "wrong-number-of-cards",
     "imperfect-pack", "score-error", "bystander-remark"],
)  # fmt: skip
def test_the_codes_own_law_rules_where_the_general_laws_would(library, general):
    offered = available(library.code(PORTLAND))
    ruled_by = [(irr, fallback) for irr, fallback in offered if irr.id == general or general in irr.covers]
    assert ruled_by, f"{general} is not ruled by the piquet code"
    assert all(fallback is None for _, fallback in ruled_by)  # the code's own, never the fallback's


# ---------------------------------------------------------------- scoring as data


@pytest.mark.parametrize(
    ("value", "points"),
    [
        ("carte-blanche", 10), ("point-per-card", 1), ("tierce", 3), ("quart", 4), ("quint", 15),
        ("sixieme", 16), ("septieme", 17), ("huitieme", 18), ("quatorze", 14), ("trio", 3),
        ("card-led", 1), ("trick-won-second", 1), ("last-trick", 2), ("the-cards", 10), ("capot", 40),
        ("pique", 30), ("repique", 60), ("pique-repique-line", 30), ("deals-in-partie", 6),
        ("partie-bonus", 100), ("rubicon-line", 100), ("rubicon-bonus", 100),
    ],
)  # fmt: skip
def test_the_scores_of_laws_61_to_73(library, value, points):
    assert library.code(PORTLAND).score_values[value].value == points


def test_the_order_of_reckoning_is_law_67(library):
    table = next(t for t in library.code(PORTLAND).score_tables if t.id == "order-of-reckoning")
    assert [row[1] for row in table.rows] == [
        "Carte blanche", "The point", "Sequences", "Quatorzes and trios", "Points made in play",
        "The cards (or capot)",
    ]  # fmt: skip


def test_the_partie_is_reckoned_with_the_digests_worked_figures(library):
    table = next(t for t in library.code(PORTLAND).score_tables if t.id == "partie")
    rows = {row[0]: row for row in table.rows}
    # Law 72: 131 - 113 + 100 = 118; Law 73: 125 + 81 + 100 = 306
    assert "= 118" in rows["The loser reached 100"][2]
    assert "= 306" in rows["The loser under 100 (rubiconed)"][2]


def test_the_sequence_table_has_the_six_sequences_of_law_63(library):
    table = next(t for t in library.code(PORTLAND).score_tables if t.id == "declarations")
    points = {row[0]: row[2] for row in table.rows}
    assert points == {
        "Carte blanche": "10", "Point": "one a card", "Tierce": "3", "Quart": "4", "Quint": "15",
        "Sixième": "16", "Septième": "17", "Huitième": "18", "Quatorze": "14", "Trio": "3",
    }  # fmt: skip


# ---------------------------------------------------------------- key rulings, by hand from the laws


def test_a_stock_of_nine_is_a_compulsory_fresh_deal_by_the_same_dealer(library):
    remedy = _remedy(
        library, PORTLAND, "misdeal", {"what-wrong": "count", "hands-taken-up": "yes", "counts": "stock-9"}
    )
    assert remedy.options is None  # Law 12: compulsory, nobody chooses
    assert "new-deal" in _kinds(remedy.effects)
    assert remedy.next.who == "dealer" and remedy.next.deal == "redealt"


def test_thirteen_to_the_elder_gives_him_the_fresh_deal_until_he_takes_a_stock_card(library):
    remedy = _remedy(
        library, PORTLAND, "misdeal",
        {"what-wrong": "count", "hands-taken-up": "yes", "counts": "elder-13-stock-8", "stock-act-13-8": "touched"},
    )  # fmt: skip
    assert remedy.options.chooser == "elder-hand"
    assert "stock" in remedy.options.until
    late = _remedy(
        library, PORTLAND, "misdeal",
        {"what-wrong": "count", "hands-taken-up": "yes", "counts": "elder-13-stock-8", "stock-act-13-8": "took-card"},
    )  # fmt: skip
    assert late.id == "too-late-13-8" and late.options is None


def test_the_elder_mixing_the_younger_cards_gives_the_younger_the_choice(library):
    remedy = _remedy(library, PORTLAND, "wrong-stock-cards", {"who-did-it": "non-dealer", "elder-what": "mixed"})
    assert remedy.options.chooser == "younger-hand"
    kinds = {k for choice in remedy.options.choices for k in _kinds(choice.effects)}
    assert {"barred", "new-deal"} <= kinds  # Law 28: reckons nothing, or a fresh deal


def test_a_deal_out_of_turn_found_late_is_made_up_by_two_deals_running(library):
    remedy = _remedy(
        library, PORTLAND, "deal-out-of-turn", {"noticed-in-time": "no", "last-deal": "no", "fresh-packs": "no"}
    )
    assert remedy.id == "double-deal"
    assert remedy.next.who == "wrong-deal-elder"


def test_a_revoke_at_piquet_is_taken_back_without_penalty(library):
    remedy = _remedy(library, PORTLAND, "revoke", {"held-suit": "yes", "found-when": "in-play"})
    assert {"replay", "no-penalty"} <= _kinds(remedy.effects)
    assert "score" not in _kinds(remedy.effects)  # Law 59 IV: no points penalty


def test_a_revoke_found_after_the_play_is_unsure_for_want_of_a_time_limit(library):
    remedy = _remedy(library, PORTLAND, "revoke", {"held-suit": "yes", "found-when": "after-play"})
    assert remedy.unsure is not None and "time limit" in remedy.unsure.missing
    assert remedy.unsure.decides == "director"


def test_a_lead_out_of_turn_stands_once_played_to(library):
    answers = {"what-happened": "out-of-turn"}
    assert (
        _remedy(library, PORTLAND, "card-played-in-error", {**answers, "adversary-played": "yes"}).id == "lead-stands"
    )
    assert _remedy(library, PORTLAND, "card-played-in-error", {**answers, "adversary-played": "no"}).id == (
        "lead-taken-back"
    )


def test_a_long_hand_reckons_nothing_but_bars(library):
    remedy = _remedy(library, PORTLAND, "wrong-number-of-cards", {"how-many": "too-many"})
    enforce = next(c for c in remedy.options.choices if c.id == "enforce")
    barred = next(e for e in enforce.effects if e.kind == "barred")
    assert barred.who == "offender" and "bar" in barred.detail


def test_carte_blanche_scores_ten_to_its_holder(library):
    remedy = _remedy(library, PORTLAND, "carte-blanche", {"what-dispute": "not-yet-shown", "who-holds": "non-dealer"})
    score = next(e for e in remedy.effects if e.kind == "score")
    assert (score.to, score.amount) == ("elder-hand", 10)


def test_carte_blanche_worked_example_is_a_repique(library):
    remedy = _remedy(library, PORTLAND, "carte-blanche", {"what-dispute": "against-pique"})
    # 10 (carte blanche) + 6 (point of six) + 15 (quint) = 31 in hand: repique, 31 + 60 = 91
    assert "31" in remedy.next.example and "91" in remedy.next.example


def test_the_written_scores_each_take_their_own(library):
    remedy = _remedy(library, PORTLAND, "score-error", {"what-wrong": "sheets-differ"})
    assert remedy.cites[0].number == "74"
    assert "A's 96" in remedy.next.example and "B's 75" in remedy.next.example


def test_thirty_in_hand_first_is_a_repique_of_sixty(library):
    remedy = _remedy(library, PORTLAND, "pique-repique", {"counted-in-hand": "yes"})
    score = next(e for e in remedy.effects if e.kind == "score")
    assert score.amount == 60
    # 6 (point of six) + 15 (quint) + 14 (quatorze) = 35 in hand; 35 + 60 = 95
    assert "35" in remedy.next.example and "ninety-five" in remedy.next.example


def test_only_the_elder_hand_piques_for_thirty(library):
    answers = {"counted-in-hand": "no"}
    pique = _remedy(
        library, PORTLAND, "pique-repique", {**answers, "who-claims": "non-dealer", "counted-with-play": "yes"}
    )
    score = next(e for e in pique.effects if e.kind == "score")
    assert (score.to, score.amount) == ("elder-hand", 30)
    younger = _remedy(library, PORTLAND, "pique-repique", {**answers, "who-claims": "dealer"})
    assert younger.id == "no-pique-younger"
    assert "score" not in _kinds(younger.effects)


@pytest.mark.parametrize(
    ("answers", "remedy_id", "figures"),
    [
        ({"reached-100": "yes"}, "worth-72", "131 − 113 + 100 = 118"),
        ({"reached-100": "no", "extra-deals": "no"}, "rubicon-73", "125 + 81 + 100 = 306"),
    ],
)
def test_the_partie_and_the_rubicon_are_worked_out(library, answers, remedy_id, figures):
    remedy = _remedy(library, PORTLAND, "partie", {"what-dispute": "worth", **answers})
    assert remedy.id == remedy_id
    assert figures in remedy.next.example


def test_a_rubicon_after_the_extra_deals_of_a_tie_is_unsure(library):
    remedy = _remedy(library, PORTLAND, "partie", {"what-dispute": "worth", "reached-100": "no", "extra-deals": "yes"})
    assert remedy.unsure is not None and "extra deals" in remedy.unsure.missing


def test_a_false_call_not_put_right_costs_the_deal_and_frees_the_adversarys_scores(library):
    answers = {"admitted": "yes", "same-value": "no", "put-right": "no", "could-have-held": "yes"}
    remedy = _remedy(library, PORTLAND, "over-call", {**answers, "shown-own-accord": "no"})
    assert remedy.options.chooser == "adversary"
    enforce = next(c for c in remedy.options.choices if c.id == "enforce")
    assert {(e.kind, e.who or e.to) for e in enforce.effects} == {("barred", "offender"), ("score", "adversary")}
    shown = _remedy(library, PORTLAND, "over-call", {**answers, "shown-own-accord": "yes"})
    assert "no-penalty" in _kinds(shown.effects)  # Law 55: a voluntary show protects


def test_a_misnomer_carries_no_penalty(library):
    remedy = _remedy(library, PORTLAND, "over-call", {"admitted": "yes", "same-value": "yes", "could-have-named": "no"})
    assert remedy.cites[0].number == "53"
    assert "no-penalty" in _kinds(remedy.effects)


def test_the_non_dealer_calling_anything_before_his_point_loses_it(library):
    remedy = _remedy(library, PORTLAND, "calling-order", {"what-happened": "elder-other-first"})
    barred = next(e for e in remedy.effects if e.kind == "barred")
    assert barred.who == "elder-hand" and "point" in barred.detail


@pytest.mark.parametrize(
    ("where", "remedy_id"),
    [("other-pack", "deal-void-75"), ("floor", "card-on-floor"), ("tricks-or-discard", "card-among-tricks")],
)
def test_where_a_missing_card_turned_up_decides_whether_the_pack_was_incorrect(library, where, remedy_id):
    answers = {"what-found": "turned-up", "where-found": where, "dealt-from": "yes"}
    remedy = _remedy(library, PORTLAND, "imperfect-pack", answers)
    assert remedy.id == remedy_id
    # only a pack short of its card (it was in the other pack) voids the deal under Law 75
    assert ("deal-void" in _kinds(remedy.effects)) == (where == "other-pack")


def test_a_card_put_on_a_complete_trick_by_its_winner_is_his_next_lead(library):
    remedy = _remedy(library, PORTLAND, "card-played-in-error", {"what-happened": "second-card", "won-trick": "yes"})
    assert remedy.next.who == "adversary" and remedy.next.does == "plays"


# ---------------------------------------------------------------- the words players type


@pytest.mark.parametrize(
    ("term", "words"),
    [
        ("elder-hand", {"pone"}),
        ("stock", {"talon"}),
        ("carte-blanche", {"blanche"}),
        ("repique", {"repic", "ninety"}),
        ("pique", {"pic", "sixty"}),
        ("capot", {"capote"}),
        ("sinking", {"sink"}),
        ("replies", {"good", "not good", "equal"}),
    ],
)
def test_the_glossary_finds_the_words_players_use(library, term, words):
    assert words <= set(library.code(PORTLAND).glossary[term].synonyms)


# ---------------------------------------------------------------- the pages


def test_the_learn_page_shows_the_scores(client):
    response = client.get(f"/learn/{PORTLAND}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for words in ("Repique", "Capot", "Carte blanche", "Quatorze", "306"):
        assert words in page


def test_a_director_level_quiz_is_served(client, library):
    made = quiz.make_quiz(library.code(PORTLAND), level="director", seed=3, size=10)
    assert len(made.items) == 10
    assert {item.kind for item in made.items} == {"ruling", "which-law"}
    response = client.get(f"/learn/{PORTLAND}/quiz", query_string={"level": "director"}, follow_redirects=True)
    assert response.status_code == 200
    assert "What is the ruling?" in response.get_data(as_text=True) or "Which law" in response.get_data(as_text=True)


def test_a_player_level_quiz_asks_the_scores(library):
    made = quiz.make_quiz(library.code(PORTLAND), kind="scoring", seed=1, size=5)
    assert len(made.items) == 5


def test_a_ruling_page_leads_with_what_happens_now(client):
    response = client.get(f"/settle/{PORTLAND}/revoke/held-suit=yes/found-when=in-play")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "plays a card of the suit led" in page


# ---------------------------------------------------------------- Piquet au cent, over the Portland code

AU_CENT = "piquet-au-cent"

# piquet.md, "LAWS OF PIQUET AU CENT": the laws of Piquet each paragraph changes (AC-1 .. AC-30),
# written under those numbers; AC-28 and AC-29 become Laws 71 and 72, and Law 73 (the rubicon) goes
AU_CENT_CHANGES = [
    "4", "5", "9", "11", "15", "16", "20", "22", "24", "27", "28", "29", "32", "36", "40", "41", "42", "43",
    "46", "48", "49", "50", "51", "54", "55", "56", "62", "65", "70", "71", "72",
]  # fmt: skip


def test_au_cent_extends_the_portland_code_and_drops_the_rubicon(library):
    code = library.code(AU_CENT)
    assert code.game == "piquet" and code.extends == PORTLAND
    assert code.features == frozenset({"tricks", "stock", "declarations"}) and code.players == (2, 2)
    assert sorted(code.laws, key=int) == [n for n in PORTLAND_LAWS if n != "73"]
    assert "rubicon" not in code.glossary


def test_au_cent_writes_out_only_the_laws_its_paragraphs_change(library):
    code = library.code(AU_CENT)
    own = sorted((n for n, law in code.laws.items() if law.origin == AU_CENT), key=int)
    assert own == AU_CENT_CHANGES
    assert all(code.laws[n].origin == PORTLAND for n in code.laws if n not in AU_CENT_CHANGES)


@pytest.mark.parametrize(
    ("value", "points"),
    [("game", 100), ("double-game-line", 50), ("double-game-counts", 2), ("games-to-win-partie", 3),
     ("repique", 60), ("pique", 30), ("capot", 40), ("quint", 15), ("carte-blanche", 10)],
)  # fmt: skip
def test_au_cent_scores_the_hand_as_rubicon_piquet_and_plays_to_100(library, value, points):
    assert library.code(AU_CENT).score_values[value].value == points


def test_au_cent_has_no_rubicon_values(library):
    values = library.code(AU_CENT).score_values
    assert not {"rubicon-line", "rubicon-bonus", "deals-in-partie", "partie-bonus"} & set(values)


@pytest.mark.parametrize(
    ("irregularity", "answers", "portland", "au_cent"),
    [
        ("cutting-irregularity", {"which-cut": "for-deal", "deal-cut-what": "who-chooses"},
         "higher-card-chooses", "lower-card-deals"),
        ("cutting-irregularity", {"which-cut": "for-deal", "deal-cut-what": "several-shown"},
         "cut-again", "lowest-card-elected"),
        ("wrong-stock-cards", {"who-did-it": "non-dealer", "elder-what": "mixed"}, "younger-chooses-28", "loses-game-28"),
        ("wrong-stock-cards", {"who-did-it": "dealer", "elder-announced": "yes", "younger-what": "mixed"},
         "elder-chooses-29", "loses-game-29"),
        ("looking-at-stock", {"whose-left": "younger-left", "younger-said": "would-not"},
         "forbidden-no-penalty", "suit-called-100"),
        ("wrong-pack", {"when-noticed": "before-lifting"}, "fresh-deal-right-pack", "deal-stands-100"),
        ("misdeal", {"what-wrong": "count", "hands-taken-up": "yes", "counts": "elder-13-stock-8",
                     "stock-act-13-8": "touched"}, "elder-option-13-8", "too-late-13-8"),
        ("under-call", {"who-called": "non-dealer", "answered": "yes", "what-class": "point"}, "bound-50", "bound-50"),
    ],
)  # fmt: skip
def test_the_same_facts_under_the_two_codes(library, irregularity, answers, portland, au_cent):
    assert _remedy(library, PORTLAND, irregularity, answers).id == portland
    assert _remedy(library, AU_CENT, irregularity, answers).id == au_cent


def test_mixing_the_other_players_cards_loses_the_game_at_au_cent_with_no_choice(library):
    remedy = _remedy(library, AU_CENT, "wrong-stock-cards", {"who-did-it": "non-dealer", "elder-what": "mixed"})
    assert remedy.options is None
    assert "lost" in remedy.next.stands
    assert remedy.unsure is not None and "double" in remedy.unsure.missing


def test_the_dealer_need_not_exchange_at_au_cent(library):
    answers = {"what-happened": "no-discard", "who-stood": "dealer"}
    remedy = _remedy(library, AU_CENT, "drawing-irregularity", answers)
    assert remedy.cites[0].number == "22" and "no-penalty" in _kinds(remedy.effects)
    elder = _remedy(library, AU_CENT, "drawing-irregularity", {**answers, "who-stood": "non-dealer"})
    assert elder.id == "must-discard"


@pytest.mark.parametrize(("adversary_50", "remedy_id", "games"), [("yes", "single-game", 1), ("no", "double-game", 2)])
def test_a_game_of_100_is_double_when_the_adversary_has_not_50(library, adversary_50, remedy_id, games):
    remedy = _remedy(library, AU_CENT, "partie", {"what-dispute": "game-won", "adversary-50": adversary_50})
    assert remedy.id == remedy_id
    score = next(e for e in remedy.effects if e.kind == "score")
    assert (score.amount, score.unit) == (games, "game")


def test_whether_play_stops_at_100_is_unsure(library):
    remedy = _remedy(library, AU_CENT, "partie", {"what-dispute": "mid-deal"})
    assert remedy.unsure is not None and "100" in remedy.unsure.missing


def test_the_rubicon_is_a_portland_ruling_only(library):
    answers = {"what-dispute": "worth", "reached-100": "no", "extra-deals": "no"}
    assert _remedy(library, PORTLAND, "partie", answers).id == "rubicon-73"
    with pytest.raises(UnknownAnswer, match="worth"):
        adjudicate(library.code(AU_CENT), "partie", answers)


def test_the_au_cent_pages(client):
    assert "double game" in client.get(f"/learn/{AU_CENT}").get_data(as_text=True).lower()
    quiz_page = client.get(f"/learn/{AU_CENT}/quiz", query_string={"level": "director"}, follow_redirects=True)
    assert quiz_page.status_code == 200
    compare = client.get(
        f"/settle/{PORTLAND}/wrong-stock-cards/who-did-it=non-dealer/elder-what=mixed/compare/{AU_CENT}"
    )
    assert compare.status_code == 200
    page = compare.get_data(as_text=True)
    assert "rule differently" in page and "loses the game" in page
