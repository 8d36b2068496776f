"""The table tools in the JSON API: the same results as the core, every response checked
against the OpenAPI document by the test client."""

from __future__ import annotations

from urllib.parse import urlencode

from adjudicator import auction as checker
from adjudicator import scoring, serialize

API = "/api/v1"


def test_the_score_sheet_is_the_cores(client, library):
    code = library.code("auction-bridge-1912")
    tokens = ["we.3HX.11.h.we.three", "they.2N.9", "we.4H.10"]
    response = client.get(f"{API}/codes/{code.id}/score?" + urlencode([("hand", t) for t in tokens]))
    assert response.status_code == 200
    data = response.get_json()
    assert data == serialize.score_sheet(scoring.score_sheet(code, scoring.parse_hands(tokens, code)), code)
    assert data["rubbers"][0]["winner"] == "we" and data["hands"] == tokens
    first = data["rubbers"][0]["hands"][0]["figures"][0]
    assert first == {
        "side": "we", "column": "below", "item": "tricks", "points": 80,
        "reason": "5 tricks over the book at 16 (hearts 8, doubled)", "cites": ["4", "53"], "values": ["trick-value", "doubling-multiple"], "note": None,
    }  # fmt: skip


def test_the_time_limit_and_an_unknown_figure_in_the_api(client, library):
    code = "auction-bridge-1912"
    data = client.get(f"{API}/codes/{code}/score?hand=we.3N.9&hand=they.1C.7&time-limit=true").get_json()
    rubber = data["rubbers"][0]
    assert rubber["stopped_at_time_limit"] and rubber["bonuses"][0]["points"] is None
    assert data["complete"] is False and rubber["unknown"] == rubber["bonuses"]


def test_the_auction_is_the_cores(client, library):
    code = library.code("auction-bridge-1912")
    calls = "1H 1S P P P"
    data = client.get(f"{API}/codes/{code.id}/auction?" + urlencode({"dealer": "N", "calls": calls})).get_json()
    result = checker.check_auction(code, "N", checker.parse_calls(calls, code))
    assert data == serialize.auction(result, code)
    assert data["findings"][0]["irregularity"] == "insufficient-bid"
    assert data["declarant"]["seat"] == "E" and data["contract"]["words"] == "four spades"


def test_bad_input_is_a_400_naming_the_field(client):
    cases = [
        (f"{API}/codes/auction-bridge-1912/score?hand=we.3Q.9", "denomination"),
        (f"{API}/codes/auction-bridge-1912/score?hand=we.3H", "hand"),
        (f"{API}/codes/auction-bridge-1912/score?" + urlencode([("hand", "we.1C.7")] * 41), "hand"),
        (f"{API}/codes/auction-bridge-1912/auction?calls=1H+2Z", "call"),
        (f"{API}/codes/auction-bridge-1912/auction?dealer=Q", "dealer"),
        (f"{API}/codes/napoleon-hoffmann/score", "code"),
        (f"{API}/codes/napoleon-hoffmann/auction", "code"),
    ]
    for url, field in cases:
        response = client.get(url)
        assert response.status_code == 400, url
        assert response.get_json()["error"]["field"] == field, url


def test_an_unknown_code_is_a_404(client):
    assert client.get(f"{API}/codes/no-such-code/score").status_code == 404
    assert client.get(f"{API}/codes/no-such-code/auction").status_code == 404


def test_the_openapi_document_lists_the_tools(client):
    doc = client.get(f"{API}/openapi.json").get_json()
    assert {"/codes/{code}/score", "/codes/{code}/auction"} <= set(doc["paths"])
    assert {"ScoreSheet", "ScoreFigure", "Auction", "AuctionFinding"} <= set(doc["components"]["schemas"])
