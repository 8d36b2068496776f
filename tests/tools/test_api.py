"""The table tools in the JSON API: the same results as the core, every response checked
against the OpenAPI document by the test client."""

from __future__ import annotations

from urllib.parse import urlencode

from tests.web.conftest import check_page

API = "/api/v1"


def test_the_score_sheet_is_the_cores(client, library):
    code = library.code("auction-bridge-1912")
    tokens = ["we.3HX.11.h.we.three", "they.2N.9", "we.4H.10"]
    response = client.get(f"{API}/codes/{code.id}/score?" + urlencode([("hand", t) for t in tokens]))
    assert response.status_code == 200
    data = response.get_json()
    assert data["rubbers"][0]["winner"] == "we" and data["hands"] == tokens
    first = data["rubbers"][0]["hands"][0]["figures"][0]
    assert first == {
        "side": "we", "column": "below", "item": "tricks", "points": 80,
        "reason": "5 tricks over the book at 16 (hearts 8, doubled)", "cites": ["4", "53"], "values": ["trick-value", "doubling-multiple"], "note": None,
        "unsure": None,
    }  # fmt: skip


def test_the_score_api_takes_a_revoke_and_a_penalty(client):
    """1913 Law 84(b): three hearts doubled, seven tricks, three more for the adversaries'
    revoke: 64 below, no bonus; Law 90: 25 to We for They's look at a quitted trick."""
    query = urlencode([("hand", "we.3HX.7.r.they.tricks.p.we.quitted-trick"), ("hand", "void")])
    data = client.get(f"{API}/codes/auction-bridge-1913/score?{query}").get_json()
    first, second = data["rubbers"][0]["hands"]
    assert first["hand"]["revokes"] == [{"side": "they", "count": 1, "choice": "tricks"}]
    assert first["hand"]["penalties"] == [{"side": "we", "penalty": "quitted-trick"}]
    assert [(f["side"], f["item"], f["points"]) for f in first["figures"]] == [
        ("we", "tricks", 64),
        ("we", "doubled-bonus", 0),
        ("we", "penalty", 25),
    ]
    assert first["made"] is True and first["game_won"]["winner"] == "we"
    assert second["hand"]["kind"] == "void" and second["figures"] == [] and second["cites"] == ["39", "40"]


def test_the_time_limit_and_an_unknown_figure_in_the_api(client, library):
    code = "auction-bridge-1912"
    data = client.get(f"{API}/codes/{code}/score?hand=we.3N.9&hand=they.1C.7&time-limit=true").get_json()
    rubber = data["rubbers"][0]
    assert rubber["stopped_at_time_limit"] and rubber["bonuses"][0]["points"] is None
    assert data["complete"] is False and rubber["unknown"] == rubber["bonuses"]


def test_the_auction_api_rules_each_call_and_carries_out_the_claim(client):
    """1912: one spade (2) does not outrank one heart (8); South claims at once, so East must
    make it four spades (8 points, more tricks: Law 44) and West is barred (Law 50)."""
    query = urlencode({"dealer": "N", "calls": "1H 1S S:claim P P P"})
    data = client.get(f"{API}/codes/auction-bridge-1912/auction?{query}").get_json()
    assert data["calls"] == ["1H", "1S", "S:claim", "P", "P", "P"]
    finding = data["findings"][0]
    assert (finding["irregularity"], finding["call"], finding["status"]) == ("insufficient-bid", 2, "claimed")
    assert finding["claim"] == {"seat": "S", "word": "raise", "after": 2, "in_time": True}
    assert finding["remedy"]["id"] == "made-sufficient" and finding["facts"] == {
        "first-after-bid": "pointed-out",
        "adversary-overcalled-or-doubled": "no",
    }
    assert finding["then"] == [
        "East's bid is now four spades.",
        "West may not bid or double until North or South bids or doubles.",
    ]
    assert data["contract"] == {
        "level": 4,
        "denomination": "spades",
        "doubling": "undoubled",
        "side": "EW",
        "words": "four spades",
    }
    assert data["declarant"]["seat"] == "E" and data["ended"] == "closed" and data["next_call"] is None


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


# ---------------------------------------------------------------- the page and the API agree


def _page_and_api(client, code: str, pairs: list[tuple[str, str]]):
    query = urlencode([("code", code), *pairs])
    return client.get(f"/tools/score?{query}"), client.get(f"{API}/codes/{code}/score?{query}")


def test_the_page_and_the_api_take_the_same_sheets(client):
    """One set of limits and one reading of ``time-limit`` for the score page and the API
    (they had their own: 24 and 40 hands, 40 and 80 calls, no length cap on a hand in the
    API, and ``time-limit=off`` turned the time limit on on the page)."""
    from adjudicator.web import params as tools

    code = "auction-bridge-1912"
    most = [("hand", "we.1C.7")] * tools.MAX_HANDS
    for response in _page_and_api(client, code, most):
        assert response.status_code == 200, response.request.url
    for response in _page_and_api(client, code, [*most, ("hand", "we.1C.7")]):
        assert response.status_code == 400, response.request.url
    long_hand = "we.3H.9" + ".h.we.three" * 10  # past the 80 characters a hand may have
    page, api = _page_and_api(client, code, [("hand", long_hand)])
    assert page.status_code == api.status_code == 400
    assert "80 characters" in api.get_json()["error"]["message"]
    sheet = [("hand", "we.3N.9"), ("hand", "they.1C.7")]
    for value, on in [("on", True), ("1", True), ("true", True), ("YES", True),
                      ("off", False), ("0", False), ("false", False), ("no", False), ("", False)]:  # fmt: skip
        page, api = _page_and_api(client, code, [*sheet, ("time-limit", value)])
        assert page.status_code == api.status_code == 200, value
        assert api.get_json()["time_limit"] is on, value
        assert check_page(page).find("input", id="time-limit").has_attr("checked") is on, value
    for response in _page_and_api(client, code, [*sheet, ("time-limit", "maybe")]):
        assert response.status_code == 400, response.request.url
    assert api_error(client.get(f"{API}/codes/{code}/score?time-limit=maybe"))["field"] == "time-limit"
    calls = " ".join(["1H", "P"] * tools.MAX_CALLS)
    for url in (f"/tools/auction?{urlencode({'code': code, 'calls': calls})}",
                f"{API}/codes/{code}/auction?{urlencode({'calls': calls})}"):  # fmt: skip
        assert client.get(url).status_code == 400, url


def api_error(response):
    assert response.status_code == 400
    return response.get_json()["error"]
