"""``adjudicator score`` and ``adjudicator auction``: text for people, --json for scripts
(the same shape as the API)."""

from __future__ import annotations

import io
import json

from adjudicator.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_score_prints_each_figure_with_its_law_and_the_settlement():
    status, text = run("score", "auction-bridge-1912", "we.3HX.11.h.we.three", "they.2N.9", "we.4H.10")
    assert status == 0
    assert "We        80 below the line: 5 tricks over the book at 16 (hearts 8, doubled) [Law 4, 53]" in text
    assert "above the line: for winning the rubber [Law 11]" in text
    assert "Settlement (the rubber): We +" in text


def test_score_json_is_the_apis(client):
    code = "auction-bridge-english-1908"
    status, text = run("score", code, "we.3N.9", "they.1C.7", "--time-limit", "--json")
    assert status == 0
    api = client.get(f"/api/v1/codes/{code}/score?hand=we.3N.9&hand=they.1C.7&time-limit=on").get_json()
    assert json.loads(text) == api


def test_auction_prints_each_call_the_contract_and_the_roles():
    status, text = run("auction", "auction-bridge-1912", "S", "1H", "2C", "2H", "X", "XX", "P", "P", "P")
    assert status == 0
    assert "Contract: two hearts redoubled, by North and South" in text
    assert "Declarant: South" in text and "Dummy: North" in text and "Leader: West" in text


def test_auction_json_carries_the_findings_and_their_facts(client):
    code = "auction-bridge-english-1908"
    status, text = run("auction", code, "N", "1N 1H P P P", "--json")
    assert status == 0
    data = json.loads(text)
    assert data == client.get(f"/api/v1/codes/{code}/auction?dealer=N&calls=1N+1H+P+P+P").get_json()
    assert data["findings"][0]["facts"] == {"can-be-raised": "yes", "adversary-overcalled-or-doubled": "no"}


def test_errors_are_one_line_with_the_choices(capsys):
    assert run("score", "auction-bridge-1912", "we.3Q.9")[0] == 1
    assert "adjudicator score: hand 1: 'Q' is not a declaration" in capsys.readouterr().err
    assert run("auction", "napoleon-hoffmann", "N", "1H")[0] == 1
    assert "has no auction to check" in capsys.readouterr().err


def test_interactive_ask_takes_only_ascii_numbers(monkeypatch, library):
    """'²' passes str.isdigit() and int() refuses it; so do 5,000 digits: asked again, not a crash."""
    from adjudicator import cli

    replies = iter(["\u00b2", "1" * 5_000, "\u0663", "1", "\u00b2", "1" * 5_000, *["1"] * 20])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(replies))
    out = io.StringIO()
    assert cli._interactive(library.code("napoleon-hoffmann"), None, {}, out) == 0
    assert "what happened?" in out.getvalue()


def test_done_when_an_insufficient_bid_not_claimed_in_time_stands_as_the_contract():
    """The issue's check: 1915, two hearts over two spades, South passes before anyone claims
    (Law 50: the penalty must be claimed before the next player covers the bid)."""
    status, text = run("auction", "auction-bridge-1915", "N", "2S", "2H", "P", "P", "P", "--json")
    assert status == 0
    data = json.loads(text)
    assert data["contract"] == {
        "level": 2,
        "denomination": "hearts",
        "doubling": "undoubled",
        "side": "EW",
        "words": "two hearts",
    }
    assert data["declarant"]["seat"] == "E" and data["ended"] == "closed"
    finding = data["findings"][0]
    assert (finding["irregularity"], finding["call"], finding["status"]) == ("insufficient-bid", 2, "too-late")
    assert finding["remedy"]["id"] == "too-late" and finding["facts"]["first-after-bid"] == "adversary-called"
    assert finding["claim"] is None and [o["word"] for o in finding["options"]] == ["raise", None]


def test_done_when_the_dealers_pass_is_found_in_1912_and_a_passed_out_1915_hand_names_the_next_dealer():
    status, text = run("auction", "auction-bridge-1912", "N", "P", "1H", "P", "P", "P")
    assert status == 0
    assert (
        "! The dealer passed: North, the dealer, passed: under this code the dealer must open the bidding [Law 42]"
        in text
    )
    status, text = run("auction", "auction-bridge-1915", "N", "P", "P", "P", "P")
    assert (
        "Passed out: all four players passed; the hand is abandoned and the next dealer, East, deals [Law 42]." in text
    )


def test_a_claim_is_written_where_it_was_made_and_shown_with_the_options():
    status, text = run("auction", "auction-bridge-1913", "N", "1H 8S S:claim:seven P P P")
    assert status == 0
    assert "South claimed after call 2: claim:seven" in text
    assert "claim:seven" in text and "claim:new-deal" in text and "claim:final-declaration" in text
    assert "East's bid is now seven spades." in text and "Contract: seven spades, by East and West" in text


def test_a_claim_the_code_does_not_give_is_one_line_naming_the_choices(capsys):
    assert run("auction", "auction-bridge-1915", "N", "2S 2H S:claim:new-deal")[0] == 1
    err = capsys.readouterr().err
    assert err.startswith("adjudicator auction: the claim after call 2: 'new-deal' is not a choice the code gives")
    assert "claim:raise" in err
