"""One pass over every real address: every law page, every irregularity's first question,
every scenario test's ruling page and API step (GET and POST), every code's pages.

Each address gets the checks every page must pass (check_page: status, content type, one
h1, headings in order, ids used once, labelled controls, weight) and the checks of its
kind: the law's number and title, the code's words quoted, the links to what it cites and
to the rulings that rest on it; the ruling's remedy, what happens now, the cited laws, the
change links. The expected values come from the law data (the model and the engine),
never from the presentation. Problems are collected, so one run names every broken address.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from adjudicator.engine import NextQuestion, adjudicate, available
from adjudicator.model import NOT_SURE
from adjudicator.scenario import read_cases
from adjudicator.web.presenters.settle import COMPACT_AFTER
from tests.conftest import CASES_DIR
from tests.web.conftest import CATALOGUE_WEIGHT, PAGE_WEIGHT, answers_of, check_page, code_pages, settle_address

API = "/api/v1"


def plain(node) -> str:
    return " ".join(node.get_text().split())


class Problems:
    """Failures collected across addresses, reported together."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def check(self, address: str, condition: object, what: str) -> None:
        if not condition:
            self.found.append(f"{address}: {what}")

    def page(self, address: str, response, status: int = 200, weight: int = PAGE_WEIGHT):
        try:
            return check_page(response, status, weight)
        except AssertionError as exc:
            self.found.append(f"{address}: {exc}"[:500])
            return None

    def done(self) -> None:
        assert not self.found, f"{len(self.found)} problem(s):\n" + "\n".join(self.found[:40])


def heading(number: str, law) -> str:
    """A law page's h1: the number as the book prints it (laws printed together, 4-6: "Laws
    4 to 6") and the title; a rule the book does not number, its title alone."""
    if not law.printed:
        return law.title
    if re.fullmatch(r"\d+-\d+", number):
        first, last = number.split("-")
        return f"Laws {first} to {last}. {law.title}"
    return f"Law {number}. {law.title}"


@pytest.fixture(scope="module")
def cases(library):
    return [case for case in read_cases(CASES_DIR)[0] if case.code in library.codes]


def test_every_law_page(client, library):
    problems = Problems()
    for code in library.codes.values():
        for number, law in code.laws.items():
            address = f"/codes/{code.id}/laws/{number}"
            page = problems.page(address, client.get(address))
            if page is None:
                continue
            problems.check(address, page.h1.get_text(" ", strip=True) == heading(number, law), "h1")
            text = " ".join(page.get_text(" ", strip=True).split())
            problems.check(address, "Digest" in text, "the digest's label")
            for quote in law.quotes:
                problems.check(address, " ".join(quote.words.split())[:60] in text, "a quote")
            hrefs = {a["href"] for a in page.find_all("a", href=True)}
            for cited in law.see_also:
                if cited.number in code.laws:
                    problems.check(address, f"/codes/{code.id}/laws/{cited.number}" in hrefs, f"see also {cited}")
            laws, remedies = code.citing(number)
            for other in laws:
                problems.check(address, f"/codes/{code.id}/laws/{other.number}" in hrefs, f"cited by {other.number}")
            if remedies:
                section = page.find(id="cited-by").find_parent("section")
                links = [a for a in section.find_all("a", href=True) if "/settle/" in a["href"]]
                reached = set()
                for link in links:  # each link is a ruling page that rests on this law
                    url = urlsplit(link["href"])
                    irregularity_id = url.path.split("/")[3]
                    answers = answers_of(link["href"])
                    wanted_url = settle_address(code.id, irregularity_id, answers)
                    problems.check(address, url.path == wanted_url and not url.query, link["href"])
                    result = adjudicate(code, irregularity_id, answers)
                    if isinstance(result, NextQuestion) or result.remedy is None:
                        problems.found.append(f"{address}: {link['href']} is not a ruling")
                        continue
                    problems.check(address, link.get_text(strip=True) == result.remedy.title, "a link's title")
                    problems.check(address, any(c.number == number for c in result.remedy.cites), link["href"])
                    reached.add((result.remedy.irregularity, result.remedy.id))
                wanted = {(r.irregularity, r.id) for r in remedies}
                problems.check(address, reached == wanted, f"cited by {sorted(wanted - reached)}")
            for other_code, other_number in law.same_as.items():
                if other_code in library.codes and other_number in library.codes[other_code].laws:
                    problems.check(address, f"/codes/{other_code}/laws/{other_number}" in hrefs, "same as")
            if law.origin != code.id:
                problems.check(address, f"/codes/{law.origin}/laws/{number}" in hrefs, "inherited from")
            sources = page.find(id="sources").find_parent("section").get_text(" ", strip=True)
            problems.check(address, "How sure the text is:" in sources, "how sure the text is")
    problems.done()


def test_every_irregularity_starts_with_its_first_question(client, library):
    problems = Problems()
    for code in library.codes.values():
        for irregularity, fallback in available(code):
            address = f"/settle/{code.id}/{irregularity.id}"
            result = adjudicate(code, irregularity.id, {})
            api = client.get(f"{API}/codes/{code.id}/irregularities/{irregularity.id}")  # checked against OpenAPI
            problems.check(address, api.status_code == 200, f"API {api.status_code}")
            page = problems.page(address, client.get(address))
            if page is None:
                continue
            if not isinstance(result, NextQuestion):  # no question: straight to the ruling
                problems.check(address, api.get_json()["kind"] == "ruling", "API kind")
                continue
            data = api.get_json()
            problems.check(address, data["question"]["id"] == result.question.id, "API question")
            question = page.find("section", class_="question")
            problems.check(address, question.h1.get_text(strip=True) == result.question.ask, "the question")
            links = [a["href"] for a in question.find(class_="answers").find_all("a")]
            q = result.question.id
            wanted = [f"{address}/{q}={a.id}" for a in result.question.answers] + [f"{address}/{q}={NOT_SURE}"]
            problems.check(address, links == wanted, "the answers as links to the next address, not sure last")
            problems.check(address, not page.find("script"), "no script")
            if fallback is not None:
                problems.check(address, "General laws" in page.find(class_="notice").get_text(), "the fallback")
    problems.done()


def test_every_scenario_is_a_page_and_an_api_step(client, library, cases):
    problems = Problems()
    for case in cases:
        code = library.code(case.code)
        try:
            result = adjudicate(code, case.spec.irregularity, case.spec.answers)
        except Exception:  # noqa: S112 - tests/test_cases.py reports a scenario the engine rejects
            continue
        path = f"/settle/{case.code}/{case.spec.irregularity}"
        address = f"{path} ({case.name})"
        api = client.get(
            f"{API}/codes/{case.code}/irregularities/{case.spec.irregularity}", query_string=case.spec.answers
        )
        body = {"code": case.code, "irregularity": case.spec.irregularity, "answers": case.spec.answers}
        posted = client.post(f"{API}/adjudicate", json=body)
        problems.check(address, api.status_code == posted.status_code == 200, "API status")
        problems.check(address, api.get_json() == posted.get_json(), "GET and POST differ")
        page = problems.page(address, client.get(settle_address(case.code, case.spec.irregularity, case.spec.answers)))
        if page is None:
            continue
        data = api.get_json()
        if isinstance(result, NextQuestion):
            problems.check(address, page.h1.get_text(strip=True) == result.question.ask, "the question")
            problems.check(address, data["question"]["ask"] == result.question.ask, "API question")
            continue
        problems.check(
            address,
            [o["remedy"]["id"] for o in data["outcomes"]] == [o.remedy.id for o in result.outcomes],
            "API remedies",
        )
        for got, outcome in zip(data["outcomes"], result.outcomes, strict=False):
            remedy = outcome.remedy
            problems.check(
                address, got["remedy"]["now"] == remedy.now and got["remedy"]["title"] == remedy.title, "API now"
            )
            problems.check(
                address, [law["citation"] for law in got["laws"]] == [str(c) for c in remedy.cites], "API laws"
            )
        hrefs = {a["href"] for a in page.find_all("a", href=True)}
        for outcome in result.outcomes:
            for cited in outcome.laws:
                if cited.law is not None:
                    problems.check(
                        address, f"/codes/{result.code.id}/laws/{cited.law.number}" in hrefs, f"law {cited.citation}"
                    )
        if result.is_certain:
            remedy = result.remedy
            problems.check(address, page.h1.get_text(strip=True) == remedy.title, "h1 is the remedy's title")
            problems.check(
                address, plain(page.find("p", class_="now")) == " ".join(remedy.now.split()), "what happens now"
            )
            if remedy.options:
                options = plain(page.find(class_="options"))
                for choice in remedy.options.choices:
                    problems.check(address, " ".join(choice.text.split()) in options, f"choice {choice.id}")
            if remedy.unsure:
                problems.check(address, "Call the director" in page.find(class_="warning").get_text(), "the director")
        else:
            outcomes = page.find_all("section", class_="outcome")
            if len(result.outcomes) > COMPACT_AFTER:  # grouped by remedy, each way a link
                titles = list(dict.fromkeys(o.remedy.title for o in result.outcomes))
                problems.check(address, [s.h2.get_text(strip=True) for s in outcomes] == titles, "groups")
            else:
                problems.check(address, len(outcomes) == len(result.outcomes), "one section an outcome")
                for section, outcome in zip(outcomes, result.outcomes, strict=False):
                    problems.check(address, all(s.fact in plain(section.h2) for s in outcome.assumed), "the key")
                    problems.check(address, section.h3.get_text(strip=True) == outcome.remedy.title, "the remedy")
        changes = {a["aria-label"] for a in page.find_all("a", class_="change")}
        asked = {f"Change the answer to: {s.question.ask}" for o in result.outcomes for s in o.steps}
        problems.check(
            address, changes == asked if len(result.outcomes) <= COMPACT_AFTER else changes <= asked, "changes"
        )
        decided = page.find(id="decided").find_parent("section").get_text(" ", strip=True)
        problems.check(address, result.code.title in decided and result.code.edition in decided, "decided under")
    problems.done()


def test_every_code_and_its_parts(client, library):
    problems = Problems()
    for code in library.codes.values():
        for address in code_pages(code):
            problems.page(address, client.get(address))
        address = f"/learn/{code.id}/irregularities"
        problems.page(address, client.get(address), weight=CATALOGUE_WEIGHT)
        for address in (f"{API}/codes/{code.id}", f"{API}/codes/{code.id}/laws"):
            problems.check(address, client.get(address).status_code == 200, "API status")
    problems.done()
