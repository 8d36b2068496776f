"""Real-browser journeys: Playwright for Python driving Debian's chromium, axe-core run in
every page visited with the WCAG 2.2 AA rules (any violation fails).

Marked ``browser``. With CI=true they must run: a missing chromium, playwright or axe-core
fails them. Elsewhere they skip, saying what is missing. axe-core comes from the npm
registry into node_modules/ (``make test`` fetches it when missing).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator import config
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available
from adjudicator.presentation import words
from tests.web.conftest import change_that_matters, first_path, settle_address

pytestmark = pytest.mark.browser

CI = os.environ.get("CI") == "true"
AXE = config.ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 375, "height": 740}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""axe-core's rules for WCAG 2.2 level AA: every violation fails, whatever its impact."""
TIMINGS: dict[str, float] = {}
"""How long each journey took, without the axe checks (other browser tests add theirs)."""


def missing(reason: str) -> None:
    if CI:
        pytest.fail(f"{reason}; with CI=true the browser tests must run")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def live_server(library, search_index) -> Iterator[str]:
    from werkzeug.serving import make_server

    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": library, "SEARCH_INDEX": search_index})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    exe = shutil.which("chromium")
    if exe is None:
        missing("Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        missing(f"axe-core is missing ({AXE.relative_to(config.ROOT)}); run `make test` or `npm install axe-core`")
    return AXE.read_text()


class Checked:
    """A page that fails the test on a console error (a CSP violation, say) and runs axe."""

    def __init__(self, page: Any, axe: str) -> None:
        self.page = page
        self.axe = axe
        self.errors: list[str] = []
        self.axe_seconds = 0.0
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def accessible(self) -> None:
        assert not self.errors, self.errors
        started = time.monotonic()
        self.page.evaluate(self.axe)
        violations = self.page.evaluate(
            """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                      resultTypes: ['violations']})).violations
                .map(v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map(n => n.target.join(' ')).slice(0, 3)}`)""",
            AXE_TAGS,
        )
        self.axe_seconds += time.monotonic() - started
        assert not violations, f"{self.page.url}: " + "; ".join(violations)


@pytest.fixture
def phone(browser, axe_source) -> Iterator[Checked]:
    context = browser.new_context(viewport=PHONE, java_script_enabled=True)
    yield Checked(context.new_page(), axe_source)
    context.close()


def tab_to(page: Any, text: str, *, tag: str = "", limit: int = 120) -> None:
    """Press Tab until the focused element's text (or label) contains ``text``; keyboard only."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const e = document.activeElement; "
            "return [e.tagName.toLowerCase(), (e.getAttribute('aria-label') || '') + ' ' + e.innerText]; }"
        )
        if text in " ".join(focused[1].split()) and (not tag or focused[0] == tag):
            return
    raise AssertionError(f"Tab never reached {text!r} on {page.url}")


def code_defining(library, irregularity_id: str = "revoke"):
    for code in library.codes.values():
        if irregularity_id in code.irregularities and code.kind == "code":
            return code
    pytest.skip(f"no code defines {irregularity_id!r}")


@pytest.mark.parametrize("irregularity_id", ["revoke", "lead-out-of-turn"])
def test_settle_a_dispute_by_keyboard_at_375px(phone, live_server, library, irregularity_id):
    page = phone.page
    code = code_defining(library, irregularity_id)
    irregularity = code.irregularities[irregularity_id]
    started = time.monotonic()
    page.goto(live_server + "/")
    phone.accessible()
    tab_to(page, code.game_title, tag="a")  # the home page asks the game first
    page.keyboard.press("Enter")
    if len(library.games()[code.game]) > 1:  # then which of its codes
        page.wait_for_url(f"**/settle/{code.game}")
        phone.accessible()
        tab_to(page, words.code_in_game(code), tag="a")
        page.keyboard.press("Enter")
    page.wait_for_url(f"**/settle/{code.id}")
    phone.accessible()
    tab_to(page, irregularity.title, tag="a")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/settle/{code.id}/{irregularity_id}*")
    answers: dict[str, str] = {}
    while isinstance(result := adjudicate(code, irregularity_id, answers), NextQuestion):
        assert page.locator("h1").inner_text() == result.question.ask
        phone.accessible()
        first = result.question.answers[0]
        tab_to(page, first.label, tag="a")
        page.keyboard.press("Enter")
        page.wait_for_load_state()
        answers[result.question.id] = first.id
        page.wait_for_function("(ask) => document.querySelector('h1').innerText !== ask", arg=result.question.ask)
    assert isinstance(result, Ruling)
    took = TIMINGS[f"settle {irregularity_id}"] = time.monotonic() - started - phone.axe_seconds
    heading = page.locator("h1").inner_text()
    assert heading == (result.remedy.title if result.remedy else heading)
    assert page.locator("p.now").is_visible()
    for cited in result.outcomes[0].laws:
        if cited.law is not None:
            assert page.locator(f"a[href='/codes/{result.code.id}/laws/{cited.law.number}']").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    phone.accessible()
    print(f"settled {irregularity_id} under {code.id} by keyboard in {took:.1f} s (axe checks excluded)")
    assert took < 30


def test_change_an_earlier_answer_and_the_ruling_changes(phone, live_server, library):
    code_id, irregularity_id, answers, first, other, before, after = change_that_matters(library)
    page = phone.page
    query = "&".join(f"{k}={v}" for k, v in answers.items())
    page.goto(f"{live_server}/settle/{code_id}/{irregularity_id}?{query}")
    assert page.locator("h1").inner_text() == before.remedy.title
    ask = before.irregularity.questions[first].ask
    change = page.get_by_label(f"Change the answer to: {ask}").first
    if not change.is_visible():  # the facts given are folded under the ruling: open them, as a reader taps
        change.locator("xpath=ancestor::details[1]/summary").click()
    change.click()
    assert page.locator("h1").inner_text() == ask
    phone.accessible()
    label = before.irregularity.questions[first].answer(other).label
    page.get_by_role("link", name=label, exact=True).click()
    while page.locator("section.question").count():  # a new path may ask a new question
        page.locator("section.question a.answer").first.click()
    assert page.locator("h1").inner_text() == after.remedy.title
    phone.accessible()


def _typo(word: str) -> str:
    return word[:2] + word[3] + word[2] + word[4:]


def test_search_with_a_typo_and_reach_the_law(phone, live_server, library):
    target = None
    for code in library.codes.values():
        for law in code.laws.values():
            words = [w for w in law.title.replace(",", " ").split() if w.isalpha() and len(w) >= 7]
            if words:
                target = (code, law, words[0].lower())
                break
        if target:
            break
    if target is None:
        pytest.skip("no law title has a long enough word")
    code, law, word = target
    page = phone.page
    page.goto(live_server + "/search")
    phone.accessible()
    page.get_by_label("Words, a law number, or what happened").fill(_typo(word))
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=*")
    phone.accessible()
    suggestion = page.locator(".suggestion a")
    if suggestion.count():
        suggestion.click()
        page.wait_for_load_state()
    hits = page.locator("ol.hits h3 a[href*='/laws/']")
    assert hits.count() >= 1, f"no law found for {_typo(word)!r}"
    hits.first.click()
    page.wait_for_url("**/laws/**")
    heading = page.locator("h1").inner_text()
    assert heading.startswith("Law ")
    assert word in (heading + page.locator("article.law").inner_text()).lower()
    phone.accessible()


def test_a_ruling_permalink_opens_in_a_fresh_browser(browser, axe_source, live_server, library):
    code = code_defining(library)
    answers: dict[str, str] = {}
    while isinstance(result := adjudicate(code, "revoke", answers), NextQuestion):
        answers[result.question.id] = result.question.answers[-1].id
    first = browser.new_context(viewport=PHONE)
    page = first.new_page()
    query = "&".join(f"{k}={v}" for k, v in answers.items())
    page.goto(f"{live_server}/settle/{code.id}/revoke?{query}")
    permalink = page.locator("a[rel=bookmark]").get_attribute("href")
    heading = page.locator("h1").inner_text()
    first.close()
    fresh = browser.new_context(viewport={"width": 1280, "height": 900})
    checked = Checked(fresh.new_page(), axe_source)
    checked.page.goto(live_server + permalink)
    assert checked.page.locator("h1").inner_text() == heading
    checked.accessible()
    checked.page.get_by_role("link", name="Show the table").click()
    assert checked.page.locator("h1").inner_text() == heading
    checked.accessible()
    fresh.close()


def _more_pages(library) -> list[str]:
    """A not-sure ruling, a general-laws ruling and a side-by-side comparison, if the library has them."""
    from urllib.parse import urlencode

    from adjudicator.model import NOT_SURE

    paths = []
    for code in library.codes.values():
        for irregularity, fallback in available(code):
            first = adjudicate(code, irregularity.id, {})
            if isinstance(first, NextQuestion) and not any("not-sure" in p for p in paths):
                paths.append(f"/settle/{code.id}/{irregularity.id}?{urlencode({first.question.id: NOT_SURE})}")
            if fallback is not None and not any("general" in p for p in paths):
                answers, _ = first_path(code, irregularity.id)
                paths.append(f"/settle/{code.id}/{irregularity.id}?{urlencode(answers)}#general")
    found = change_that_matters(library)
    for other in library.codes.values():
        if other.id != found[0] and found[1] in other.irregularities:
            paths.append(f"/settle/{found[0]}/{found[1]}/compare/{other.id}?{urlencode(found[2])}")
            break
    return paths


def test_reference_pages_and_other_rulings_are_accessible(phone, live_server, library):
    code = next(c for c in library.codes.values() if c.laws and available(c))
    law = next(iter(code.laws))
    paths = [f"/codes/{code.id}", f"/codes/{code.id}/laws/{law}", f"/codes/{code.id}/glossary",
             f"/codes/{code.id}/etiquette", "/codes", "/search?q=revoke", *_more_pages(library)]  # fmt: skip
    for path in paths:
        phone.page.goto(live_server + path)
        phone.accessible()
    phone.page.goto(live_server + "/no-such-page")
    phone.errors.clear()  # the browser logs the 404 itself
    phone.accessible()


def _heaviest_rulings(library) -> list[str]:
    """Per code, the first-answer ruling that cites the most law text: the hardest to print."""
    from urllib.parse import urlencode

    paths = []
    for code in library.codes.values():
        best = None
        for irregularity in code.irregularities.values():
            answers, ruling = first_path(code, irregularity.id)
            weight = sum(
                len(c.law.text) + sum(len(q.words) for q in c.law.quotes) for c in ruling.outcomes[0].laws if c.law
            )
            if best is None or weight > best[0]:
                best = (weight, f"/settle/{code.id}/{irregularity.id}?{urlencode(answers)}")
        if best:
            paths.append(best[1])
    return paths


def test_a_ruling_prints_on_one_a4_page(browser, live_server, library):
    import re

    context = browser.new_context()
    page = context.new_page()
    for path in _heaviest_rulings(library):
        page.goto(live_server + path)
        pdf = page.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"{path} prints on {pages} pages"
    context.close()


SCREEN = {"width": 375, "height": 812}
SEED_DISPUTES = [
    # (code, irregularity, remedy): the three disputes of the seeds
    ("auction-bridge-1915", "insufficient-bid", "made-sufficient"),
    ("napoleon-hoffmann", "revoke", "revoker-pays-caller"),
    ("rubicon-bezique-french", "wrong-number-of-cards", "non-dealer-chooses"),
]
FIRST_SCREEN = """() => {
  const bottom = s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().bottom : null; };
  return {height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
          now: bottom('.ruling p.now'), options: bottom('.ruling section.options'), law: bottom('.ruling p.rests-on .law-name'),
          open: [...document.querySelectorAll('details')].filter(d => d.open).length};
}"""


def _first_screen_rulings(library) -> list[str]:
    """Every code's first irregularity, answered by its first answers, and the seeds' disputes."""
    from urllib.parse import urlencode

    from adjudicator.graph import path_to

    paths = []
    for code in library.codes.values():
        found = available(code)
        if found:
            irregularity = found[0][0]
            answers, ruling = first_path(code, irregularity.id)
            if isinstance(ruling, Ruling) and ruling.is_certain:
                paths.append(f"/settle/{code.id}/{irregularity.id}?{urlencode(answers)}")
    for code_id, irregularity_id, remedy_id in SEED_DISPUTES:
        answers = path_to(library.code(code_id).irregularities[irregularity_id], remedy_id)
        paths.append(f"/settle/{code_id}/{irregularity_id}?{urlencode(answers)}")
    return paths


def test_a_ruling_fits_the_first_screen_at_375_by_812(browser, axe_source, live_server, library):
    """What happens now, who chooses among which options (and until when) and the law's
    number and title (the first law cited; the others follow it) are on the first screen of a 375 x 812 phone, without scrolling; the
    rest is folded, the page at most 2,500 px tall and never wider than the screen."""
    context = browser.new_context(viewport=SCREEN)
    checked = Checked(context.new_page(), axe_source)
    paths = _first_screen_rulings(library)
    assert len(paths) >= len(library.codes)
    for path in paths:
        checked.page.goto(live_server + path)
        seen = checked.page.evaluate(FIRST_SCREEN)
        assert seen["open"] == 0, f"{path}: a folded part is open"
        assert seen["now"] is not None and seen["law"] is not None, f"{path}: no remedy or no law: {seen}"
        for part in ("now", "options", "law"):
            if seen[part] is not None:
                assert seen[part] <= SCREEN["height"], f"{path}: {part} ends at {seen[part]:.0f} px, below the fold"
        assert seen["height"] <= 2500, f"{path}: {seen['height']} px tall"
        assert seen["width"] <= SCREEN["width"], f"{path}: {seen['width']} px wide"
    checked.accessible()
    context.close()


TAPS = [
    # (game, code, irregularity, the answers a player gives, the remedy): the seeds' three disputes
    ("Auction Bridge", "auction-bridge-1915", "insufficient-bid",
     {"first-after-bid": "pointed-out", "adversary-overcalled-or-doubled": "no"}, "made-sufficient"),
    ("Napoleon", "napoleon-hoffmann", "revoke",
     {"shown": "yes", "who-revoked": "opponent", "replayed": "made"}, "revoker-pays-caller"),
    ("Rubicon Bezique", "rubicon-bezique-french", "wrong-number-of-cards",
     {"after-first-trick": "yes", "counts": "one-too-many"}, "fresh-deal-or-skip-draws"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "code_id", "irregularity_id", "answers", "remedy_id"), TAPS, ids=[t[1] for t in TAPS])
def test_a_first_time_user_settles_each_seed_dispute_in_five_taps(
    browser, axe_source, live_server, library, game, code_id, irregularity_id, answers, remedy_id
):
    """From the home page, tapping only what a newcomer sees (the game, the code unless it is
    the usual one, what happened, each answer) and typing nothing, at 375 x 812."""
    context = browser.new_context(viewport=SCREEN, has_touch=True, is_mobile=True)
    checked = Checked(context.new_page(), axe_source)
    page = checked.page
    code = library.code(code_id)
    irregularity = code.irregularities[irregularity_id]
    taps = 0

    def tap(locator: Any) -> None:
        nonlocal taps
        assert locator.count() == 1, f"{page.url}: {locator} matches {locator.count()} elements"
        with page.expect_navigation():
            locator.tap()
        taps += 1

    page.goto(live_server + "/")
    tap(page.locator("section[aria-labelledby=which-game] a.choice", has_text=game))
    usual = page.locator("section[aria-labelledby=under-usual]")
    if not (code.choose and code.choose.usual):
        tap(page.locator("section[aria-labelledby=which-code] a.choice", has_text=words.code_in_game(code)))
        usual = page.locator("main")
    else:
        assert page.locator("a.choice.usual").get_attribute("href") == f"/settle/{code_id}"
    tap(usual.locator("a.choice", has_text=irregularity.title).first)
    while page.locator("section.question").count():
        ask = page.locator("h1").inner_text()
        question = next(q for q in irregularity.questions.values() if q.ask == ask)
        label = question.answer(answers[question.id]).label
        tap(page.locator("section.question .answers").get_by_role("link", name=label, exact=True))
    assert page.locator("h1").inner_text() == irregularity.remedies[remedy_id].title
    print(f"{code_id} {irregularity_id}: {taps} taps from the home page")
    assert taps <= 5
    checked.accessible()
    context.close()


TARGETS = """() => {
  const small = [], answers = [];
  const shown = e => { const s = getComputedStyle(e); return s.visibility !== 'hidden' && s.display !== 'none'; };
  for (const e of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, label[for]')) {
    const parts = [...e.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!parts.length || !shown(e)) continue;
    const box = e.getBoundingClientRect();
    const name = `${e.tagName.toLowerCase()} "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    const low = Math.min(...parts.map(r => r.height));
    if (box.width < 24 || low < 24) small.push(`${name} ${box.width.toFixed(0)} x ${low.toFixed(0)}`);
    if (e.matches('.answers a.answer, .answers button, .quiz-choice label') && box.height < 44) answers.push(`${name} ${box.height.toFixed(0)} px tall`);
  }
  return {small, answers, count: document.querySelectorAll('.answers a.answer, .answers button, .quiz-choice label').length};
}"""


def _main_pages(library) -> dict[str, str]:
    """Home, a game's chooser, a question, a ruling, a law, a search and a quiz question."""
    code = library.code("napoleon-hoffmann")
    answers, _ = first_path(code, "revoke")
    return {
        "home": "/",
        "chooser": "/settle/auction-bridge",
        "what happened": f"/settle/{code.id}",
        "question": f"/settle/{code.id}/revoke",
        "ruling": settle_address(code.id, "revoke", answers),
        "table": settle_address(code.id, "revoke", answers, "table"),
        "law": "/codes/auction-bridge-1915/laws/50",
        "glossary": "/codes/auction-bridge-1915/glossary",
        "search": "/search?q=revoke",
        "quiz": f"/learn/{code.id}/quiz?level=director&kind=mixed&n=5&seed=7",
        "learn": f"/learn/{code.id}",
    }


def test_tap_targets_are_24_px_and_answers_44_px_on_the_main_pages(browser, axe_source, live_server, library):
    """WCAG 2.2 target size (2.5.8): every link, button, field and fold at least 24 x 24 px,
    inline links too (each line of a wrapped link 24 px tall); the answer buttons of a
    question and a quiz at least 44 px tall. axe's WCAG 2.2 AA rules find nothing."""
    context = browser.new_context(viewport=SCREEN)
    checked = Checked(context.new_page(), axe_source)
    answers_seen = 0
    for name, path in _main_pages(library).items():
        checked.page.goto(live_server + path)
        found = checked.page.evaluate(TARGETS)
        assert not found["small"], f"{name} ({path}): targets under 24 x 24 px: {found['small'][:8]}"
        assert not found["answers"], f"{name} ({path}): answers under 44 px: {found['answers']}"
        answers_seen += found["count"]
        checked.accessible()
    assert answers_seen >= 4  # the question's and the quiz's answers were measured
    context.close()


def test_the_table_view_fits_one_screen_in_large_type(browser, axe_source, live_server, library):
    """The ruling for the table (every code's first ruling and the seeds' disputes): the
    remedy's title in large type, who chooses and the choices, the laws' numbers, on one
    375 x 812 screen; a long sentence of what happens now is folded ("In full")."""
    context = browser.new_context(viewport=SCREEN)
    checked = Checked(context.new_page(), axe_source)
    for path in _first_screen_rulings(library):
        page, query = path.split("?", 1)
        checked.page.goto(f"{live_server}{page}/table?{query}")
        seen = checked.page.evaluate(
            "() => ({height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,"
            " h1: parseFloat(getComputedStyle(document.querySelector('h1')).fontSize),"
            " open: [...document.querySelectorAll('details')].filter(d => d.open).length})"
        )
        assert seen["open"] == 0 and seen["h1"] >= 28, f"{path}: {seen}"  # large type, folds closed
        assert seen["height"] <= SCREEN["height"], f"{path}: the table view is {seen['height']} px tall"
        assert seen["width"] <= SCREEN["width"], f"{path}: {seen['width']} px wide"
    checked.accessible()
    context.close()
