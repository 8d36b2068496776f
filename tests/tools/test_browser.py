"""Browser journeys for the table tools at 375 px: scoring a short rubber by the plain
forms, reloading and sharing the sheet, changing the code; checking an auction and
following an irregularity to its ruling. axe-core runs on every page (tests/web's setup;
under CI=true these must run, never skip).

Screenshots go to pytest's temporary directory, and also to $TOOLS_SCREENSHOTS if set.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator import scoring
from tests.web.test_browser import PHONE, axe_source, browser, live_server, phone  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser

RUBBER = [  # (declarer, level, denomination, doubling, tricks, honours side, holding)
    ("we", "4", "spades", "undoubled", "10", "", ""),
    ("they", "2", "hearts", "doubled", "7", "they", "four-divided"),
    ("we", "3", "no-trump", "undoubled", "9", "we", "three"),
]


def _code(library):
    if "auction-bridge-1915" in library.codes:
        return library.code("auction-bridge-1915")
    return max(scoring.scorable_codes(library), key=lambda c: c.year)


def _shoot(page, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    folder = os.environ.get("TOOLS_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_score_a_short_rubber_at_375px(phone, live_server, library, tmp_path):  # noqa: F811
    code = _code(library)
    page = phone.page
    page.goto(live_server + "/")
    page.get_by_role("link", name="Table tools").click()
    page.wait_for_url("**/tools")
    phone.accessible()
    page.get_by_role("link", name=f"Score under {code.title}", exact=False).first.click()
    page.wait_for_url("**/tools/score?*")
    phone.accessible()
    _shoot(page, tmp_path, "score-empty")
    expected = scoring.score_sheet(code, [])
    entered: list[scoring.Hand] = []
    for number, (side, level, denomination, doubling, tricks, holder, holding) in enumerate(RUBBER, 1):
        page.select_option("#declarer", side)
        page.select_option("#level", level)
        page.select_option("#denomination", denomination)
        page.select_option("#doubling", doubling)
        page.select_option("#tricks", tricks)
        page.select_option("#honours-side", holder)
        if holding:
            page.select_option("#honours", holding)
        page.get_by_role("button", name="Add the hand").click()
        page.wait_for_url(f"**#hand-{number}")
        entered.append(
            scoring.make_hand(code, declarer=side, level=int(level), denomination=denomination, doubling=doubling,
                              tricks=int(tricks), honours=(holder, holding) if holder else None)
        )  # fmt: skip
        expected = scoring.score_sheet(code, entered)
        heading = page.locator(f"#hand-{number} h3").inner_text()
        assert heading.startswith(f"Hand {number}. {scoring.hand_words(entered[-1])}")
        totals = page.locator("table.pad tr.total td").all_inner_texts()
        assert totals == [str(expected.rubbers[0].totals["we"]), str(expected.rubbers[0].totals["they"])]
        phone.accessible()
        _no_sideways_scroll(page)
    rubber = expected.rubbers[0]
    assert rubber.finished and rubber.winner == "we"
    assert page.locator("h2").first.inner_text() == "Rubber 1: won by We"
    settlement = page.locator("p.settlement").inner_text()
    assert f"We +{rubber.settlement.points}" in settlement
    for link in page.locator("ul.figures a").all()[:6]:  # every figure links its law
        assert link.get_attribute("href").startswith(f"/codes/{code.id}/laws/")
    _shoot(page, tmp_path, "score-rubber")

    # the sheet lives in the URL: a reload and a fresh browser show the same sheet
    url = page.url
    page.reload()
    assert page.locator("table.pad tr.total td").all_inner_texts()[0] == str(rubber.totals["we"])
    permalink = page.locator("a[rel=bookmark]").get_attribute("href")
    assert permalink.split("?")[1] in url

    # another code re-scores the same hands
    other = next(c for c in scoring.scorable_codes(library) if c.id != code.id and c.year < code.year)
    page.select_option("#code", other.id)
    page.get_by_role("button", name="Score the sheet again").click()
    page.wait_for_url(f"**code={other.id}*")
    rescored = scoring.score_sheet(other, scoring.parse_hands([h.token() for h in entered], other))
    assert page.locator("table.pad tr.total td").all_inner_texts() == [
        str(rescored.rubbers[0].totals["we"]),
        str(rescored.rubbers[0].totals["they"]),
    ]
    phone.accessible()
    _shoot(page, tmp_path, "score-other-code")


def test_check_an_auction_and_reach_the_ruling_at_375px(phone, live_server, library, tmp_path):  # noqa: F811
    code = _code(library)
    page = phone.page
    page.goto(f"{live_server}/tools/auction?code={code.id}")
    phone.accessible()
    page.get_by_label("Calls, in order from the dealer").fill("1H 1D W:P N:P E:X S:P W:P N:P")
    page.keyboard.press("Enter")
    page.wait_for_url("**calls=*")
    phone.accessible()
    _no_sideways_scroll(page)
    # 1915 Law 50: East's one diamond does not overcall one heart (tricks first, diamonds lower)
    # and stands, no claim made; Law 49: West's and North's passes come when it was South's
    # turn, and East's double too; Law 56: East doubles his own side's bid
    titles = [t.split(":")[0] for t in page.locator("ul.findings > li > strong").all_inner_texts()]
    out_of_turn = "A bid, pass, double or redouble out of turn"
    assert titles == [
        "An insufficient bid",
        out_of_turn,
        out_of_turn,
        out_of_turn,
        "A double or redouble the law forbids",
    ]
    assert "Declarant" in page.locator("dl.terms").inner_text()
    _shoot(page, tmp_path, "auction-checked")
    page.locator("ul.findings > li").nth(1).get_by_role("link", name="Settle it: get the ruling").click()
    page.wait_for_url(f"**/settle/{code.id}/call-out-of-turn/which-call=pass")
    assert page.locator("h1").inner_text()
    phone.accessible()
    _shoot(page, tmp_path, "auction-ruling")


def test_claim_a_penalty_from_the_checked_auction_at_375px(phone, live_server, tmp_path):  # noqa: F811
    """1915 Law 50: East's two hearts over two spades is insufficient; South claims before
    either adversary calls, so East must bid three hearts and West is barred."""
    page = phone.page
    page.goto(f"{live_server}/tools/auction?code=auction-bridge-1915&dealer=N&calls=2S+2H")
    finding = page.locator("ul.findings > li").first
    assert "North or South may choose, before North or South calls" in finding.inner_text()
    _no_sideways_scroll(page)
    phone.accessible()
    _shoot(page, tmp_path, "auction-open-claim")
    finding.get_by_role("link", name="Claim it: raise").click()
    page.wait_for_url("**calls=2S+2H+claim%3Araise*")
    assert "East's bid is now three hearts." in page.locator("ul.findings > li").first.inner_text()
    assert "Next to call: South" in page.locator("section[aria-labelledby=outcome]").inner_text()
    phone.accessible()
    _shoot(page, tmp_path, "auction-claimed")
