"""A walk over every page a reader can reach (every address the smoke test walks, and the
home, lists, searches, comparisons, table views, quizzes and error pages), reading the
visible text as a player reads it.

It fails on words written for us rather than for the table: an empty heading (a heading
with nothing under it before the next heading of its rank), brackets inside brackets, "?."
and "..", an internal source key of the law files (``seed-003``, ``FCH``), the words "seed",
"not retrieved" and "provisional", and an id we gave an unnumbered rule (``NAP-HGM-05``,
``FR-5``) shown where a law number would be. The forbidden tokens are read from the law
files (every source key, every law number the code does not print), never from the pages.
Findings are collected by kind, so one run names every page and every kind.
"""

from __future__ import annotations

import re
from collections import defaultdict

from bs4 import BeautifulSoup, NavigableString, Tag

from adjudicator.engine import NextQuestion, adjudicate, available
from adjudicator.presentation.words import NUMBERED
from adjudicator.scenario import read_cases
from tests.conftest import CASES_DIR
from tests.web.conftest import code_pages

BLOCKS = {
    "p", "li", "dt", "dd", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "figcaption",
    "summary", "caption", "legend", "label", "button", "option", "title", "div", "section", "header",
    "footer", "nav", "ul", "ol", "dl", "table", "tr", "details", "figure", "form", "fieldset", "main",
    "br", "small",
}  # fmt: skip
"""Elements whose text reads as its own line (a bracket never runs from one into another)."""
HEADING = re.compile(r"^h[1-6]$")
CLAUSE = re.compile(r"(?:(?<=[0-9a-z])|(?<=\)-))\([a-z0-9]{1,4}\)")
"""A law's clause, 37(c), 60(h)-(i): brackets that belong to a law number, not to the sentence."""
NESTED = re.compile(r"\([^()]*\(")
ADDRESS = re.compile(r"\S*(/|\?\w+=)\S*")
"""An address printed on the page (the quiz sheet's): its query words (seed=1) are not prose."""
WORDS = {
    "?.": re.compile(r"\?\."),
    "..": re.compile(r"(?<!\.)\.\.(?!\.)"),
    '"seed"': re.compile(r"\bseed(s|ed)?\b", re.I),
    '"not retrieved"': re.compile(r"\bnot[- ]retrieved\b", re.I),
    '"provisional"': re.compile(r"\bprovisional(ly)?\b", re.I),
}


def tokens(names) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


def visible_lines(page: BeautifulSoup) -> list[str]:
    """The page's text as a reader sees it (the title, then the body; no script or style),
    one line per block."""
    # one pass over the tree, by name (bs4's find_all matches each name through its filters: 3x slower)
    elements = [node for node in page.descendants if isinstance(node, Tag)]
    for hidden in [e for e in elements if e.name in ("script", "style", "template")]:
        hidden.decompose()
    for block in [e for e in elements if e.name in BLOCKS and not e.decomposed]:
        block.insert_before("\n")
        block.append("\n")
    return [" ".join(line.split()) for line in page.get_text().splitlines() if line.strip()]


def empty_headings(page: BeautifulSoup) -> list[str]:
    """Headings with no text, or with nothing under them before the next heading of the
    same rank or higher."""
    found: list[str] = []
    order: list[tuple[int, str] | None] = []  # a heading (level, text), or None for text
    nodes = list(page.body.descendants) if page.body else []
    headings = [n for n in nodes if isinstance(n, Tag) and HEADING.match(n.name)]
    in_headings = {id(s) for h in headings for s in h.descendants if isinstance(s, NavigableString)}
    for node in nodes:
        if isinstance(node, Tag):
            if HEADING.match(node.name):
                order.append((int(node.name[1]), " ".join(node.get_text().split())))
        elif (
            isinstance(node, NavigableString)
            and node.strip()
            and id(node) not in in_headings
            and node.parent.name not in ("script", "style")
        ):
            order.append(None)
    for i, item in enumerate(order):
        if item is None:
            continue
        level, text = item
        if not text:
            found.append(f"h{level} with no text")
            continue
        for after in order[i + 1 :]:
            if after is None:
                break
            if after[0] <= level:
                found.append(f"h{level} {text!r} has nothing under it")
                break
        else:
            found.append(f"h{level} {text!r} has nothing under it")
    return found


class Walk:
    """The findings of a walk, by kind."""

    def __init__(self, library) -> None:
        self.found: dict[str, list[str]] = defaultdict(list)
        self.keys = tokens(key for code in library.codes.values() for key in code.sources)
        self.ids = tokens(
            number for code in library.codes.values() for number in code.laws if not NUMBERED.fullmatch(number)
        )
        self.pages = 0

    def read(self, address: str, response) -> None:
        if response.mimetype != "text/html":
            return
        self.pages += 1
        page = BeautifulSoup(response.data, "html.parser")
        for what in empty_headings(page):
            self.found["empty heading"].append(f"{address}: {what}")
        for line in visible_lines(page):
            line = ADDRESS.sub("", line)
            if NESTED.search(CLAUSE.sub("", line)):
                self.found["nested brackets"].append(f"{address}: {line[:160]}")
            for kind, pattern in WORDS.items():
                if pattern.search(line):
                    self.found[kind].append(f"{address}: {line[:160]}")
            if match := self.keys.search(line):
                self.found["source key"].append(f"{address}: {match.group(1)!r} in {line[:140]}")
            if match := self.ids.search(line):
                self.found["id as a law number"].append(f"{address}: {match.group(1)!r} in {line[:140]}")

    def report(self) -> str:
        lines = [f"{self.pages} pages read"]
        for kind, items in sorted(self.found.items()):
            lines.append(f"{kind}: {len(items)}")
            lines.extend(f"    {item}" for item in items[:8])
        return "\n".join(lines)


def addresses(library) -> list[str]:
    """Every page the smoke test walks, and the pages around them."""
    out = ["/", "/codes", "/settle", "/learn", "/tools", "/search"]
    for code in library.codes.values():
        out += [f"/codes/{code.id}/laws/{number}" for number in code.laws]
        out += [
            *code_pages(code),
            f"/learn/{code.id}/irregularities",
            f"/learn/{code.id}/quiz/sheet?level=director&seed=1&n=10",
            f"/learn/{code.id}/quiz?level=director&seed=1&n=10",
        ]
        for irregularity, _ in available(code):
            out.append(f"/settle/{code.id}/{irregularity.id}")
            others = [c for c in library.codes.values() if c.game == code.game and c.id != code.id]
            if others and irregularity.id in others[0].irregularities:
                out.append(f"/settle/{code.id}/{irregularity.id}/compare/{others[0].id}")
    for case in read_cases(CASES_DIR)[0]:
        if case.code not in library.codes:
            continue
        try:
            result = adjudicate(library.code(case.code), case.spec.irregularity, case.spec.answers)
        except Exception:  # noqa: S112 - tests/test_cases.py reports a scenario the engine rejects
            continue
        query = "&".join(f"{k}={v}" for k, v in case.spec.answers.items())
        path = f"/settle/{case.code}/{case.spec.irregularity}"
        out.append(f"{path}?{query}" if query else path)
        if not isinstance(result, NextQuestion):
            out.append(f"{path}/table?{query}" if query else f"{path}/table")
    out += [
        f"/search?q={q}"
        for q in ("revoke", "insufficient bid", "lead out of turn", "too many cards", "law 50", "renig", "nap")
    ]
    out += [
        "/search?q=" + "revoke " * 60,
        "/codes/auction-bridge-1951",
        "/codes/auction-bridge-1915/laws/500",
        "/settle/auction-bridge-1915/insuficient-bid",
        "/settle/auction-bridge-1915/insufficient-bid?noticed-in-time=maybe",
        "/learn/auction-bridge-1915/quiz?level=director&seed=1&a=zz",
        "/nowhere",
    ]
    return list(dict.fromkeys(out))


def test_every_page_reads_as_written_for_the_table(client, library):
    walk = Walk(library)
    for address in addresses(library):
        walk.read(address, client.get(address, follow_redirects=True))
    assert not walk.found, walk.report()


def test_the_walk_finds_what_it_looks_for(library):
    """The walk's readers, on a page written to break every rule once."""
    html = """<html><head><title>Law NAP-HGM-05</title></head><body>
    <h1>A ruling</h1><p>the offender (the player (who erred))</p><p>Doubled?.</p><p>Oops..</p>
    <p>Known from seed 003; the text was not retrieved; provisional.</p><p>FCH, p. 12</p>
    <h2>In short</h2><h2>Why</h2><p>Because Law 37(c) (and 37(d), 60(h)-(i)) says so...</p></body></html>"""
    walk = Walk(library)

    class Response:
        mimetype = "text/html"
        data = html.encode()

    walk.read("/x", Response())
    assert {kind: len(items) for kind, items in walk.found.items()} == {
        "empty heading": 1,
        "nested brackets": 1,
        "?.": 1,
        "..": 1,
        '"seed"': 1,
        '"not retrieved"': 1,
        '"provisional"': 1,
        "source key": 1,
        "id as a law number": 1,
    }
