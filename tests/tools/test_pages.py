"""The table-tool pages, tested by meaning: headings, forms a browser can submit, the laws
linked, the sheet kept in the URL, the code changed, each irregularity linked to its ruling."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import auction as checker
from adjudicator import scoring
from tests.web.conftest import answers_of, check_page, headings

SHEET = ["we.3HX.11.h.we.three", "they.2N.9.h.they.four-in-one-hand", "we.4H.10"]


def score(client, code: str, tokens: list[str], **extra: str):
    pairs = [("code", code), *(("hand", t) for t in tokens), *extra.items()]
    return client.get(f"/tools/score?{urlencode(pairs)}")


def submit(form, press: str | None = None, **values: str) -> str:
    """The URL a browser builds from a GET form: hidden inputs, each select's chosen option
    (or ``values``), checked boxes, and the button pressed."""
    pairs = []
    for control in form.find_all(["input", "select"]):
        name = control.get("name")
        if not name:
            continue
        if control.name == "select":
            chosen = control.find("option", selected=True) or control.find("option")
            pairs.append((name, values.pop(name, chosen["value"])))
        elif control.get("type") == "checkbox":
            if values.pop(name, "on" if control.has_attr("checked") else None):
                pairs.append((name, control["value"]))
        else:
            pairs.append((name, values.pop(name, control.get("value", ""))))
    assert not values, f"no control named {sorted(values)}"
    if press:
        button = form.find("button", attrs={"name": press})
        pairs.append((button["name"], button["value"]))
    return f"{form['action']}?{urlencode(pairs)}"


def test_the_tools_page_offers_each_tool_for_each_code_that_has_the_data(client, library):
    page = check_page(client.get("/tools"))
    hrefs = [a["href"] for a in page.find_all("a", href=True)]
    for code in scoring.scorable_codes(library):
        assert any(h.startswith("/tools/score") and f"code={code.id}" in h for h in hrefs)
    for code in checker.checkable_codes(library):
        assert any(h.startswith("/tools/auction") and f"code={code.id}" in h for h in hrefs)
    assert page.find("nav").find("a", string="Table tools")["href"] == "/tools"


def test_an_empty_sheet_asks_for_the_first_hand(client):
    page = check_page(client.get("/tools/score"))
    assert page.h1.get_text(strip=True) == "Score sheet"
    assert [t for lvl, t in headings(page) if lvl == 2][:1] == ["Add hand 1"]
    assert page.find("button", attrs={"name": "add"})


@pytest.mark.parametrize("code_id", ["auction-bridge-1912", "auction-bridge-english-1908", "auction-bridge-1915"])
def test_every_figure_on_the_sheet_links_the_law_it_rests_on(client, library, code_id):
    code = library.code(code_id)
    tokens = [t for t in SHEET if code_id != "auction-bridge-english-1908" or "R" not in t]
    page = check_page(score(client, code_id, tokens))
    figures = page.select("ul.figures li")
    assert len(figures) >= 7
    for li in figures:
        links = li.find_all("a")
        assert links or "unknown" in li.get("class", []), li.get_text(" ", strip=True)
        for a in links:
            assert a["href"].startswith(f"/codes/{code_id}/laws/")
            assert a["href"].rsplit("/", 1)[1] in code.laws
    assert [t for lvl, t in headings(page) if lvl == 2][0].startswith("Rubber 1: won by We")
    pad = page.find("table", class_="pad")
    total = pad.find("tr", class_="total")
    sheet = scoring.score_sheet(code, scoring.parse_hands(tokens, code))
    assert [td.get_text(strip=True) for td in total.find_all("td")] == [
        str(sheet.rubbers[0].totals["we"]),
        str(sheet.rubbers[0].totals["they"]),
    ]
    assert "We +" in page.find("p", class_="settlement").get_text(" ", strip=True)


def test_adding_a_hand_by_the_form_redirects_to_the_sheet_in_the_url(client):
    page = check_page(score(client, "auction-bridge-1912", ["we.3N.9"]))
    form = page.find("button", attrs={"name": "add"}).find_parent("form")
    url = submit(
        form, "add", declarer="they", level="2", denomination="hearts", doubling="doubled", tricks="9",
        **{"honours-side": "we", "honours": "four-in-one-hand", "chicane": "they"},
    )  # fmt: skip
    response = client.get(url)
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert parse_qs(location.query)["hand"] == ["we.3N.9", "they.2HX.9.h.we.four-in-one-hand.c.they"]
    assert location.fragment == "hand-2"
    again = check_page(client.get(response.headers["Location"]))
    assert again.find(id="hand-2").h3.get_text(" ", strip=True).startswith("Hand 2. They: two hearts doubled")


def test_a_hand_that_cannot_be_scored_is_refused_with_the_form_kept(client):
    page = check_page(score(client, "auction-bridge-1912", []))
    form = page.find("button", attrs={"name": "add"}).find_parent("form")
    url = submit(form, "add", denomination="no-trump", **{"honours-side": "we", "honours": "five-in-one-hand"})
    refused = check_page(client.get(url), status=400)
    assert "cannot be scored" in refused.find(role="alert").get_text()
    assert refused.find("select", id="honours").find("option", selected=True)["value"] == "five-in-one-hand"


def test_changing_the_code_rescores_the_sheet(client, library):
    page = check_page(score(client, "auction-bridge-1912", ["we.4S.10"]))
    form = page.find("select", id="code").find_parent("form")
    url = submit(form, code="auction-bridge-english-1908")
    rescored = check_page(client.get(url))
    assert "English" in rescored.find("p", class_="meta").get_text()
    assert parse_qs(urlsplit(url).query)["hand"] == ["we.4S.10"]
    before = page.select_one("ul.figures li").get_text(" ", strip=True)
    after = rescored.select_one("ul.figures li").get_text(" ", strip=True)
    assert "8 below the line" in before and "8 below the line" in after  # spades are 2 in both
    other = check_page(score(client, "auction-bridge-1912", ["we.4H.10"]))
    english = check_page(score(client, "auction-bridge-english-1908", ["we.4H.10"]))
    assert "32 below" in other.select_one("ul.figures li").get_text(" ", strip=True)
    assert "32 below" in english.select_one("ul.figures li").get_text(" ", strip=True)
    clubs_1912 = check_page(score(client, "auction-bridge-1912", ["we.4C.10"])).select_one("ul.figures li")
    clubs_english = check_page(score(client, "auction-bridge-english-1908", ["we.4C.10"])).select_one("ul.figures li")
    assert "24 below" in clubs_1912.get_text(" ", strip=True)
    assert "16 below" in clubs_english.get_text(" ", strip=True)


def test_a_hand_the_new_code_cannot_score_is_kept_in_the_url_and_named(client):
    page = check_page(score(client, "auction-bridge-english-1908", ["we.1R.7", "we.3N.9"]))
    assert "Hand 1 (we.1R.7) is left out" in page.get_text()
    hidden = [i["value"] for i in page.find_all("input", attrs={"type": "hidden", "name": "hand"})]
    assert "we.1R.7" in hidden


def test_the_time_limit_adds_the_bonus_for_each_game(client, library):
    code = next((c for c in scoring.scorable_codes(library) if "party-game-bonus" in c.score_values), None)
    if code is None:
        pytest.skip("no code has a party-game-bonus")
    page = check_page(score(client, code.id, ["we.3N.9", "they.1C.7"], **{"time-limit": "on"}))
    text = page.get_text(" ", strip=True)
    assert "stopped at the time limit" in text
    assert page.find("input", id="time-limit").has_attr("checked")


def test_removing_a_hand_redirects_to_the_sheet_without_it(client):
    page = check_page(score(client, "auction-bridge-1912", SHEET))
    form = page.find("select", id="remove").find_parent("form")
    response = client.get(submit(form, remove="2"))
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["Location"]).query)["hand"] == [SHEET[0], SHEET[2]]
    assert client.get(submit(form, remove="9")).status_code == 400


def test_the_longest_sheet_stays_under_the_page_weight(client):
    from adjudicator.web.params import MAX_HANDS

    heavy = [
        "we.3HX.11.h.we.three",
        "they.2N.9.h.they.four-in-one-hand",
        "we.1SXX.3",
        "they.4HXX.6",
        "we.7NX.13.h.we.four-in-one-hand",
    ]
    tokens = (heavy * MAX_HANDS)[:MAX_HANDS]
    check_page(score(client, "auction-bridge-1912", tokens))  # check_page asserts < 50 KB with the CSS
    assert score(client, "auction-bridge-1912", [*tokens, "we.1C.7"]).status_code == 400


def test_unknown_code_and_too_many_hands_are_4xx(client):
    assert client.get("/tools/score?code=napoleon-hoffmann").status_code == 404
    assert client.get("/tools/score?code=no-such-code").status_code == 404
    many = urlencode([("hand", "we.1C.7")] * 25)
    assert client.get(f"/tools/score?{many}").status_code == 400


# ---------------------------------------------------------------- the auction checker


def auction(client, code: str, dealer: str, calls: str):
    return client.get(f"/tools/auction?{urlencode({'code': code, 'dealer': dealer, 'calls': calls})}")


def test_the_checker_names_the_contract_and_the_roles_with_their_laws(client):
    page = check_page(auction(client, "auction-bridge-1912", "S", "1H 2C 2H X XX P P P"))
    terms = {
        dt.get_text(strip=True): dd
        for dt, dd in zip(page.select("dl.terms dt"), page.select("dl.terms dd"), strict=True)
    }
    assert terms["Contract"].get_text(" ", strip=True) == "Two hearts redoubled, by North and South"
    assert terms["Declarant"].strong.get_text() == "South"
    assert terms["Dummy"].strong.get_text() == "North"
    assert terms["Leader"].strong.get_text() == "West"
    assert terms["Declarant"].find("a")["href"] == "/codes/auction-bridge-1912/laws/46"
    assert len(page.select("ol.calls > li")) == 8
    assert not page.find("form", class_="tool").find("button", attrs={"name": "add"})  # closed: no more calls


def test_each_irregularity_links_to_its_ruling_with_the_facts_filled_in(client, library):
    code = "auction-bridge-1913" if "auction-bridge-1913" in library.codes else "auction-bridge-1912"
    page = check_page(auction(client, code, "N", "1H 1D W:P S:P W:P N:X E:X S:P W:P N:P"))
    links = [li.find("a", string="Settle it: get the ruling") for li in page.select("ul.findings > li")]
    assert len(links) == 3 and all(links)
    paths = [urlsplit(a["href"]) for a in links]
    assert [p.path.split("/")[:4] for p in paths] == [
        ["", "settle", code, i] for i in ("insufficient-bid", "call-out-of-turn", "illegal-double")
    ]
    assert not any(p.query for p in paths)  # the facts are in the path: question=answer segments
    assert answers_of(links[1]["href"]) == {"which-call": "pass"}
    for a in links:
        assert client.get(a["href"]).status_code == 200  # a question or a ruling, with the facts taken


def _findings(page):
    return page.select("ul.findings > li")


def test_an_open_penalty_shows_the_codes_options_and_links_the_claim(client):
    """1915 Law 50: East's two hearts over two spades is insufficient; North or South may
    claim before either calls: the bid raised in its suit (three hearts, tricks first), or
    nothing, and the bid stands. The claim link writes claim:raise where it was made."""
    page = check_page(auction(client, "auction-bridge-1915", "N", "2S 2H"))
    (finding,) = _findings(page)
    text = finding.get_text(" ", strip=True)
    assert "What the code gives (North or South may choose, before North or South calls" in text
    options = finding.select("ul.given > li")
    assert len(options) == 2
    claim = options[0].find("a", string="Claim it: raise")
    assert parse_qs(urlsplit(claim["href"]).query)["calls"] == ["2S 2H claim:raise"]
    assert options[1].find("a") is None  # letting it stand needs no claim: the next call does it
    claimed = check_page(client.get(claim["href"]))
    terms = {dt.get_text(strip=True): dd.get_text(" ", strip=True) for dt, dd in
             zip(claimed.select("dl.terms dt"), claimed.select("dl.terms dd"), strict=True)}  # fmt: skip
    assert terms["Contract"] == "Three hearts, by East and West"
    (raised,) = _findings(claimed)
    assert "(this is what happened)" in raised.select("ul.given > li")[0].get_text(" ", strip=True)
    assert "East's bid is now three hearts." in raised.get_text(" ", strip=True)
    assert not raised.find("a", string=lambda t: t and t.startswith("Claim it"))


def test_a_penalty_not_claimed_in_time_is_gone_and_the_outcome_links_its_law(client):
    """1915 Law 50: South's pass covers the insufficient bid before anyone claims, so it
    stands: two hearts by East and West; Law 45 closes the auction after three passes."""
    page = check_page(auction(client, "auction-bridge-1915", "N", "2S 2H P P P"))
    (finding,) = _findings(page)
    assert "The penalty was not claimed in time" in finding.get_text(" ", strip=True)
    taken = [li.get_text(" ", strip=True) for li in finding.select("ul.given > li")]
    assert taken[1].startswith("Too late for a penalty; the bid stands") and "(this is what happened)" in taken[1]
    assert not finding.find("a", string=lambda t: t and t.startswith("Claim it"))
    outcome = page.find("section", attrs={"aria-labelledby": "outcome"})
    status = outcome.find("p", class_="now-small")
    assert "[Law" not in status.get_text()
    assert status.find("a", string="Law 45")["href"] == "/codes/auction-bridge-1915/laws/45"


def test_a_passed_out_hand_names_the_next_dealer_with_the_law(client):
    """1915 Law 42: four passes abandon the hand; the deal passes to the dealer's left."""
    page = check_page(auction(client, "auction-bridge-1915", "N", "P P P P"))
    status = page.find("section", attrs={"aria-labelledby": "outcome"}).find("p", class_="now-small")
    assert "the next dealer, East, deals" in status.get_text(" ", strip=True)
    assert status.find("a", string="Law 42")["href"] == "/codes/auction-bridge-1915/laws/42"
    assert not page.find("button", attrs={"name": "add"})  # the hand is abandoned: no more calls


def test_after_a_pass_out_of_turn_the_page_says_who_calls_next(client):
    """1913 Law 49: West's pass in East's turn leaves the order unchanged: East calls next."""
    page = check_page(auction(client, "auction-bridge-1913", "N", "1H W:P"))
    outcome = page.find("section", attrs={"aria-labelledby": "outcome"})
    assert "Next to call: East" in outcome.get_text(" ", strip=True)
    form = page.find("button", attrs={"name": "add"}).find_parent("form")
    assert form.find("select", id="seat").find("option", selected=True).get_text().startswith("Next in turn (East)")


def test_the_sheets_form_enters_a_revoke_a_penalty_and_a_deal_not_scored(client):
    """1913 Law 84: for the adversaries' revoke the declarer may take three tricks; Foster's
    example, three hearts doubled with seven tricks in play and three taken for the revoke,
    is 64 below the line and no bonus. Law 54: doubling one's partner costs 50 to the other
    side. The dealer must bid under 1913 (Law 42), so only a void deal is offered; 1915 lets
    the dealer pass, and a deal passed out is offered too."""
    page = check_page(score(client, "auction-bridge-1913", []))
    form = page.find("button", attrs={"name": "add"}).find_parent("form")
    url = submit(
        form, "add", declarer="we", level="3", denomination="hearts", doubling="doubled", tricks="7",
        **{"revoke-side": "they", "revokes": "1", "revoke-choice": "tricks", "penalty": "double-of-partner",
           "penalty-side": "we"},
    )  # fmt: skip
    response = client.get(url)
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["Location"]).query)["hand"] == [
        "we.3HX.7.r.they.tricks.p.we.double-of-partner"
    ]
    sheet = check_page(client.get(response.headers["Location"]))
    figures = sheet.find(id="hand-1").get_text(" ", strip=True)
    assert "We 64 below the line" in figures and "We 50 above the line" in figures
    assert [b["value"] for b in form.find_all("button", attrs={"name": "add"})] == ["1", "void"]
    void = client.get(url.replace("add=1", "add=void"))
    assert parse_qs(urlsplit(void.headers["Location"]).query)["hand"] == ["void.p.we.double-of-partner"]
    later = check_page(score(client, "auction-bridge-1915", []))
    buttons = later.find("button", attrs={"name": "add"}).find_parent("form").find_all("button", attrs={"name": "add"})
    assert [b["value"] for b in buttons] == ["1", "passed", "void"]


def test_adding_a_call_appends_it_and_redirects(client):
    page = check_page(auction(client, "auction-bridge-1912", "N", "1H"))
    form = page.find("button", attrs={"name": "add"}).find_parent("form")
    assert form.find("select", id="seat").find("option", selected=True).get_text().startswith("Next in turn (East)")
    response = client.get(submit(form, "add", call="2C"))
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["Location"]).query)["calls"] == ["1H 2C"]
    out_of_turn = client.get(submit(form, "add", call="X", seat="W"))
    assert parse_qs(urlsplit(out_of_turn.headers["Location"]).query)["calls"] == ["1H W:X"]


def test_a_sequence_that_cannot_be_read_is_a_400_with_the_text_kept(client):
    page = check_page(auction(client, "auction-bridge-1912", "N", "1H 2Z"), status=400)
    assert "call 2" in page.find(role="alert").get_text()
    assert page.find("input", id="calls")["value"] == "1H 2Z"


def test_the_longest_auction_stays_under_the_page_weight(client):
    from adjudicator.web.params import MAX_CALLS

    calls = " ".join((["1H", "X", "XX", "X", "E:XX"] * MAX_CALLS)[:MAX_CALLS])
    check_page(auction(client, "auction-bridge-1912", "N", calls))
    assert auction(client, "auction-bridge-1912", "N", calls + " P").status_code == 400


HOSTILE = "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>"


@pytest.mark.parametrize(
    "url",
    [
        f"/tools/score?{urlencode({'code': HOSTILE})}",
        f"/tools/score?{urlencode({'hand': HOSTILE})}",
        f"/tools/score?{urlencode({'add': '1', 'denomination': HOSTILE, 'level': '1', 'tricks': '7'})}",
        f"/tools/auction?{urlencode({'calls': HOSTILE})}",
        f"/tools/auction?{urlencode({'dealer': HOSTILE})}",
        f"/tools/auction?{urlencode({'calls': '1H', 'add': '1', 'call': HOSTILE})}",
        f"/api/v1/codes/auction-bridge-1912/score?{urlencode({'hand': HOSTILE})}",
        f"/api/v1/codes/auction-bridge-1912/auction?{urlencode({'calls': HOSTILE})}",
    ],
)
def test_hostile_input_is_never_reflected_unescaped(client, url):
    response = client.get(url)
    assert response.status_code < 500
    if response.mimetype == "text/html":  # JSON may quote the value: it is data, sent as application/json
        body = response.get_data(as_text=True)
        assert "<script>alert" not in body and "<img src=x" not in body
    else:
        assert response.mimetype == "application/json" and response.status_code == 400


@pytest.fixture(scope="module")
def plain_client(library, search_index):
    from adjudicator.web import create_app

    return create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index}).test_client()


FIELDS = ["code", "hand", "add", "remove", "time-limit", "declarer", "level", "denomination", "doubling", "tricks",
          "honours-side", "honours", "chicane", "revoke-side", "revokes", "revoke-choice", "penalty", "penalty-side",
          "dealer", "calls", "call", "seat"]  # fmt: skip


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(["/tools/score", "/tools/auction", "/api/v1/codes/auction-bridge-1912/score",
                          "/api/v1/codes/auction-bridge-1912/auction"]),  # fmt: skip
    params=st.lists(
        st.tuples(st.sampled_from(FIELDS), st.one_of(st.text(max_size=30), st.sampled_from(
            ["auction-bridge-1912", "we.3HX.11", "1", "we", "they", "hearts", "no-trump", "N", "1H X XX", "S:2H", "9",
             "passed", "void", "tricks", "points", "double-of-partner", "2S 2H claim:raise", "we.3HX.7.r.they.tricks"]
        ))),
        max_size=8,
    ),
)  # fmt: skip
def test_no_form_input_is_answered_with_a_500(plain_client, path, params):
    response = plain_client.get(path, query_string=params)
    assert response.status_code < 500, (path, params, response.data[:300])
