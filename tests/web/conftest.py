"""Web fixtures: an app over the real library with strict templates and an in-RAM search
index, whose test client checks every /api/v1 response against the OpenAPI document."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from adjudicator import config

API = "/api/v1"
CODES = sorted(path.stem for path in config.laws_dir().glob("*.yaml"))
"""The real codes' ids, read from the file names (no library is loaded at import)."""
CSS_BYTES = (config.ROOT / "static" / "site.css").stat().st_size
PAGE_WEIGHT = 50_000
"""Bytes of HTML plus CSS a page may weigh: every page a player opens at the table (a
question, a ruling, a law) and every list of a code's parts."""
CATALOGUE_WEIGHT = 80_000
"""The one page that lists a whole code's irregularities with a link to every remedy
(/learn/<code>/irregularities): it grows with the code (the English 1908 code's is 38 KB
of HTML), and is read at home rather than at the table."""


def code_pages(code) -> list[str]:
    """A code's own pages (its home, etiquette, glossary, scoring, settle and learn pages),
    walked by the smoke test and read by the page walk."""
    return [f"/codes/{code.id}{part}" for part in ("", "/etiquette", "/glossary", "/scoring")] + [
        f"/settle/{code.id}",
        f"/learn/{code.id}",
    ]


def document() -> dict[str, Any]:
    from adjudicator.web.api.openapi import document

    return document()


@cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for template in document()["paths"]:
        pattern = re.sub(r"\\{[a-z_]+\\}", "[^/]+", re.escape(template))
        out.append((re.compile(f"^{pattern}$"), template))
    return out


@cache
def _registry() -> Registry:
    return Registry().with_resource(
        "urn:openapi", Resource.from_contents(document(), default_specification=DRAFT202012)
    )


def response_schema(path: str, method: str, status: int) -> dict[str, Any] | None:
    """The OpenAPI schema of the response to ``method path`` with ``status``; None if the
    document does not describe that route at all."""
    doc = document()
    relative = path[len(API) :]
    for pattern, template in _routes():
        if pattern.match(relative):
            operation = doc["paths"][template].get(method.lower())
            if operation is None:
                assert status == 405, f"{method} {template} -> {status} but the method is not documented"
                return None
            response = operation["responses"].get(str(status))
            assert response is not None, f"{method} {template} -> {status} is not in the OpenAPI document"
            pointer = f"urn:openapi#/paths/{template.replace('/', '~1')}/{method.lower()}/responses/{status}"
            return {"$ref": f"{pointer}/content/application~1json/schema"}
    return None


def check_against_openapi(path: str, method: str, status: int, body: Any) -> None:
    schema = response_schema(path, method, status)
    if schema is None:  # an unknown route or method under /api: still a JSON error
        assert status in (404, 405), f"{method} {path} -> {status} is not in the OpenAPI document"
        schema = {"$ref": "urn:openapi#/components/schemas/Error"}
    validator = Draft202012Validator(schema, registry=_registry())
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    assert not errors, f"{method} {path} -> {status}: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]
    )


class OpenAPIClient(FlaskClient):
    """A test client that validates every /api/v1 response against the OpenAPI document."""

    def open(self, *args: Any, **kwargs: Any):  # type: ignore[override]
        response = super().open(*args, **kwargs)
        request = response.request
        if request.path.startswith(API + "/"):
            assert response.mimetype == "application/json", f"{request.path}: {response.mimetype}"
            check_against_openapi(request.path, request.method, response.status_code, response.get_json())
        return response


@pytest.fixture(scope="session")
def search_index(library):
    from adjudicator.search import index_for

    return index_for("ram", library, config.laws_dir())


@pytest.fixture
def app(library, search_index):
    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": library, "STRICT_TEMPLATES": True, "SEARCH_INDEX": search_index})
    app.test_client_class = OpenAPIClient
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def toy_index(toy):
    from adjudicator.search import index_for
    from tests.conftest import FIXTURES

    return index_for("ram", toy, FIXTURES / "laws")


@pytest.fixture
def toy_client(toy, toy_index):
    """A client of the app over the toy library (tests/fixtures/laws): hand-written
    expectations stay true whatever laws/ holds."""
    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "LIBRARY": toy, "STRICT_TEMPLATES": True, "SEARCH_INDEX": toy_index})
    app.test_client_class = OpenAPIClient
    return app.test_client()


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.data, "html.parser")


def headings(page: BeautifulSoup) -> list[tuple[int, str]]:
    return [(int(h.name[1]), h.get_text(" ", strip=True)) for h in page.find_all(re.compile(r"^h[1-6]$"))]


def check_page(response, status: int = 200, weight: int = PAGE_WEIGHT) -> BeautifulSoup:
    """What every HTML page must be: the status, a title, one h1 first, headings that never
    skip a level going down, every id used once (a label or aria-labelledby finds the one
    element it means), every visible control labelled."""
    assert response.status_code == status, response.data[:500]
    assert response.mimetype == "text/html"
    page = soup(response)
    assert page.title and page.title.get_text(strip=True)
    levels = headings(page)
    assert [lvl for lvl, _ in levels].count(1) == 1, levels
    assert levels[0][0] == 1, levels
    for (before, _), (after, text) in zip(levels, levels[1:], strict=False):
        assert after <= before + 1, f"heading h{after} {text!r} follows h{before}"
    ids = [element["id"] for element in page.find_all(id=True)]
    assert len(ids) == len(set(ids)), f"ids used more than once: {sorted({i for i in ids if ids.count(i) > 1})}"
    for control in page.find_all(["input", "select", "textarea"]):
        if control.get("type") == "hidden":
            continue
        assert control.get("id") and page.find("label", attrs={"for": control["id"]}), control
    for button in page.find_all("button"):
        assert button.get_text(strip=True), button
    assert page.find("a", class_="skip", href="#main") and page.find(id="main")
    assert len(response.data) + CSS_BYTES < weight, f"{len(response.data)} bytes of HTML + {CSS_BYTES} of CSS"
    return page


def scenario_result(library, case):
    """The engine's answer to a scenario; a scenario the engine itself rejects is skipped
    here (tests/test_cases.py reports it)."""
    from adjudicator.engine import adjudicate
    from adjudicator.errors import AdjudicatorError

    try:
        return adjudicate(library.code(case.code), case.spec.irregularity, case.spec.answers)
    except AdjudicatorError as exc:
        pytest.skip(f"the scenario itself fails ({exc}); see tests/test_cases.py")


def first_path(code, irregularity_id):
    """Answer the first choice of every question until the ruling."""
    from adjudicator.engine import NextQuestion, adjudicate

    answers: dict[str, str] = {}
    while isinstance(result := adjudicate(code, irregularity_id, answers), NextQuestion):
        answers[result.question.id] = result.question.answers[0].id
    return answers, result


def change_that_matters(library):
    """A code, irregularity and answers whose first answer, changed, changes the ruling:
    (code id, irregularity id, answers, first question id, other answer id, before, after)."""
    from adjudicator.engine import NextQuestion, adjudicate, available

    for code in library.codes.values():
        for irregularity, _ in available(code):
            answers, ruling = first_path(code, irregularity.id)
            if not answers or ruling.remedy is None:
                continue
            first = next(iter(answers))
            for answer in ruling.irregularity.questions[first].answers[1:]:
                changed = {**answers, first: answer.id}
                while isinstance(result := adjudicate(code, irregularity.id, changed), NextQuestion):
                    changed[result.question.id] = result.question.answers[0].id
                if result.remedy is not None and result.remedy.id != ruling.remedy.id:
                    return code.id, irregularity.id, answers, first, answer.id, ruling, result
    pytest.skip("no irregularity in the library has an answer that changes the ruling")


def settle_address(code_id: str, irregularity_id: str, answers=None, view: str = "") -> str:
    """A settling address as the README writes it: ``/settle/CODE/IRREGULARITY/question=answer/...``,
    then ``table`` or ``compare/OTHER`` for those views (the answers in the order given)."""
    parts = [f"/settle/{code_id}/{irregularity_id}", *(f"{q}={a}" for q, a in (answers or {}).items())]
    if view:
        parts.append(view)
    return "/".join(parts)


def answers_of(url: str) -> dict[str, str]:
    """The answers a settling address holds: the ``question=answer`` segments after the
    irregularity (``/settle/CODE/IRREGULARITY/...``), up to ``table`` or ``compare``."""
    from urllib.parse import unquote, urlsplit

    answers: dict[str, str] = {}
    for segment in urlsplit(url).path.split("/")[4:]:
        question, sep, answer = segment.partition("=")
        if not sep:
            break
        answers[unquote(question)] = unquote(answer)
    return answers
