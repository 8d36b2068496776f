"""`adjudicator export DIR`: the folder served by a plain static file server (http.server)
from a subfolder, crawled from its home page. Every internal link resolves to a file and
stays inside the copy; every law of every code has its page; every scenario that ends in a
ruling has its ruling page at its canonical address, and tapping the scenario's answers from
the irregularity's first question reaches it (after a "not sure": the copy's not-sure ruling,
holding each of the scenario's remedies, linked); every settle page of the copy is at a
canonical address; no form in the copy is broken; twice (one process or two) the same bytes.

The normal suite runs it on the toy library and its scenarios (tests/fixtures). The whole
library: ``make export-check`` (EXPORT_LAWS=laws EXPORT_CASES=tests/cases, the same tests),
which prints the figures; it takes minutes, so it is not part of ``make test``.
"""

from __future__ import annotations

import functools
import html
import io
import os
import re
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import urlopen

import pytest

from adjudicator.checks import load_checked
from adjudicator.cli import main
from adjudicator.engine import NextQuestion, Ruling, adjudicate, find_irregularity
from adjudicator.model import NOT_SURE, Library
from adjudicator.presentation import words
from adjudicator.scenario import Case, read_cases
from adjudicator.web.copy_paths import file_of, relative
from adjudicator.web.export import part_of
from tests.conftest import FIXTURES

LAWS = Path(os.environ.get("EXPORT_LAWS", FIXTURES / "laws"))
CASES = Path(os.environ.get("EXPORT_CASES", FIXTURES / "cases"))
"""The library exported and the scenarios looked for in it (the toy's, unless make export-check)."""
ROOT = "/sub/folder/"
"""Where the copy is served from: two folders down, so that a link that climbs out shows."""


def export_into(folder: Path, *more: str) -> str:
    out = io.StringIO()
    assert main(["--laws", str(LAWS), "export", str(folder), *more], out=out) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def library() -> Library:
    return load_checked(LAWS)


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "sub" / "folder"
    started = time.perf_counter()
    report = export_into(folder, "--jobs", "2")
    print(
        f"\n{report.strip()} (the test measured {time.perf_counter() - started:.1f} s, load {os.getloadavg()[0]:.1f})"
    )
    assert re.fullmatch(r"exported \d+ pages \(\d+ files, \d+\.\d MB\) to .+ in \d+\.\d s\n", report), report
    return folder


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(exported) -> Iterator[str]:
    root = exported.parent.parent  # the export sits two folders down: links must not leave it
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}{ROOT}"
    server.shutdown()
    server.server_close()


_TARGET = re.compile(r'\s(href|src|action)="([^"]*)"')


@pytest.fixture(scope="module")
def crawled(served) -> dict[str, str]:
    """Every page reachable from the home page by the links of the pages, by its address
    under the copy ("codes/x/"), as text; a link that fails or leaves the copy fails."""
    seen: dict[str, str] = {}
    todo = [served]
    broken: list[str] = []
    started = time.perf_counter()
    while todo:
        url = todo.pop()
        address = url[len(served) :]
        if address in seen:
            continue
        try:
            with urlopen(url) as response:  # noqa: S310 - our own loopback server
                body = response.read()
                kind = response.headers.get_content_type()
        except (HTTPError, OSError) as exc:
            broken.append(f"{url}: {exc}")
            continue
        seen[address] = body.decode("utf-8") if kind in ("text/html", "application/json", "text/css") else ""
        if kind != "text/html":
            continue
        for _, target in _TARGET.findall(seen[address]):
            if target.startswith("#"):
                continue
            link = urljoin(url, html.unescape(target)).split("#")[0].split("?")[0]
            assert link.startswith(served), f"{address} links out of the copy: {target}"
            todo.append(link)
    assert not broken, "\n".join(broken[:20])
    print(f"\ncrawled {len(seen)} files in {time.perf_counter() - started:.1f} s")
    return seen


def answers_of(address: str) -> tuple[str, str, dict[str, str]]:
    """A settle page's code, irregularity and answers, from its address in the copy."""
    _, code, irregularity, *segments = address.strip("/").split("/")
    return code, irregularity, dict(segment.split("=", 1) for segment in segments)


def settle_pages(crawled: dict[str, str]) -> list[str]:
    """The questions and rulings of the copy (not its table views and comparisons)."""
    return [
        a
        for a in crawled
        if a.startswith("settle/") and a.count("/") > 3 and "/compare/" not in a and not a.endswith("/table/")
    ]


# ---------------------------------------------------------------- every link, law and ruling


def test_every_internal_link_resolves_to_a_file_served_statically(crawled) -> None:
    assert "codes/" in crawled and "static/site.css" in crawled
    assert 'href="../"' in crawled["codes/"]  # relative links: from a subfolder, never /codes/...
    assert not any('href="/' in body for body in crawled.values())


def test_every_law_of_every_code_has_its_page(crawled, library) -> None:
    missing = [
        f"{code.id} {number}"
        for code in library.codes.values()
        for number in code.laws
        if f"codes/{code.id}/laws/{number}/" not in crawled
    ]
    assert not missing, missing[:20]


def _cases(library: Library) -> list[Case]:
    cases, problems = read_cases(CASES)
    assert not problems and cases
    return [case for case in cases if case.code in library.codes]


def _address(code: str, irregularity: str, answers: dict[str, str], order: list[str]) -> str:
    segments = [f"{q}={answers[q]}" for q in order if q in answers]
    return "/".join(["settle", code, irregularity, *segments]) + "/"


def _title(page: str) -> str:
    return html.unescape(_HEADING.search(page).group(1))


def test_every_ruling_a_scenario_reaches_is_at_its_canonical_address(crawled, library) -> None:
    """Its address holds the answers the ruling used, in the order of the irregularity."""
    missing = []
    checked = 0
    for case in _cases(library):
        code = library.codes[case.code]
        result = adjudicate(code, case.spec.irregularity, case.spec.answers)
        if not isinstance(result, Ruling) or NOT_SURE in case.spec.answers.values():
            continue
        order = list(find_irregularity(code, case.spec.irregularity)[1].questions)
        address = _address(code.id, case.spec.irregularity, result.answers, order)
        checked += 1
        if address not in crawled or _title(crawled[address]) != result.outcomes[0].remedy.title:
            missing.append(f"{case.name}: {address}")
    assert checked and not missing, missing[:20]


_ASK = re.compile(r'<h1 id="ask">(.*?)</h1>')
_ANSWER = re.compile(r'<a class="answer[^"]*" href="([^"]*)">(.*?)</a>')
_HEADING = re.compile(r"<h1[^>]*>(.*?)</h1>")
_WAYS = re.compile(r'<ul class="ways">(.*?)</ul>', re.S)
_IF_SO = re.compile(r'<a href="([^"]*)">The ruling if so</a>')
_HREF = re.compile(r'href="([^"]*)"')


def _follow(address: str, href: str) -> str:
    """The address in the copy that ``href`` on the page at ``address`` leads to."""
    return unquote(urlsplit(urljoin(ROOT + address, html.unescape(href))).path)[len(ROOT) :]


def tap(crawled: dict[str, str], library: Library, case: Case) -> str:
    """From the irregularity's first page, tap the scenario's answers as a player would (each
    question found by the words it asks, each answer by its label) until a ruling, or the
    copy's not-sure ruling where the scenario is not sure: its address."""
    code = library.codes[case.code]
    _, irregularity, _ = find_irregularity(code, case.spec.irregularity)
    address = f"settle/{code.id}/{case.spec.irregularity}/"
    while (ask := _ASK.search(crawled[address])) is not None:
        offered = [html.unescape(text) for _, text in _ANSWER.findall(crawled[address])]
        [question] = [  # two questions may ask in the same words: the answers offered, and the
            q  # scenario's (it answers the one it is asked), tell them apart
            for q in irregularity.questions.values()
            if q.ask == html.unescape(ask.group(1))
            and [a.label for a in q.answers] == offered[: len(q.answers)]
            and q.id in case.spec.answers
        ]
        given = case.spec.answers[question.id]
        label = words.NOT_SURE if given == NOT_SURE else question.answer(given).label
        [href] = [h for h, text in _ANSWER.findall(crawled[address]) if html.unescape(text) == label]
        address = _follow(address, href)
        if given == NOT_SURE:
            break
    return address


def outcome_links(address: str, page: str) -> list[str]:
    """Where a ruling of several outcomes sends each one ("The ruling if so", or the ways to
    each remedy when they are grouped)."""
    hrefs = _IF_SO.findall(page) + [h for block in _WAYS.findall(page) for h in _HREF.findall(block)]
    return [_follow(address, href) for href in hrefs]


def test_tapping_a_scenario_s_answers_reaches_its_ruling(crawled, library) -> None:
    """A certain scenario reaches its remedy; a scenario with "not sure" reaches the copy's
    not-sure ruling at its first such question, which links each of its remedies' rulings."""
    wrong = []
    for case in _cases(library):
        spec = case.spec
        if spec.question is not None:
            continue
        remedies = find_irregularity(library.codes[case.code], spec.irregularity)[1].remedies
        address = tap(crawled, library, case)
        if spec.remedy is not None:
            if _title(crawled[address]) != remedies[spec.remedy].title:
                wrong.append(f"{case.name}: {address} is not {spec.remedy}")
            continue
        linked = {_title(crawled[target]) for target in outcome_links(address, crawled[address])}
        expected = {remedies[r].title for r in spec.outcomes or []}
        if not expected <= linked:
            wrong.append(f"{case.name}: {address} does not link {sorted(expected - linked)}")
    assert not wrong, "\n".join(wrong[:20])


def test_every_settle_page_of_the_copy_is_at_a_canonical_address(crawled, library) -> None:
    """Only answers the page uses; after a "not sure", nothing asked and every later answer
    "not sure": each state of a dispute is one page, and the copy stays the size of its
    questions and rulings."""
    wrong = []
    pages = settle_pages(crawled)
    for address in pages:
        code_id, irregularity, answers = answers_of(address)
        result = adjudicate(library.codes[code_id], irregularity, answers)
        if isinstance(result, NextQuestion):
            fine = [s.question.id for s in result.steps] == list(answers) and NOT_SURE not in answers.values()
        else:
            asked = list(result.answers.values())  # in the order asked
            later = asked[asked.index(NOT_SURE) :] if NOT_SURE in asked else []
            fine = result.answers.keys() == answers.keys() and all(a == NOT_SURE for a in later)
        if not fine:
            wrong.append(address)
    assert pages and not wrong, wrong[:20]


def test_no_form_of_the_copy_is_broken(crawled, exported) -> None:
    """A form leads to the search page (searched in the browser) or to a page that says
    plainly that what it asks for needs the live service."""
    said = (words.NEEDS_THE_SERVICE, words.TOOLS_NEED_THE_SERVICE)
    forms = [(a, action) for a, page in crawled.items() for action in re.findall(r'<form[^>]* action="([^"]*)"', page)]
    wrong = [
        f"{address}: {action}"
        for address, action in forms
        if (target := _follow(address, action)) != "search/"
        and not any(s in html.unescape(crawled[target]) for s in said)
    ]
    assert forms and not wrong, wrong[:20]
    assert words.TOOLS_NEED_THE_SERVICE in html.unescape(crawled["tools/"])
    for tool in ("score", "auction"):  # what the tools' forms would ask for: said in place of the form
        main_part = (exported / "tools" / tool / "index.html").read_text("utf-8").split("<main", 1)[1]
        assert "<form" not in main_part and words.TOOLS_NEED_THE_SERVICE in html.unescape(main_part)


def test_the_same_laws_give_the_same_bytes_in_one_process_or_two(exported, tmp_path) -> None:
    again = tmp_path / "again"
    export_into(again, "--jobs", "1")
    first = {p.relative_to(exported): p.read_bytes() for p in exported.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys() and first == second


# ---------------------------------------------------------------- the copy's pages, by hand (the toy library)


@pytest.fixture(scope="module")
def toy_copy(crawled, tmp_path_factory) -> dict[str, str]:
    """The toy library's copy: the one crawled above, unless that is another library."""
    if LAWS == FIXTURES / "laws":
        return crawled
    folder = tmp_path_factory.mktemp("toy")
    assert main(["--laws", str(FIXTURES / "laws"), "export", str(folder)], out=io.StringIO()) == 0
    return {
        p.relative_to(folder).as_posix().removesuffix("index.html"): p.read_text("utf-8")
        for p in folder.rglob("*.html")
    }


TOY_RULING = "settle/toy-whist/lead-out-of-turn/others-played=no/who-led=adversary/"


def test_a_change_link_asks_the_question_again_with_the_answers_before_it(toy_copy) -> None:
    changes = re.findall(r'<a class="change" href="([^"]*)"', toy_copy[TOY_RULING])
    assert changes == ["../../", "../"]  # had the others played? (no answers); who led? (after "no")


def test_not_sure_leads_to_the_ruling_of_every_outcome_still_possible(toy_copy) -> None:
    first = "settle/toy-whist/lead-out-of-turn/"
    assert ("others-played=not-sure/who-led=not-sure/", "Not sure") in _ANSWER.findall(toy_copy[first])
    ruling = toy_copy[first + "others-played=not-sure/who-led=not-sure/"]
    assert _IF_SO.findall(ruling) == [
        "../../others-played=yes/",
        "../../others-played=no/who-led=declarer/",
        "../../others-played=no/who-led=adversary/",
    ]
    # every change link of it asks the first question again (the copy asks nothing after a "not sure")
    assert set(re.findall(r'<a class="change" href="([^"]*)"', ruling)) == {"../../"}
    assert not [a for a in toy_copy if "not-sure" in a and _ASK.search(toy_copy[a])]


def test_where_not_sure_leaves_too_much_open_the_copy_says_so(toy, monkeypatch) -> None:
    from adjudicator import engine
    from adjudicator.web import create_app
    from adjudicator.web.state import EXPORTING

    monkeypatch.setattr(engine, "MAX_OUTCOMES", 2)  # the first question leaves 3 outcomes, the second 2
    app = create_app({"LIBRARY": toy, "TESTING": True, EXPORTING: True})
    first = app.test_client().get("/settle/toy-whist/lead-out-of-turn").get_data(as_text=True)
    second = app.test_client().get("/settle/toy-whist/lead-out-of-turn/others-played=no").get_data(as_text=True)
    assert ">Not sure</a>" not in first and html.escape(words.NOT_SURE_IN_THE_COPY, quote=False) in first
    assert ">Not sure</a>" in second and html.escape(words.NOT_SURE_IN_THE_COPY, quote=False) not in second


def test_a_folder_that_is_not_an_export_is_refused(tmp_path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["--laws", str(LAWS), "export", str(tmp_path)]) == 2
    assert "not empty" in capsys.readouterr().err and (tmp_path / "notes.txt").read_text() == "mine"


def test_pages_are_folders_and_links_are_relative_to_the_page() -> None:
    assert file_of("/") == "index.html"
    assert file_of("/codes/x/laws/4.2") == "codes/x/laws/4.2/index.html"
    assert file_of("/static/site.css") == "static/site.css"
    assert relative("/codes/x", "/codes/x/laws/50") == "../../"
    assert relative("/settle/c/i/q=a/r=b", "/settle/c/i/q=a") == "r=b/"
    assert relative("/static/site.css", "/") == "static/site.css"
    assert relative("/codes/x#laws", "/codes/x") == "./#laws"
    assert relative("/", "/codes/x") == "../../"
    assert relative("/search?q=a&b=c", "/codes") == "../search/?q=a&b=c"
    assert relative("/api/v1/codes/x", "/codes/x") == "../../api/v1/codes/x.json"


def test_each_code_s_pages_are_its_part_of_the_copy() -> None:
    codes = {"whist": None, "piquet": None}
    assert part_of("/codes/whist/laws/5", codes) == "whist"
    assert part_of("/settle/piquet/revoke/a=b/compare/whist", codes) == "piquet"
    assert part_of("/learn/whist/quiz", codes) == "whist"
    assert part_of("/api/v1/codes/whist", codes) == "whist"
    assert part_of("/settle/auction-bridge", codes) is None  # a game's choice of codes: shared
    assert part_of("/codes", codes) is None and part_of("/static/site.css", codes) is None


def test_the_copy_s_address_of_any_answers_is_the_canonical_one(toy) -> None:
    from adjudicator.web.presenters.settle import copy_answers

    whist = toy.codes["toy-whist"]
    lead = "lead-out-of-turn"
    assert copy_answers(whist, lead, {"who-led": "adversary", "others-played": "no"}) == {
        "others-played": "no",
        "who-led": "adversary",
    }  # in the order asked
    assert copy_answers(whist, lead, {"who-led": "adversary", "others-played": "yes"}) == {"others-played": "yes"}
    assert copy_answers(whist, lead, {"who-led": "adversary"}) == {}  # the first question, asked again
    # after a "not sure": every later question "not sure" too, whatever was answered after it
    assert copy_answers(whist, lead, {"others-played": "not-sure", "who-led": "adversary"}) == {
        "others-played": "not-sure",
        "who-led": "not-sure",
    }
    assert copy_answers(whist, lead, {"others-played": "no", "who-led": "not-sure"}) == {
        "others-played": "no",
        "who-led": "not-sure",
    }
