"""A static copy with no signal, in a real browser (Playwright driving Debian's chromium):
the toy library (with a glossary added, so that a synonym exists) exported into a folder and
served from a subfolder by a plain static file server (http.server) that sends the live
app's Content-Security-Policy, so that a script the policy refuses fails the test.

(a) The copy's search, in the browser: a citation, a stemmed word, a glossary synonym, a
misspelt word; without JavaScript the search page leads to each code's laws.
(b) A code kept on the phone: network off, the kept pages open, a dispute is settled to its
ruling by tapping its answers, a law opens; a page not kept says so, with the way back.

Each page's console must stay free of errors (a CSP violation, a script error) and pass axe.
"""

from __future__ import annotations

import functools
import io
import json
import shutil
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import main
from adjudicator.web.handlers import SECURITY_HEADERS
from tests.conftest import FIXTURES
from tests.web.test_browser import PHONE, Checked, axe_source, browser  # noqa: F401 - fixtures
from tests.web.test_export import Quiet

pytestmark = pytest.mark.browser

GLOSSARY = """
glossary:
  revoke:
    term: Revoke
    definition: Failing to follow suit though able to.
    synonyms: [renege, renig]
    see_also: ["3"]
"""
"""Added to the toy code: its words ("renege") are found nowhere else, so they are synonyms only."""


def export(laws: Path, folder: Path) -> None:
    out = io.StringIO()
    assert main(["--laws", str(laws), "export", str(folder)], out=out) == 0, out.getvalue()


@pytest.fixture(scope="module")
def laws(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("laws")
    for path in (FIXTURES / "laws").glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    with (folder / "toy-whist.yaml").open("a", encoding="utf-8") as file:
        file.write(GLOSSARY)
    return folder


@pytest.fixture(scope="module")
def root(tmp_path_factory, laws) -> Path:
    """The host's folder: the copy is served from its subfolder copy/."""
    folder = tmp_path_factory.mktemp("host")
    export(laws, folder / "copy")
    return folder


class UnderPolicy(Quiet):
    """http.server sending the live app's Content-Security-Policy (default-src 'self': scripts
    from the copy only, no inline script, no eval): the copy must work under it."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", SECURITY_HEADERS["Content-Security-Policy"])
        super().end_headers()


@pytest.fixture(scope="module")
def served(root) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(UnderPolicy, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/copy/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def phone(browser, axe_source) -> Iterator[Checked]:  # noqa: F811 - the fixtures imported above
    context = browser.new_context(viewport=PHONE, java_script_enabled=True)
    yield Checked(context.new_page(), axe_source)
    context.close()


def hits(page: Any) -> list[str]:
    page.locator("#found .count").filter(has_text="result").wait_for()
    return page.locator("#found .hits h3").all_inner_texts()


def test_the_copys_search_finds_citations_stems_synonyms_and_misspelt_words(phone, served):
    page = phone.page
    page.goto(served + "search/")
    page.get_by_label("Words, a law number, or what happened").fill("law 4")
    page.get_by_role("button", name="Search").click()
    assert hits(page) == ["Law 4. Misdeal"]  # only the 1900 code has a Law 4 (the house omits it)
    assert page.locator("#found .meta").first.inner_text() == "Law · exact match · Toy Whist, test code"
    assert page.locator("#found .count").inner_text() == "1 result for \u201claw 4\u201d"
    phone.accessible()
    # a year narrows a citation to that edition; the sister edition is named under the hit
    page.goto(served + "search/?q=law+3+1900")
    assert hits(page)[0] == "Law 3. Revoke"
    assert page.locator("#found .editions").first.inner_text() == "Also in House 1901 Law 3 (worded differently)"
    # "revoking" is written nowhere: its stem is; "renege" only in the glossary, as a synonym of
    # revoke; "misdael" is misspelt. Law 3 is one hit for its two editions, the newest shown.
    for query, first in [
        ("revoking", "Law 3. Revoke (house rule)"),
        ("renege", "Law 3. Revoke (house rule)"),
        ("misdael", "Law 4. Misdeal"),
    ]:
        page.goto(served + "search/?q=" + query)
        found = hits(page)
        assert found[0] == first, (query, found)
        assert len(found) == len(set(found)), found  # one hit a provision
    assert page.locator("#found .snippet mark").first.inner_text() == "misdeal"
    assert not phone.errors, phone.errors
    # an index that cannot be read: the page says so and leads to the codes' laws
    page.route("**/search/pack.json", lambda route: route.abort())
    page.goto(served + "search/?q=revoke")
    broken = page.locator("#found .note")
    broken.wait_for()
    assert broken.inner_text().startswith("This copy's search could not be loaded.")
    broken.get_by_role("link", name="the codes and their laws").click()
    assert page.locator("h1").inner_text() == "Codes of laws"


def test_without_javascript_the_copys_search_page_leads_to_the_laws(browser, served):  # noqa: F811
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(served + "search/?q=revoke")
    assert "needs its script" in page.locator("main").inner_text()
    assert not page.locator("#found").is_visible()
    page.get_by_role("link", name="Toy Whist, a club's house rules (1901)").click()
    assert page.locator("h1").inner_text() == "Toy Whist, a club's house rules"
    assert page.url.endswith("/copy/codes/toy-whist-house/#laws")
    assert not page.locator("#keep").is_visible()  # keeping a code needs the script too
    context.close()


def test_a_kept_code_settles_a_dispute_with_the_network_off(phone, served, laws, root):
    page = phone.page
    page.goto(served + "codes/toy-whist/")
    keep = page.get_by_role("button", name="Keep this code for use offline")
    status = page.locator("#keep [role=status]")
    page.wait_for_function("() => document.querySelector('#keep [role=status]').textContent.includes('MB')")
    assert status.inner_text() == "It takes 0.2 MB on this phone."
    phone.accessible()
    keep.click()
    page.wait_for_function("() => document.querySelector('#keep [role=status]').textContent.startsWith('Kept')")
    assert status.inner_text().startswith("Kept on this phone for use offline (0.2 MB)")
    assert page.get_by_role("button", name="Remove it from this phone").is_visible()
    assert not keep.is_visible()

    page.context.set_offline(True)
    page.reload()
    assert page.locator("h1").inner_text() == "Toy Whist, test code"
    page.get_by_role("link", name="Settle a dispute under this code").click()
    page.get_by_role("link", name="A revoke").click()
    assert page.locator("h1").inner_text() == "Was the revoke established?"
    page.get_by_role("link", name="Yes", exact=True).click()
    assert page.locator("h1").inner_text() == "Three tricks"
    phone.accessible()
    page.get_by_role("link", name="Law 3").first.click()
    assert page.locator("h1").inner_text() == "Law 3. Revoke"
    # the search page is kept too, with its index
    page.goto(served + "search/?q=revoke")
    assert "Law 3. Revoke (house rule)" in hits(page)

    page.goto(served + "codes/toy-whist-house/")  # another code: not kept
    assert page.locator("h1").inner_text() == "This page is not kept on this phone"
    assert page.url == served + "codes/toy-whist-house/"
    assert phone.errors == ["Failed to load resource: the server responded with a status of 404 ()"]
    phone.errors.clear()  # the service worker answers it with a 404: it is not here
    phone.accessible()
    page.get_by_role("link", name="Toy Whist, test code (1900)").click()
    assert page.url == served + "codes/toy-whist/"
    assert page.locator("h1").inner_text() == "Toy Whist, test code"

    # new laws, a new export: online, the phone keeps the new version (the old one is dropped)
    page.context.set_offline(False)
    toy = laws / "toy-whist.yaml"
    toy.write_text(toy.read_text().replace("A misdeal loses the deal.", "A misdeal passes the deal."))
    export(laws, root / "copy")
    version = json.loads((root / "copy" / "offline" / "toy-whist.json").read_text())["version"]
    page.goto(served + "learn/")
    kept = "async () => (await caches.keys()).filter(name => name.includes(' toy-whist '))"
    for _ in range(100):  # the script keeps the new version in the background: wait for it
        if page.evaluate(kept) == [f"adjudicator /copy/ toy-whist {version}"]:
            break
        page.wait_for_timeout(100)
    page.context.set_offline(True)
    page.goto(served + "codes/toy-whist/laws/4/")
    assert "A misdeal passes the deal." in page.locator("main").inner_text()
    page.context.set_offline(False)
