"""A real browser takes a quiz: Playwright driving Debian's chromium at 375 px, axe-core on
every page, the fixtures of test_browser.py (with CI=true these must run, never skip).

Set SCREENSHOTS=<directory> to keep the question, the score and the printed sheet as PNGs.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from adjudicator import quiz
from tests.web.test_browser import (  # noqa: F401 - fixtures, used by name
    PHONE,
    TIMINGS,
    axe_source,
    browser,
    live_server,
    phone,
)

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ["SCREENSHOTS"]) if os.environ.get("SCREENSHOTS") else None


def shoot(page, name: str, **options) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, **options)


def director_code(library):
    """A code with a director's quiz, one that has a revoke if any does."""
    codes = [c for c in library.codes.values() if "director" in quiz.levels(c)]
    if not codes:
        pytest.skip("no code has a director's quiz")
    return next((c for c in codes if "revoke" in c.irregularities), codes[0])


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_take_a_five_question_quiz_at_375px_and_see_the_score_with_the_laws(phone, live_server, library):  # noqa: F811
    code = director_code(library)
    page = phone.page
    started = time.monotonic()
    page.goto(live_server + "/")
    page.get_by_role("link", name="Learn", exact=True).click()
    page.wait_for_url("**/learn")
    phone.accessible()
    page.locator(f"a[href='/learn/{code.id}']").click()
    page.wait_for_url(f"**/learn/{code.id}")
    phone.accessible()
    page.get_by_label(quiz.LEVEL_TITLES["director"]).check()
    page.get_by_label("How many").select_option("5")
    page.get_by_role("button", name="Start the quiz").click()
    page.wait_for_url(re.compile(r".*/quiz\?.*seed=\d+.*"))
    seed = int(re.search(r"seed=(\d+)", page.url)[1])
    made = quiz.make_quiz(code, level="director", seed=seed, size=5)
    assert len(made.items) == 5
    for number, item in enumerate(made.items, 1):
        assert page.locator("h1").inner_text() == item.prompt
        assert page.locator("p.kicker").inner_text().startswith(f"Question {number} of 5")
        phone.accessible()
        if number == 1:
            shoot(page, "question")
        pick = item.answer if number % 2 else (item.answer + 1) % len(item.choices)  # right, wrong, right...
        page.locator(f"label[for='pick-{'abcdefgh'[pick]}']").click()
        page.get_by_role("button", name="Check my answer").click()
        page.wait_for_url("**/quiz/answer?**")
        assert page.locator("h1").inner_text() == ("Right" if pick == item.answer else "Not quite")
        for law in item.laws:
            assert page.locator(f"section.laws a[href='/codes/{code.id}/laws/{law}']").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        phone.accessible()
        page.locator("a.cta").click()
        page.wait_for_load_state()
    page.wait_for_url("**/quiz/score?**")
    TIMINGS["a five-question quiz"] = time.monotonic() - started
    right = sum(1 for n in range(1, 6) if n % 2)
    assert page.locator("h1").inner_text() == f"Your score: {right} of 5"
    laws = page.locator(f"ol.review a[href^='/codes/{code.id}/laws/']")
    assert laws.count() == sum(len(i.laws) for i in made.items) >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.accessible()
    shoot(page, "score")
    laws.first.click()
    page.wait_for_url(f"**/codes/{code.id}/laws/**")
    assert page.locator("h1").inner_text().startswith("Law ")
    assert TIMINGS["a five-question quiz"] < 60


def test_the_printed_sheet_has_the_answer_key_on_a_page_of_its_own(phone, live_server, library):  # noqa: F811
    code = director_code(library)
    page = phone.page
    page.goto(f"{live_server}/learn/{code.id}/irregularities")
    phone.accessible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.goto(f"{live_server}/learn/{code.id}/quiz/sheet?level=director&n=10&seed=418203")
    phone.accessible()
    page.emulate_media(media="print")
    shoot(page, "sheet-printed")
    key = page.locator("section.answer-key")
    assert key.evaluate("e => getComputedStyle(e).breakBefore") == "page"
    assert page.locator("header.site").is_hidden() and page.locator(".screen-only").is_hidden()
    whole = page.pdf(format="A4")
    key.evaluate("e => e.remove()")
    questions_only = page.pdf(format="A4")
    assert pages_of(whole) == pages_of(questions_only) + 1, "the answer key takes exactly one page of its own"
