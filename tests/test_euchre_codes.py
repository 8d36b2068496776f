"""Euchre under the Somerset Club of Boston's laws of 1888 and under Foster's laws of 1914,
against the digest: every law and rule of etiquette and none invented, the key rulings written
by hand from the laws (the revoke's three points and five in a lone hand at Somerset, two
added or taken off at Foster's; ordering up and speaking out of turn; the lone hand's rights),
the scoring a learner is quizzed on, and the Learn page, a director's quiz and search working
for each code."""

from __future__ import annotations

import pytest

from adjudicator.engine import Ruling, adjudicate, available
from adjudicator.search import search

SOMERSET = "euchre-somerset-1888"
FOSTER = "euchre-foster-1914"

# Foster's laws 4 to 6, and 31 and 32, are known to us only as groups: each group is one entry.
LAWS = {
    SOMERSET: [str(n) for n in range(1, 106)],
    FOSTER: [str(n) for n in range(1, 41) if n not in (4, 5, 6, 31, 32)] + ["4-6", "31-32"],
}
ETIQUETTE = {SOMERSET: {f"e-{n}" for n in range(106, 117)}}

IRREGULARITIES = {
    SOMERSET: {
        "cutting-irregularity", "shuffling-irregularity", "misdeal", "deal-out-of-turn", "faced-card",
        "imperfect-pack", "new-cards", "call-out-of-turn", "change-of-call", "lone-hand-declaration",
        "discard-irregularity", "trump-card-irregularity", "exposed-card", "wrong-number-of-cards",
        "lead-out-of-turn", "play-out-of-turn", "two-cards-played", "trick-with-too-many-cards",
        "failure-to-play-to-trick", "revoke", "failure-to-obey-penalty", "calling-attention-to-trick",
        "claim", "inspecting-tricks", "lone-partner-irregularity", "score-error", "penalty-consultation",
        "table-dispute",
    },
}  # fmt: skip

# The general laws stand behind the code only where it has no law: these and no others
# (two penalties for one offence are law 85's: the one demanded is final).
FALLBACK_OFFERED = {
    SOMERSET: {
        "bystander-remark", "both-sides-at-fault", "unprovided-case", "disputed-facts", "breach-of-etiquette",
    },
}  # fmt: skip


def _ruling(library, code_id, irregularity, answers) -> Ruling:
    result = adjudicate(library.code(code_id), irregularity, answers)
    assert isinstance(result, Ruling) and result.remedy is not None, result
    return result


def _scores(remedy) -> list[tuple[str | None, int | None]]:
    return [(e.to, e.amount) for e in remedy.effects if e.kind == "score"]


@pytest.mark.parametrize("code_id", LAWS)
def test_every_law_of_the_digest_is_listed_and_none_invented(library, code_id):
    code = library.code(code_id)
    assert sorted(code.laws) == sorted(LAWS[code_id])
    assert all(law.origin == code_id and law.text for law in code.laws.values())


@pytest.mark.parametrize("code_id", ETIQUETTE)
def test_the_etiquette_is_the_code_s_eleven_rules(library, code_id):
    etiquette = library.code(code_id).etiquette
    assert set(etiquette) == ETIQUETTE[code_id]
    assert sorted(int(item.number) for item in etiquette.values()) == list(range(106, 117))


@pytest.mark.parametrize("code_id", IRREGULARITIES)
def test_the_code_offers_its_own_irregularities_and_the_general_laws_only_where_it_is_silent(library, code_id):
    code = library.code(code_id)
    assert set(code.irregularities) == IRREGULARITIES[code_id]
    assert len(code.irregularities) >= 25
    offered = {irregularity.id for irregularity, by in available(code) if by is not None}
    assert offered == FALLBACK_OFFERED[code_id]


def test_the_game_is_four_players_in_partnerships_with_tricks_trumps_and_calls(library):
    code = library.code(SOMERSET)
    assert code.game == "euchre" and code.players == (4, 4)
    # Ordering up, assisting, passing and naming a suit are calls made in turn, with the
    # code's own laws for calls out of turn (82) and calls changed (78 to 81).
    assert code.features == {"tricks", "trumps", "bidding", "partnerships"}


ESTABLISHED = {"next-trick-played": "yes", "claimed-in-time": "yes", "search-found": "card-found", "both-sides": "no"}


def test_a_revoke_costs_three_points_and_five_in_a_lone_hand_scored_first(library):
    partners = _ruling(library, SOMERSET, "revoke", {**ESTABLISHED, "lone-hand-played": "no"}).remedy
    assert _scores(partners) == [("non-offending-side", 3)]
    lone = _ruling(library, SOMERSET, "revoke", {**ESTABLISHED, "lone-hand-played": "yes"}).remedy
    assert _scores(lone) == [("non-offending-side", 5)]
    for remedy in (partners, lone):
        assert remedy.options is None  # a fixed penalty: nothing to choose
        assert {"63", "4"} <= {str(c) for c in remedy.cites}
        assert remedy.next.who == "non-offending-side" and remedy.next.deal == "ends"


def test_a_revoke_noticed_before_the_trick_is_quitted_is_put_right_and_the_card_may_be_called(library):
    remedy = _ruling(library, SOMERSET, "revoke", {"next-trick-played": "no", "trick-quitted": "no"}).remedy
    assert remedy.id == "corrected-in-time"
    assert [e.kind for e in remedy.effects] == ["corrected", "card-exposed", "other"]
    assert "except his partner" in remedy.now  # law 69: the offender's partner may not take his card back


def test_equal_revokes_cancel_and_unequal_ones_are_left_open(library):
    both = {**ESTABLISHED, "both-sides": "yes"}
    assert _ruling(library, SOMERSET, "revoke", {**both, "same-number": "yes"}).remedy.id == "revokes-cancel"
    unequal = _ruling(library, SOMERSET, "revoke", {**both, "same-number": "no"}).remedy
    assert unequal.unsure is not None and "unequal" not in unequal.unsure.missing  # named as a fact
    assert "revoked more often" in unequal.unsure.missing


def test_a_disobeyed_call_carries_the_revoke_penalty_in_points(library):
    answers = {"what-was-called": "lead-a-suit", "held-called-suit": "yes"}
    assert _scores(
        _ruling(library, SOMERSET, "failure-to-obey-penalty", {**answers, "lone-hand-played": "no"}).remedy
    ) == [("non-offending-side", 3)]
    assert _scores(
        _ruling(library, SOMERSET, "failure-to-obey-penalty", {**answers, "lone-hand-played": "yes"}).remedy
    ) == [("non-offending-side", 5)]


def test_an_order_out_of_turn_takes_no_one_s_right_but_the_dealer_s_turn_down_binds_his_partner(library):
    out_of_turn = _ruling(library, SOMERSET, "call-out-of-turn", {"what-out-of-turn": "pass-order-assist"}).remedy
    assert out_of_turn.next.who == "player-in-turn" and out_of_turn.next.does == "calls"
    assert out_of_turn.next.bidding == "goes-on" and out_of_turn.effects[0].kind == "other"
    bound = _ruling(library, SOMERSET, "call-out-of-turn", {"what-out-of-turn": "dealer-turned-down"}).remedy
    assert [(e.kind, e.who) for e in bound.effects] == [("barred", "dealer-partner")]


def test_a_player_who_passed_and_then_orders_up_makes_his_partner_pass_unless_the_adversaries_let_it_stand(library):
    remedy = _ruling(library, SOMERSET, "change-of-call", {"what-happened": "passed-then-ordered"}).remedy
    assert remedy.options.chooser == "non-offending-side"
    choices = {c.id: c for c in remedy.options.choices}
    assert set(choices) == {"void", "stand"}
    assert [(e.kind, e.who) for e in choices["void"].effects] == [("barred", "offender-partner")]
    assert choices["stand"].next.who == "dealer" and choices["stand"].next.does == "discards"


def test_naming_the_suit_turned_down_is_a_pass(library):
    remedy = _ruling(
        library, SOMERSET, "change-of-call", {"what-happened": "named-turned-down", "then-told-suit": "no"}
    ).remedy
    assert remedy.id == "counts-as-pass" and remedy.next.who == "next-player" and remedy.next.does == "calls"


def test_who_may_go_alone(library):
    def remedy(what: str):
        return _ruling(library, SOMERSET, "lone-hand-declaration", {"what-happened": what}).remedy

    for barred, law in (
        ("after-passing", "93"),
        ("adversaries-made", "95"),
        ("showed-card", "95"),
        ("two-parts", "98"),
    ):
        assert [(e.kind, e.who) for e in remedy(barred).effects] == [("barred", "offender")], barred
        assert str(remedy(barred).cites[0]) == law
    assert [(e.kind, e.who) for e in remedy("partner-took-late").effects] == [("barred", "offending-side")]
    assert remedy("named-first").options.chooser == "non-offending-side"  # law 97: "may be made to"
    assert remedy("partner-took-in-time").effects[0].kind == "no-penalty"


def test_the_lone_player_s_lead_out_of_turn_is_exposed_though_a_card_he_shows_is_not(library):
    lead = _ruling(library, SOMERSET, "lead-out-of-turn", {"who-led": "lone-player"}).remedy
    assert [(e.kind, e.who) for e in lead.effects] == [("card-exposed", "lone-player")]
    assert str(lead.cites[0]) == "104"
    shown = _ruling(
        library, SOMERSET, "exposed-card", {"when-exposed": "after-deal", "whose-card": "lone-player"}
    ).remedy
    assert [e.kind for e in shown.effects] == ["no-penalty"] and str(shown.cites[0]) == "104"


def test_an_adversary_of_the_lone_player_who_throws_down_his_cards_gives_him_five(library):
    remedy = _ruling(library, SOMERSET, "claim", {"who-laid-down": "lone-adversary"}).remedy
    assert _scores(remedy) == [("lone-player", 5)] and str(remedy.cites[0]) == "50"


def test_an_adversary_playing_out_of_turn_against_a_lone_hand_lays_both_hands_open(library):
    remedy = _ruling(library, SOMERSET, "play-out-of-turn", {"who-played-early": "against-lone"}).remedy
    assert [(e.kind, e.who) for e in remedy.effects] == [("card-exposed", "lone-adversaries")]


def test_a_card_shown_by_the_lone_player_s_partner_caps_the_march_at_two(library):
    for irregularity, answers in (
        ("exposed-card", {"when-exposed": "after-deal", "whose-card": "lone-partner"}),
        ("lone-partner-irregularity", {"what-partner-did": "showed-card"}),
    ):
        remedy = _ruling(library, SOMERSET, irregularity, answers).remedy
        assert str(remedy.cites[0]) == "102" and "2 instead of 4" in remedy.next.example


def test_a_wrong_number_of_cards_in_play_forfeits_two_or_four_and_says_what_is_not_known(library):
    two = _ruling(
        library, SOMERSET, "wrong-number-of-cards", {"how-wrong": "no-discard", "lone-hand-played": "no"}
    ).remedy
    four = _ruling(library, SOMERSET, "wrong-number-of-cards", {"how-wrong": "partner-counted"}).remedy
    assert "two points" in two.effects[1].detail and "four points" in four.effects[1].detail
    for remedy in (two, four):
        assert remedy.effects[0].kind == "deal-stands" and "90" in {str(c) for c in remedy.cites}
        assert remedy.unsure is not None and remedy.unsure.decides == "director"
    # Before the first lead a wrong number dealt is a misdeal, which passes the deal.
    misdeal = {"how-wrong": "dealt", "card-led": "no", "adversaries-interrupted": "no", "adversary-touched-first": "no"}
    assert (
        _ruling(
            library, SOMERSET, "wrong-number-of-cards", {**misdeal, "dealt-in-partners-turn": "own-turn"}
        ).remedy.next.who
        == "dealer-left"
    )


def test_a_lead_out_of_turn_gives_a_choice_of_two_penalties_without_consulting(library):
    remedy = _ruling(library, SOMERSET, "lead-out-of-turn", {"who-led": "other-player", "all-followed": "no"}).remedy
    assert remedy.options.consult == "forbidden"
    assert {c.id for c in remedy.options.choices} == {"call-the-card", "call-a-suit"}


def test_the_scoring_tables_give_the_points_of_the_game(library):
    code = library.code(SOMERSET)
    tables = {t.id: {row[0]: row[1] for row in t.rows} for t in code.score_tables}
    assert tables["partnership-hand"] == {
        "all five (a march)": "2", "three or four": "1", "fewer than three (euchred)": "2",
    }  # fmt: skip
    assert tables["lone-hand"]["all five (a lone march)"] == "4"
    assert tables["lone-hand"]["fewer than three (euchred)"] == "4"
    assert tables["penalties"]["a revoke in a lone hand"] == "5"
    values = {k: v.value for k, v in code.score_values.items()}
    assert (values["game-points"], values["march"], values["lone-march"], values["revoke-penalty"]) == (5, 2, 4, 3)
    assert values["rubber-at-most"] == 10 and values["game-value"] == {"game": 1, "love-game": 2}


def test_the_glossary_knows_the_words_of_the_game(library):
    words = {w.lower() for t in library.code(SOMERSET).glossary.values() for w in (t.term, *t.synonyms)}
    assert {
        "right bower", "left bower", "bowers", "order up", "assist", "take up", "turn down", "go alone",
        "lone hand", "euchred", "march", "lap", "bridge", "crossing the suit", "eldest hand", "renege",
    } <= words  # fmt: skip


@pytest.mark.parametrize("query", ["go alone", "order up", "left bower", "euchred"])
def test_search_finds_the_game_s_words_in_its_laws(search_index, query):
    hits = search(search_index, query, code=SOMERSET).hits[:3]
    assert any(h.kind in ("law", "glossary") for h in hits), [(h.kind, h.title) for h in hits]
    assert all(h.code == SOMERSET for h in hits)


def test_search_finds_who_may_go_alone_and_the_eldest_hand_s_order(search_index):
    alone = [(h.kind, h.number) for h in search(search_index, "go alone", code=SOMERSET).hits[:3]]
    assert ("law", "93") in alone
    order = [(h.kind, h.number) for h in search(search_index, "order up", code=SOMERSET).hits[:3]]
    assert ("law", "74") in order


def test_the_learn_page_and_a_director_s_quiz_work(client):
    learn = client.get(f"/learn/{SOMERSET}")
    assert learn.status_code == 200 and "lone march" in learn.get_data(as_text=True)
    quiz = client.get(f"/learn/{SOMERSET}/quiz?level=director", follow_redirects=True)
    assert quiz.status_code == 200
    assert "Euchre" in quiz.get_data(as_text=True)


@pytest.mark.parametrize("code_id", LAWS)
def test_every_remedy_says_what_happens_next_and_cites_the_code_s_own_laws(library, code_id):
    code = library.code(code_id)
    for irregularity in code.irregularities.values():
        for remedy in irregularity.remedies.values():
            choices = remedy.options.choices if remedy.options else ()
            assert remedy.next is not None or (choices and all(c.next for c in choices)), remedy.key
            assert remedy.cites and all(code.law(c) is not None for c in remedy.cites), remedy.key
            if remedy.options is not None:
                assert remedy.options.chooser in code.roles, remedy.key


# ---------------------------------------------------------------- Foster's euchre laws (1914)

FOSTER_IRREGULARITIES = {
    "cutting-irregularity", "shuffling-irregularity", "misdeal", "deal-out-of-turn", "faced-card",
    "imperfect-pack", "card-exposed-in-dealing", "call-out-of-turn", "change-of-call", "remark-to-partner",
    "trump-card-irregularity", "discard-irregularity", "lone-hand-declaration", "wrong-number-of-cards",
    "exposed-card", "two-cards-played", "lead-out-of-turn", "play-out-of-turn", "revoke",
    "failure-to-obey-penalty", "lone-partner-irregularity", "inspecting-tricks", "calling-attention-to-trick",
}  # fmt: skip
# Foster's euchre laws say nothing of the score, the table, consulting or bystanders: the
# general laws rule there.
FOSTER_FALLBACK = {
    "score-error", "bystander-remark", "penalty-consultation", "both-sides-at-fault", "double-penalty",
    "unprovided-case", "disputed-facts", "breach-of-etiquette",
}  # fmt: skip


def test_foster_s_code_is_the_same_game_with_its_own_irregularities(library):
    code = library.code(FOSTER)
    assert code.game == "euchre" and code.players == (4, 4)
    assert code.features == {"tricks", "trumps", "bidding", "partnerships"}
    assert set(code.irregularities) == FOSTER_IRREGULARITIES
    assert {i.id for i, by in available(code) if by is not None} == FOSTER_FALLBACK


def test_foster_and_somerset_name_the_same_provisions(library):
    foster, somerset = library.code(FOSTER), library.code(SOMERSET)
    # Written by hand from the digest's "same as" and matching facts.
    assert foster.laws["1"].same_as == {SOMERSET: "2"}
    assert foster.laws["27"].same_as == {SOMERSET: "53"}
    assert foster.laws["29"].same_as == {SOMERSET: "58"}
    assert somerset.laws["2"].same_as == {FOSTER: "1"}
    assert somerset.laws["58"].same_as == {FOSTER: "29"}


def test_under_foster_a_revoke_ends_the_hand_and_costs_two_added_or_taken_off(library):
    remedy = _ruling(
        library,
        FOSTER,
        "revoke",
        {"next-trick-played": "no", "trick-quitted": "yes", "both-sides": "no", "lone-hand": "partners-hand"},
    ).remedy
    assert [e.kind for e in remedy.effects] == ["game-abandoned"]
    choices = {c.id: c for c in remedy.options.choices}
    assert remedy.options.chooser == "non-offending-side"
    assert _scores(choices["add-two"]) == [("non-offending-side", 2)]
    assert _scores(choices["take-two"]) == [("offending-side", -2)]
    both = _ruling(
        library, FOSTER, "revoke", {"next-trick-played": "no", "trick-quitted": "yes", "both-sides": "yes"}
    ).remedy
    assert [e.kind for e in both.effects] == ["deal-void"]


def test_under_foster_a_revoke_against_a_lone_hand_is_what_the_lone_hand_would_have_made(library):
    remedy = _ruling(
        library,
        FOSTER,
        "revoke",
        {"next-trick-played": "no", "trick-quitted": "yes", "both-sides": "no", "lone-hand": "lone-adversary"},
    ).remedy
    assert [(e.kind, e.to) for e in remedy.effects] == [("game-abandoned", None), ("score", "lone-player")]
    assert remedy.unsure is not None and "lone march" in remedy.unsure.missing


def test_under_foster_an_adversary_s_fault_against_a_lone_hand_lets_him_stop_and_score_four(library):
    for irregularity, answers in (
        ("lead-out-of-turn", {"who-led": "lone-adversary"}),
        ("play-out-of-turn", {"who-played": "lone-adversary"}),
        ("exposed-card", {"who-showed": "lone-adversary"}),
    ):
        remedy = _ruling(library, FOSTER, irregularity, answers).remedy
        assert remedy.options.chooser == "lone-player", irregularity
        stop = {c.id: c for c in remedy.options.choices}["stop-and-score"]
        assert _scores(stop) == [("lone-player", 4)], irregularity


def test_under_foster_the_lone_player_is_not_penalised_for_a_lead_out_of_turn(library):
    remedy = _ruling(library, FOSTER, "lead-out-of-turn", {"who-led": "lone-player"}).remedy
    assert [e.kind for e in remedy.effects] == ["no-penalty"] and str(remedy.cites[0]) == "36"


def test_under_foster_a_lead_in_the_partner_s_turn_lets_the_last_player_call_a_suit(library):
    answers = {"who-led": "partners-hand", "all-followed": "no", "whose-lead": "partners"}
    remedy = _ruling(library, FOSTER, "lead-out-of-turn", answers).remedy
    assert remedy.options.chooser == "last-player"
    neither = _ruling(library, FOSTER, "lead-out-of-turn", {**answers, "whose-lead": "adversary"}).remedy
    assert [e.kind for e in neither.effects] == ["card-exposed", "corrected"]


def test_under_foster_only_the_maker_may_go_alone(library):
    remedy = _ruling(library, FOSTER, "lone-hand-declaration", {"what-happened": "not-the-maker"}).remedy
    assert str(remedy.cites[0]) == "33" and remedy.next.who == "eldest-hand"
    dealer = _ruling(library, FOSTER, "lone-hand-declaration", {"what-happened": "dealer-kept-discard"}).remedy
    assert dealer.options.chooser == "non-offending-side"


def test_under_foster_a_pass_corrected_to_an_order_lets_the_adversaries_bar_both(library):
    remedy = _ruling(library, FOSTER, "change-of-call", {"what-changed": "pass-then-order"}).remedy
    bar = {c.id: c for c in remedy.options.choices}["bar"]
    assert [(e.kind, e.who) for e in bar.effects] == [("barred", "offending-side")]
    named = _ruling(library, FOSTER, "call-out-of-turn", {"which-round": "second-round"}).remedy
    assert [(e.kind, e.who) for e in named.effects] == [("barred", "offending-side")]


def test_foster_s_scoring_differs_from_somerset_s_where_the_digest_says(library):
    tables = {t.id: {row[0]: row[1] for row in t.rows} for t in library.code(FOSTER).score_tables}
    assert tables["lone-hand"]["fewer than three (euchred)"] == "2"  # Somerset: 4
    assert tables["lone-hand"]["all five (a lone march)"] == "4"
    assert tables["penalties"]["a revoke in a hand played by partners"] == "2"  # Somerset: 3
    values = {k: v.value for k, v in library.code(FOSTER).score_values.items()}
    assert (values["lone-euchre"], values["revoke-penalty"], values["games-to-win-rubber"]) == (2, 2, 2)


@pytest.mark.parametrize(
    "query,laws",
    [("go alone", {"33", "34"}), ("order up", {"15"})],  # 33 who may play alone, 34 how he says so
)
def test_search_finds_foster_s_lone_hands_and_ordering_up(search_index, query, laws):
    hits = search(search_index, query, code=FOSTER).hits[:3]
    assert hits and all(h.code == FOSTER for h in hits)
    assert any(h.kind == "glossary" or (h.kind == "law" and h.number in laws) for h in hits), [
        (h.kind, h.title) for h in hits
    ]


def test_foster_s_learn_page_and_a_director_s_quiz_work(client):
    learn = client.get(f"/learn/{FOSTER}")
    assert learn.status_code == 200 and "lone march" in learn.get_data(as_text=True)
    quiz = client.get(f"/learn/{FOSTER}/quiz?level=director", follow_redirects=True)
    assert quiz.status_code == 200 and "Euchre" in quiz.get_data(as_text=True)
