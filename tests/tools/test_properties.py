"""Properties of the score sheet and the auction checker over random hands and calls, under
every code the tools offer (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from adjudicator import auction as checker
from adjudicator import scoring


@pytest.fixture(scope="module")
def scorable(library):
    codes = scoring.scorable_codes(library)
    assert codes, "no code offers the score sheet: the properties below would test nothing"
    return codes


@pytest.fixture(scope="module")
def checkable(library):
    codes = checker.checkable_codes(library)
    assert codes, "no code offers the auction checker: the properties below would test nothing"
    return codes


# max_examples: the profile's (hypothesis' 100; ten under `make mutation`, see tests/conftest.py)
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw, code):
    if draw(st.integers(0, 9)) == 0:  # a deal not scored, where the code has one
        kinds = [k for k, value_id in scoring.UNPLAYED.items() if value_id in code.score_values]
        return scoring.make_unplayed(code, draw(st.sampled_from(kinds)), penalties(draw, code))
    denomination = draw(st.sampled_from(scoring.denominations(code)))
    holdings = scoring.holdings_for(denomination)
    honours = draw(st.none() | st.tuples(st.sampled_from(scoring.SIDES), st.sampled_from(holdings)))
    chicane = None if denomination == scoring.NO_TRUMP else draw(st.none() | st.sampled_from(scoring.SIDES))
    level = draw(st.integers(1, 7))
    made = st.integers(scoring.BOOK + level, scoring.TRICKS)  # half the hands made: rubbers get finished
    declarer = draw(st.sampled_from(scoring.SIDES))
    revoked = draw(st.sampled_from([(), (), (), ("we",), ("they",), ("we", "they")]))
    revokes = [
        (side, draw(st.integers(1, 3)), draw(st.sampled_from(scoring.REVOKE_CHOICES)) if side != declarer else None)
        for side in revoked
    ]
    return scoring.make_hand(
        code,
        declarer=declarer,
        level=level,
        denomination=denomination,
        doubling=draw(st.sampled_from(scoring.DOUBLINGS)),
        tricks=draw(st.one_of(st.integers(0, scoring.TRICKS), made)),
        honours=honours,
        chicane=chicane,
        revokes=revokes,
        penalties=penalties(draw, code),
    )


def penalties(draw, code):
    known = scoring.penalty_ids(code)
    if not known or draw(st.integers(0, 3)):
        return []
    return [(draw(st.sampled_from(scoring.SIDES)), draw(st.sampled_from(known)))]


@st.composite
def sheets(draw, codes):
    code = draw(st.sampled_from(codes))
    return code, draw(st.lists(hands(code), max_size=14)), draw(st.booleans())


@SETTINGS
@given(data=st.data())
def test_a_rubber_ends_exactly_when_one_side_has_two_games(scorable, data):
    sheet_input = data.draw(sheets(scorable), label="sheet")
    code, entered, time_limit = sheet_input
    sheet = scoring.score_sheet(code, entered, time_limit=time_limit)
    event(f"finished rubbers: {sum(r.finished for r in sheet.rubbers)}")
    assert sum(len(r.hands) for r in sheet.rubbers) == len(entered)
    for rubber in sheet.rubbers:
        games = dict(rubber.games_won)
        if rubber.finished:
            assert games[rubber.winner] == 2 and min(games.values()) <= 1
            last = rubber.hands[-1]
            assert last.rubber_won == rubber.winner and last.game_won is not None  # nothing after the winning game
            assert [h.rubber_won for h in rubber.hands[:-1]] == [None] * (len(rubber.hands) - 1)
        else:
            assert rubber is sheet.rubbers[-1] and max(games.values()) <= 1
        assert len(rubber.games) == sum(games.values())


@SETTINGS
@given(data=st.data())
def test_totals_equal_the_sum_of_the_entries(scorable, data):
    sheet_input = data.draw(sheets(scorable), label="sheet")
    code, entered, time_limit = sheet_input
    sheet = scoring.score_sheet(code, entered, time_limit=time_limit)
    for rubber in sheet.rubbers:
        for side in scoring.SIDES:
            mine = [f for f in rubber.figures if f.side == side]
            assert rubber.totals[side] == sum(f.points for f in mine if f.points is not None)
            assert rubber.above[side] + rubber.below[side] == rubber.totals[side]
            assert rubber.below[side] == sum(f.points or 0 for f in mine if f.column == "below")
        assert set(rubber.unknown) == {f for f in rubber.figures if f.points is None}
        s = rubber.settlement
        if s is not None:
            assert s.points == abs(rubber.totals["we"] - rubber.totals["they"])
    assert sheet.net["we"] + sheet.net["they"] == 0
    assert dict(sheet.gross) == {side: sum(r.totals[side] for r in sheet.rubbers) for side in scoring.SIDES}
    assert sheet.complete == (not any(r.unknown for r in sheet.rubbers))


@SETTINGS
@given(data=st.data())
def test_games_are_won_below_the_line_at_the_codes_figure(scorable, data):
    sheet_input = data.draw(sheets(scorable), label="sheet")
    code, entered, _ = sheet_input
    game = scoring.look(code, "game").number
    sheet = scoring.score_sheet(code, entered)
    for rubber in sheet.rubbers:
        running = dict.fromkeys(scoring.SIDES, 0)
        for scored in rubber.hands:
            for f in scored.figures:
                if f.column == "below":
                    assert f.side == scored.hand.declarer and scored.made  # only a contract made scores below
                    running[f.side] += f.points or 0
            reached = max(running.values()) >= game
            assert (scored.game_won is not None) == reached
            if reached:
                running = dict.fromkeys(scoring.SIDES, 0)


@SETTINGS
@given(data=st.data())
def test_every_figure_cites_laws_of_its_code(scorable, data):
    sheet_input = data.draw(sheets(scorable), label="sheet")
    code, entered, time_limit = sheet_input
    for rubber in scoring.score_sheet(code, entered, time_limit=time_limit).rubbers:
        for f in rubber.figures:
            assert f.cites or not f.is_known, f
            assert all(c.number in code.laws for c in f.cites), f
            assert f.points is None or f.points >= 0


@SETTINGS
@given(data=st.data())
def test_a_hand_token_reads_back_as_the_same_hand(scorable, data):
    sheet_input = data.draw(sheets(scorable), label="sheet")
    code, entered, _ = sheet_input
    assert scoring.parse_hands([h.token() for h in entered], code) == entered


CALL = st.one_of(
    st.just("P"),
    st.just("P"),
    st.just("X"),
    st.just("XX"),
    st.tuples(st.integers(1, 8), st.sampled_from("CDHSRN")).map(lambda t: f"{t[0]}{t[1]}"),
)


@st.composite
def auctions(draw, codes):
    code = draw(st.sampled_from(codes))
    letters = {scoring.letter_of(d) for d in scoring.denominations(code)}
    seat = st.none() | st.sampled_from(checker.SEATS)
    calls = []
    for word, who in draw(st.lists(st.tuples(CALL, seat), max_size=16)):
        if word[-1] in "CDHSRN" and word[-1] not in letters:
            continue
        calls.append(f"{who}:{word}" if who and draw(st.integers(0, 9)) == 0 else word)
    return code, draw(st.sampled_from(checker.SEATS)), calls


@SETTINGS
@given(data=st.data())
def test_any_sequence_is_judged_and_the_roles_follow_the_declarant(checkable, data):
    auction_input = data.draw(auctions(checkable), label="auction")
    code, dealer, words = auction_input
    result = checker.check_auction(code, dealer, checker.parse_calls(words, code))
    assert len(result.judgements) == len(words)
    assert all(1 <= f.call <= len(words) for f in result.findings)
    assert all(f.status in checker.STATUSES for f in result.findings)
    assert all(j.findings or j.ok for j in result.judgements)
    if result.contract is not None:
        declarant = result.declarant.seat
        assert checker.PARTNERSHIPS[declarant] == result.contract.side
        assert result.dummy.seat == checker.partner_of(declarant)
        assert result.leader.seat == checker.left_of(declarant)
        assert 1 <= result.contract.level <= checker.MAX_LEVEL
    if result.closed and not result.passed_out:
        last = [j for j in result.judgements if j.verdict != "after the end"][-3:]
        assert [j.call.kind for j in last] == ["pass"] * 3
    if result.passed_out:
        assert result.contract is None


@SETTINGS
@given(data=st.data())
def test_a_bid_is_judged_against_the_bid_that_stands_before_it(checkable, data):
    """Without a claim or an automatic raise, the bid that stands is the last one made (an
    insufficient bid not penalized stands as made): each bid judged sufficient outranks it,
    each judged insufficient does not."""
    auction_input = data.draw(auctions(checkable), label="auction")
    code, dealer, words = auction_input
    result = checker.check_auction(code, dealer, checker.parse_calls(words, code))
    assume(not any(f.status in ("claimed", "applies") for f in result.findings))
    made = [j for j in result.judgements if j.call.kind == "bid" and j.verdict != "after the end"]
    for before, after in zip(made, made[1:], strict=False):
        new, old = (after.call.level, after.call.denomination), (before.call.level, before.call.denomination)
        if after.verdict.startswith("sufficient"):
            assert checker.outranks(code, new, old)
        elif after.verdict.startswith("insufficient"):
            assert not checker.outranks(code, new, old)
