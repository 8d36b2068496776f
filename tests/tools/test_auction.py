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
from tests.tools.conftest import by_code, read_scenarios

KEYS = {"name", "seed", "dealer", "calls", "codes"}
EXPECT = {"findings", "contract", "declarant", "dummy", "leader", "closed", "passed_out", "verdicts"}
AUCTIONS = read_scenarios("auctions.yaml", KEYS)


def run(library, item: dict[str, Any], code_id: str) -> checker.Auction:
    code = library.code(code_id)
    return checker.check_auction(code, item["dealer"], checker.parse_calls(item["calls"], code))


@pytest.mark.parametrize(("item", "code_id", "want"), by_code(AUCTIONS))
def test_auction(library, item, code_id, want):
    assert set(want) <= EXPECT, f"unknown expectations {sorted(set(want) - EXPECT)}"
    result = run(library, item, code_id)
    if "findings" in want:
        got = [{"irregularity": f.irregularity, "call": f.call, "facts": dict(f.facts)} for f in result.findings]
        assert got == want["findings"]
    if "contract" in want:
        assert (result.contract.words if result.contract else None) == want["contract"]
    for role in ("declarant", "dummy", "leader"):
        if role in want:
            found = getattr(result, role)
            assert (found.seat if found else None) == want[role], role
    for flag in ("closed", "passed_out"):
        if flag in want:
            assert getattr(result, flag) is want[flag], flag
    for number, prefix in want.get("verdicts", {}).items():
        assert result.judgements[number - 1].verdict.startswith(prefix), result.judgements[number - 1].verdict


@pytest.mark.parametrize(("item", "code_id", "want"), by_code(AUCTIONS))
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


def test_done_when_insufficient_out_of_turn_and_illegal_double_are_found_with_the_roles(library):
    """The issue's test: one sequence with each kind of irregularity, and the roles named."""
    code = library.code("auction-bridge-1915")
    # E's one diamond is insufficient (read as two); W passes in S's turn; E doubles his own side's bid
    calls = checker.parse_calls("1H 1D W:P N:P E:X S:P W:P N:P", code)
    found = checker.check_auction(code, "N", calls)
    assert [(f.irregularity, f.call) for f in found.findings] == [
        ("insufficient-bid", 2),
        ("call-out-of-turn", 3),
        ("illegal-double", 5),
    ]
    assert found.closed and found.contract.words == "two diamonds"
    assert (found.declarant.seat, found.dummy.seat, found.leader.seat) == ("E", "W", "S")
    assert dict(found.findings[1].facts) == {"which-call": "pass"}
    assert dict(found.findings[2].facts) == {"which-illegal-call": "doubled-own-side"}


def test_calls_read_back_as_they_were_written(library):
    code = library.code("auction-bridge-1912")
    text = "1H P X XX 2R S:3N 7C"
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


def test_every_irregular_call_says_how_the_checker_read_on(library):
    code = library.code("auction-bridge-1912")
    result = checker.check_auction(code, "N", checker.parse_calls("X 1H 1S P 9C P P P 1D", code))
    assert result.findings and all(f.assumed for f in result.findings)


def test_auction_lines_name_the_calls_the_outcome_and_the_laws(library):
    code = library.code("auction-bridge-1912")
    result = checker.check_auction(code, "S", checker.parse_calls("1H 2C 2H X XX P P P", code))
    text = "\n".join(checker.auction_lines(result, code))
    assert "Contract: two hearts redoubled, by North and South" in text
    assert "Declarant: South" in text and "Leader: West" in text and "[Law 44]" in text
