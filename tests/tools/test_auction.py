"""The auction checker: sequences of calls judged under each code (scenarios/auctions.yaml),
then the checker's own rules (reading calls, what it assumes, the facts it fills in)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator import auction as checker
from adjudicator import scoring
from adjudicator.engine import NextQuestion, Ruling, adjudicate
from adjudicator.presentation.tables import auction_lines
from tests.tools.conftest import by_code, read_scenarios

KEYS = {"name", "seed", "law", "dealer", "calls", "codes"}
EXPECT = {"findings", "contract", "by", "declarant", "dummy", "leader", "ended", "next_call", "next_dealer",
          "status_cites", "points", "next", "verdicts", "error"}  # fmt: skip
FINDING = {"irregularity", "call", "status", "facts", "remedy", "words", "chooser", "until", "then", "cites",
           "unsure", "ruled_by"}  # fmt: skip
AUCTIONS = read_scenarios("auctions.yaml", KEYS)


def run(library, item: dict[str, Any], code_id: str) -> checker.Auction:
    code = library.code(code_id)
    return checker.check_auction(code, item["dealer"], checker.parse_calls(item["calls"], code))


def _check_finding(found: checker.Finding, want: dict[str, Any]) -> None:
    assert set(want) <= FINDING, f"unknown finding keys {sorted(set(want) - FINDING)}"
    got = {"irregularity": found.irregularity, "call": found.call, "status": found.status}
    assert {k: want[k] for k in got if k in want} == {k: v for k, v in got.items() if k in want}, found.verdict
    if "facts" in want:
        assert dict(found.facts) == want["facts"]
    if "remedy" in want:
        assert (found.remedy.id if found.remedy else None) == want["remedy"]
    if "words" in want:
        assert [o.word for o in found.options] == want["words"]
    if "chooser" in want:
        assert list(found.chooser) == want["chooser"]
    if "until" in want:
        assert found.until is not None and found.until.startswith(want["until"]), found.until
    for sentence in want.get("then", []):
        assert any(sentence in said for said in found.then), f"{sentence!r} not in {found.then}"
    if "cites" in want:
        assert [str(c) for c in found.cites] == want["cites"]
    if "unsure" in want:
        unsure = found.unsure and " ".join(filter(None, (found.unsure.missing, found.unsure.note)))
        assert unsure and want["unsure"] in unsure, found.unsure
    if "ruled_by" in want:
        assert found.ruled_by == want["ruled_by"]


@pytest.mark.parametrize(("item", "code_id", "want"), by_code(AUCTIONS))
def test_auction(library, item, code_id, want):
    assert set(want) <= EXPECT, f"unknown expectations {sorted(set(want) - EXPECT)}"
    if "error" in want:
        with pytest.raises(checker.CallError) as raised:
            run(library, item, code_id)
        assert raised.value.field == want["error"]["field"]
        assert want["error"]["says"] in str(raised.value), str(raised.value)
        return
    result = run(library, item, code_id)
    if "findings" in want:
        assert len(result.findings) == len(want["findings"]), [(f.irregularity, f.call) for f in result.findings]
        for found, expected in zip(result.findings, want["findings"], strict=True):
            _check_finding(found, expected)
    if "contract" in want:
        assert (result.contract.words if result.contract else None) == want["contract"]
    if "by" in want:
        assert result.contract is not None and result.contract.side == want["by"]
    for role in ("declarant", "dummy", "leader"):
        if role in want:
            found = getattr(result, role)
            assert (found.seat if found else None) == want[role], role
    for key in ("ended", "next_call", "next_dealer"):
        if key in want:
            assert getattr(result, key) == want[key], key
    if "status_cites" in want:
        assert [str(c) for c in result.status_cites] == want["status_cites"]
    if "points" in want:
        got = [
            {"side": p.side, "points": p.points, "call": p.call, "cites": [str(c) for c in p.cites]}
            for p in result.points
        ]
        assert [{k: g[k] for k in w} for g, w in zip(got, want["points"], strict=True)] == want["points"]
    for number, seat in want.get("next", {}).items():
        assert result.judgements[number - 1].next == seat, f"after call {number}"
    for number, prefix in want.get("verdicts", {}).items():
        assert result.judgements[number - 1].verdict.startswith(prefix), result.judgements[number - 1].verdict


WORDS = {item["name"]: item["codes"] for item in read_scenarios("auction-words.yaml", {"name", "codes"})}


@pytest.mark.parametrize(("item", "code_id", "want"), [p for p in by_code(AUCTIONS) if "error" not in p.values[2]])
def test_every_sequence_reads_as_written_in_auction_words(library, item, code_id, want):
    """What the checker says of each call, of the auction and of each finding, as
    scenarios/auction-words.yaml writes it; every scenario and code has its words there."""
    code = library.code(code_id)
    assert _said(run(library, item, code_id), code) == WORDS[item["name"]][code_id]


def _said(result: checker.Auction, code) -> dict[str, Any]:
    """An auction as auction-words.yaml writes it (the parts it has, none empty)."""
    said: dict[str, Any] = {
        "calls": [
            f"{j.number}. {j.seat} {j.words}: {j.verdict}{scoring.cites_text(j.cites)}"
            + (f" (next: {j.next})" if j.next else "")
            for j in result.judgements
        ],
        "status": result.status,
    }
    roles = (("declarant", result.declarant), ("dummy", result.dummy), ("leader", result.leader))
    if named := [f"{n} {r.seat}: {r.why}{scoring.cites_text(r.cites)}" for n, r in roles if r is not None]:
        said["roles"] = named
    if result.notes:
        said["notes"] = list(result.notes)
    if result.findings:
        said["findings"] = [_words(f, code) for f in result.findings]
    return said


def _words(f: checker.Finding, code) -> dict[str, Any]:
    """A finding as auction-words.yaml writes it (the parts a finding has, none empty)."""
    said: dict[str, Any] = {"call": f.call, "title": f.title, "summary": f.summary, "verdict": f.verdict}
    said["then"] = list(f.then)
    if f.options:
        said["options"] = [
            f"{o.word or '(no claim)'} = {o.remedy}{' (stands)' if o.stands else ''}: {o.title}" for o in f.options
        ]
        said["chooser"] = list(f.chooser)
    if f.until is not None:
        said["until"] = f.until
    if shows := checker.fact_sentences(code, f):
        said["shows"] = shows
    if f.points:
        said["points"] = [f"{p.side} {p.points} [{', '.join(str(c) for c in p.cites)}]: {p.why}" for p in f.points]
    return said


def test_the_words_file_names_only_scenarios_and_codes_that_exist():
    codes = {item["name"]: {c for c, want in item["codes"].items() if "error" not in want} for item in AUCTIONS}
    assert {name: set(by) for name, by in WORDS.items()} == codes


@pytest.mark.parametrize(("item", "code_id", "want"), [p for p in by_code(AUCTIONS) if "error" not in p.values[2]])
def test_every_finding_leads_to_an_adjudication_that_takes_its_facts(library, item, code_id, want):
    """The facts a finding fills in are answers its ruling code accepts: the adjudication
    goes on from them (a question or a ruling), never an error."""
    code = library.code(code_id)
    for finding in run(library, item, code_id).findings:
        if finding.irregularity is None or finding.ruled_by is None:
            continue
        result = adjudicate(code, finding.irregularity, dict(finding.facts))
        assert isinstance(result, NextQuestion | Ruling)
        if isinstance(result, NextQuestion):  # the next question is one the sequence could not answer
            assert result.question.id not in finding.facts


def test_one_sequence_with_three_irregularities_rules_each_when_it_is_made(library):
    """1915: East's one diamond is insufficient and nobody claims before North calls; West
    passes when it is South's turn (the order is unchanged: South still calls); East doubles
    his own side's bid (late-1913 penalty, 50, which nobody claims)."""
    code = library.code("auction-bridge-1915")
    calls = checker.parse_calls("1H 1D W:P S:P W:P N:X E:X S:P W:P N:P", code)
    found = checker.check_auction(code, "N", calls)
    assert [(f.irregularity, f.call, f.status) for f in found.findings] == [
        ("insufficient-bid", 2, "too-late"),
        ("call-out-of-turn", 3, "no-penalty"),
        ("illegal-double", 7, "not-chosen"),
    ]
    assert found.findings[0].verdict.startswith("The penalty was not claimed in time: South called (pass, call 4)")
    assert [j.next for j in found.judgements[:4]] == ["E", "S", "S", "W"]
    assert found.closed and found.contract.words == "one diamond doubled" and found.contract.side == "EW"
    assert (found.declarant.seat, found.dummy.seat, found.leader.seat) == ("E", "W", "S")
    assert dict(found.findings[1].facts) == {"which-call": "pass"}
    assert dict(found.findings[2].facts) == {"which-illegal-call": "doubled-own-side"}


def test_calls_read_back_as_they_were_written(library):
    code = library.code("auction-bridge-1912")
    text = "1H P X XX 2R S:3N 7C 8D claim S:claim:new-deal claim:final-declaration"
    assert " ".join(c.token() for c in checker.parse_calls(text, code)) == text


@pytest.mark.parametrize(
    ("text", "field"),
    [("1Q", "call"), ("0H", "call"), ("hello", "call"), ("Q:1H", "seat"), ("1R", "call")],
)
def test_a_bad_call_names_what_is_wrong(library, text, field):
    code = library.code("auction-bridge-1915")
    with pytest.raises(checker.CallError) as raised:
        checker.parse_calls(f"1C {text}", code)
    assert raised.value.field == field
    assert str(raised.value).startswith("call 2: ")


def test_a_bad_dealer_names_the_seats(library):
    with pytest.raises(checker.CallError) as raised:
        checker.check_auction(library.code("auction-bridge-1912"), "Q", [])
    assert raised.value.field == "dealer" and raised.value.choices == list(checker.SEATS)


def test_a_code_without_a_ranking_rule_is_not_offered(library):
    offered = {c.id for c in checker.checkable_codes(library)}
    assert {"auction-bridge-1912", "auction-bridge-english-1908"} <= offered
    for code in library.codes.values():
        if code.id not in offered:
            with pytest.raises(scoring.NotOffered):
                checker.require_checkable(code, library)


def test_the_checker_knows_no_code_by_name():
    source = Path(checker.__file__).read_text()
    assert not re.search(r"auction-bridge-|1912|1913|1915|english", source, re.IGNORECASE)


def test_every_finding_says_what_it_comes_to_and_who_may_choose(library):
    code = library.code("auction-bridge-1912")
    result = checker.check_auction(code, "N", checker.parse_calls("X 1H 1S P 9C P P P 1D", code))
    assert [(f.irregularity, f.call, f.status) for f in result.findings] == [
        ("illegal-double", 1, "no-penalty"),
        ("insufficient-bid", 3, "too-late"),
        ("impossible-bid", 5, "too-late"),
        (None, 9, "for-the-director"),
    ]
    for f in result.findings:
        assert f.status in checker.STATUSES and f.verdict
        assert bool(f.options) == bool(f.chooser), f  # every option names who may choose it


def test_auction_lines_name_the_calls_the_outcome_and_the_laws(library):
    code = library.code("auction-bridge-1912")
    result = checker.check_auction(code, "S", checker.parse_calls("1H 2C 2H X XX P P P", code))
    text = "\n".join(auction_lines(result, code))
    assert "Contract: two hearts redoubled, by North and South" in text
    assert "Declarant: South" in text and "Leader: West" in text and "[Law 44]" in text


def test_auction_lines_say_what_the_calls_show_in_the_rulings_words_not_by_ids(library):
    """1915 Law 50: South's pass covered East's insufficient two hearts before anyone claimed;
    the fact is worded as the ruling words it, and the question the path passed by is not shown."""
    code = library.code("auction-bridge-1915")
    result = checker.check_auction(code, "N", checker.parse_calls("2S 2H P P P", code))
    text = "\n".join(auction_lines(result, code))
    assert (
        "What the calls show: An adversary of the offender called over the insufficient bid "
        "before anyone pointed it out." in text
    )
    assert "first-after-bid" not in text and "adversary-overcalled-or-doubled" not in text
    assert "since the bid was made good" not in text


def test_where_the_code_does_not_say_who_calls_after_a_pass_out_of_turn_either_may(library):
    """No code of ours is silent on it now (the English code keeps the order, unsure), so a
    copy of 1913 whose rule is not stated: after West's pass in East's turn, East (whose turn
    it was) or North (on West's left) may call, and the checker reads on from whoever does."""
    import dataclasses
    from types import MappingProxyType

    code = library.code("auction-bridge-1913")
    values = dict(code.score_values)
    values["pass-out-of-turn-order"] = dataclasses.replace(values["pass-out-of-turn-order"], value="not-stated")
    silent = dataclasses.replace(code, score_values=MappingProxyType(values))
    result = checker.check_auction(silent, "N", checker.parse_calls("1H W:P", silent))
    (finding,) = result.findings
    assert finding.irregularity == "call-out-of-turn" and finding.call == 2
    assert any("The code does not say who calls next: East, whose turn it was, or North" in t for t in finding.then)
    for calls in ("1H W:P E:P", "1H W:P N:P"):
        assert len(checker.check_auction(silent, "N", checker.parse_calls(calls, silent)).findings) == 1, calls


@pytest.mark.parametrize(
    ("code_id", "calls", "summary", "cites"),
    [
        ("auction-bridge-1912", "1H P P P 2S", "North called two spades after the auction had closed", ["45"]),
        ("auction-bridge-1915", "P P P P 1H", "North called one heart after the auction had been passed out", []),
    ],
)
def test_a_call_after_the_auction_ended_does_not_count(library, code_id, calls, summary, cites):
    """Three passes after a bid close the auction (1912 Law 45); four passes pass it out. The
    fifth call, North's again, is named and does not count; nothing rules on it but the director."""
    code = library.code(code_id)
    found = checker.check_auction(code, "N", checker.parse_calls(calls, code))
    [late] = [f for f in found.findings if f.call == 5]
    assert (late.irregularity, late.title, late.seat, late.summary, [str(c) for c in late.cites]) == (
        None, "A call after the auction ended", "N", summary, cites
    )  # fmt: skip
    assert (late.status, late.verdict) == ("for-the-director", "It does not count: the auction had already ended.")


def test_a_claim_is_said_in_the_codes_words_for_the_option_never_by_its_id(library):
    """1915 Law 49: South bid out of turn and East claimed a new deal; Law 50: East's
    insufficient two hearts, claimed by South, is raised in the suit named."""
    code = library.code("auction-bridge-1915")
    new_deal = checker.check_auction(code, "N", checker.parse_calls("N:1H S:2H E:claim:new-deal", code))
    assert new_deal.findings[0].verdict == "Claimed by East in time: demand a new deal."
    raised = checker.check_auction(code, "N", checker.parse_calls("2S 2H S:claim", code))
    assert raised.findings[0].verdict == (
        "Claimed by South in time: raised in the suit named; the partner is barred if the next adversary passes."
    )


def test_why_one_bid_outranks_another_in_each_codes_terms(library):
    """1915 Law 44 ranks by tricks, then by the declaration's value (clubs 6, diamonds 7,
    hearts 8, spades 9, no trumps 10); 1912 by value in points, then by tricks (spades 2)."""
    import dataclasses

    c1915, c1912 = library.code("auction-bridge-1915"), library.code("auction-bridge-1912")
    for code, new, old, reason in [
        (c1915, (2, "hearts"), (1, "spades"), "two hearts names more tricks than one spade"),
        (c1915, (1, "spades"), (2, "hearts"), "one spade names fewer tricks than two hearts"),
        (c1915, (2, "hearts"), (2, "hearts"), "two hearts only repeats the bid"),
        (c1915, (2, "spades"), (2, "hearts"),
         "two spades names as many tricks as two hearts in a higher-valued declaration (9 against 8 a trick)"),
        (c1915, (2, "hearts"), (2, "spades"),
         "two hearts names as many tricks as two spades in a lower-valued declaration (8 against 9 a trick)"),
        (c1912, (2, "hearts"), (2, "spades"), "two hearts is worth 16 points, two spades 4"),
        (c1912, (1, "clubs"), (3, "spades"),
         "one club and three spades are both worth 6 points; the bid of more tricks ranks higher"),
        (c1912, (2, "hearts"), (2, "hearts"), "two hearts and two hearts are both worth 16 points in as many tricks"),
    ]:  # fmt: skip
        assert checker.ranking_reason(code, new, old) == reason
    # a code whose data gives two declarations the same value (none of ours does)
    values = dict(c1915.score_values)
    values["trick-value"] = dataclasses.replace(
        values["trick-value"], value={**values["trick-value"].value, "diamonds": 6}
    )
    even = dataclasses.replace(c1915, score_values=values)
    assert checker.ranking_reason(even, (2, "diamonds"), (2, "clubs")) == (
        "two diamonds names as many tricks as two clubs in an equally-valued declaration (6 against 6 a trick)"
    )
    # the lowest bid in a declaration that outranks the last one, or none up to seven
    assert checker.lowest_sufficient(c1912, "clubs", (1, "spades")) == 1
    assert checker.lowest_sufficient(c1915, "hearts", (2, "spades")) == 3
    assert checker.lowest_sufficient(c1915, "hearts", (6, "no-trump")) == 7
    assert checker.lowest_sufficient(c1915, "clubs", (7, "no-trump")) is None


def test_the_options_of_a_claim_say_what_each_does(library):
    """1913 Law 54: a second redouble costs 100 or a new deal, the adversaries' choice (each
    choice in the code's words); 1915 Law 50: an insufficient bid has one penalty, its remedy's
    'now'."""
    c1913, c1915 = library.code("auction-bridge-1913"), library.code("auction-bridge-1915")
    second = checker.check_auction(c1913, "N", checker.parse_calls("1H X XX P XX E:claim:hundred", c1913))
    assert [(o.word, o.text, o.stands) for o in second.findings[0].options] == [
        ("hundred", "Score 100 in the adversaries' honour score.", False),
        ("new-deal", "Demand a new deal.", False),
    ]
    raised = checker.check_auction(c1915, "N", checker.parse_calls("2S 2H S:claim", c1915)).findings[0].options[0]
    assert (raised.word, raised.stands) == ("raise", False)
    assert raised.text.startswith("The offender must raise his bid to sufficiency in the suit he named")


def test_a_call_the_code_cannot_read_lists_its_declarations(library):
    code = library.code("auction-bridge-1915")
    with pytest.raises(checker.CallError) as raised:
        checker.parse_calls("1C 1R", code)
    assert str(raised.value) == (
        "call 2: 'R' is not a declaration of Auction Bridge, the Whist Club of New York code of June 1915; its declarations: C clubs, D diamonds, H hearts, "
        "S spades, N no trumps"
    )


NOTATION_1915 = (
    "write a bid such as 1H or 2NT (C clubs, D diamonds, H hearts, S spades, N no trumps), P to pass, X to double, "
    "XX to redouble; S:1H names the seat; claim (or S:claim:new-deal) records a penalty claimed after the call it "
    "punishes"
)


@pytest.mark.parametrize(
    ("text", "message", "value"),
    [
        ("1C hello", f"call 2: not a call: 'hello'; {NOTATION_1915}", "hello"),
        ("1C S:1H:2H", f"call 2: not a call: 'S:1H:2H'; {NOTATION_1915}", "S:1H:2H"),
        ("1C 0H", "call 2: a bid names one to seven tricks over the book, not 0", "0H"),
        ("1C 14H", "call 2: a bid names one to seven tricks over the book, not 14", "14H"),
        ("1C S:claim:new-deal:now", "the claim after call 1: not a claim: 'S:claim:new-deal:now'; write claim, "
         "claim:WORD or S:claim:WORD", "S:claim:new-deal:now"),
        ("1C claim:new_deal", "the claim after call 1: not a claim: 'claim:new_deal'; after claim: comes the word of "
         "the choice, such as new-deal", "claim:new_deal"),
        ("1C Q:1H", "call 2: seat must be N, E, S or W (North, East, South, West), not 'Q'", "Q"),
    ],
)  # fmt: skip
def test_a_call_that_cannot_be_read_says_how_to_write_one(library, text, message, value):
    """Bids of eight to thirteen are read (and judged impossible); fourteen is no call."""
    code = library.code("auction-bridge-1915")
    with pytest.raises(checker.CallError) as raised:
        checker.parse_calls(text, code)
    assert (str(raised.value), raised.value.field in ("call", "seat"), raised.value.value) == (message, True, value)


def test_calls_may_be_written_in_words_and_in_lower_case(library):
    code = library.code("auction-bridge-1915")
    calls = checker.parse_calls("1nt pass no d double r rd redouble 13s s:claim e:CLAIM:New-Deal", code)
    assert [(c.kind, c.level, c.denomination, c.seat, c.choice) for c in calls] == [
        ("bid", 1, "no-trump", None, None),
        ("pass", None, None, None, None), ("pass", None, None, None, None),
        ("double", None, None, None, None), ("double", None, None, None, None),
        ("redouble", None, None, None, None), ("redouble", None, None, None, None), ("redouble", None, None, None, None),
        ("bid", 13, "spades", None, None),
        ("claim", None, None, "S", None), ("claim", None, None, "E", "new-deal"),
    ]  # fmt: skip


def test_an_open_auction_says_what_would_end_it(library):
    """1915: the dealer may pass; four passes pass the deal out (Law 42)."""
    code = library.code("auction-bridge-1915")
    for calls, status in [
        ("", "Open: no call yet."),
        ("P", "Open: no bid yet; 3 more passes would pass the deal out."),
        ("P P P", "Open: no bid yet; 1 more pass would pass the deal out."),
    ]:
        assert checker.check_auction(code, "N", checker.parse_calls(calls, code)).status == status, calls


@pytest.mark.parametrize(
    ("calls", "message", "value", "choices"),
    [
        ("1H claim", "the claim after call 1: there is nothing to claim: no call before it has a penalty the side not "
         "in fault may claim under this code", "claim", None),
        ("N:1H S:2H claim:seven", "the claim after call 2: 'seven' is not a choice the code gives for a bid, pass, "
         "double or redouble out of turn (call 2): claim:new-deal, claim:let-it-stand", "claim:seven",
         ["new-deal", "let-it-stand"]),
        ("N:1H S:2H claim", "the claim after call 2: say which choice the code gives for a bid, pass, double or "
         "redouble out of turn (call 2): claim:new-deal, claim:let-it-stand", "claim", ["new-deal", "let-it-stand"]),
        ("2S 2H E:claim", "the claim after call 2: East may not claim it; the choice is North or South's", "E:claim",
         ["N", "S"]),
    ],
)  # fmt: skip
def test_a_claim_the_code_does_not_allow_is_refused_naming_the_choices(library, calls, message, value, choices):
    """1915: Law 49 gives the side not in fault a new deal or the call let stand, and no
    other word; Law 50's penalty is the adversaries' to claim, not the offender's."""
    code = library.code("auction-bridge-1915")
    with pytest.raises(checker.CallError) as raised:
        checker.check_auction(code, "N", checker.parse_calls(calls, code))
    assert (str(raised.value), raised.value.field, raised.value.value) == (message, "call", value)
    if choices is not None:
        assert list(raised.value.choices) == choices


def test_a_seat_may_be_written_by_its_letter_or_its_name():
    assert [checker.parse_seat(s) for s in ("N", "e", " South ", "west", "NORTH")] == ["N", "E", "S", "W", "N"]
    for wrong in ("No", "Nord", "SW"):
        with pytest.raises(checker.CallError):
            checker.parse_seat(wrong)
