"""The JSON API: every route, the same content as adjudicator.serialize, errors that name
the field, and an OpenAPI 3.1 document that validates and describes every response (the
client in conftest.py checks each /api/v1 response against it)."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate

from adjudicator import config, serialize
from adjudicator.engine import adjudicate, available
from adjudicator.loader import load_library
from adjudicator.model import NOT_SURE
from adjudicator.scenario import read_cases
from adjudicator.web.openapi import document
from tests.conftest import CASES_DIR
from tests.web.conftest import scenario_result

LIBRARY = load_library(config.laws_dir())
CODES = list(LIBRARY.codes)
CASES = [case for case in read_cases(CASES_DIR)[0] if case.code in LIBRARY.codes]
API = "/api/v1"


def test_the_openapi_document_is_valid_openapi_3_1(client):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)
    assert doc == document()


def test_every_route_of_the_api_blueprint_is_documented(app):
    documented = set(document()["paths"])
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("api."):
            template = rule.rule[len(API) :].replace("<", "{").replace(">", "}")
            assert template in documented, rule.rule
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                assert method.lower() in document()["paths"][template], (method, rule.rule)


def test_codes_lists_every_code(client, library):
    data = client.get(f"{API}/codes").get_json()
    assert data == [serialize.code_summary(c) for c in library.codes.values()]


@pytest.mark.parametrize("code_id", CODES)
def test_one_code_and_its_laws(client, library, code_id):
    code = library.code(code_id)
    data = client.get(f"{API}/codes/{code_id}").get_json()
    assert data == serialize.code_detail(code)
    laws = client.get(f"{API}/codes/{code_id}/laws").get_json()
    assert [law["number"] for law in laws] == list(code.laws)
    for number in list(code.laws)[:5]:
        law = client.get(f"{API}/codes/{code_id}/laws/{number}").get_json()
        assert law == serialize.law_detail(code.laws[number], code)


@pytest.mark.parametrize(
    "code_id,irregularity_id", [(c.id, i.id) for c in LIBRARY.codes.values() for i, _ in available(c)]
)
def test_every_irregularity_starts_with_a_question_or_a_ruling(client, library, code_id, irregularity_id):
    response = client.get(f"{API}/codes/{code_id}/irregularities/{irregularity_id}")
    assert response.status_code == 200
    assert response.get_json() == serialize.result(adjudicate(library.code(code_id), irregularity_id, {}))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}: {c.name}" for c in CASES])
def test_every_scenario_by_get_and_by_post(client, library, case):
    expected = serialize.result(scenario_result(library, case))
    got = client.get(f"{API}/codes/{case.code}/irregularities/{case.spec.irregularity}", query_string=case.spec.answers)
    assert got.status_code == 200 and got.get_json() == expected
    body = {"code": case.code, "irregularity": case.spec.irregularity, "answers": case.spec.answers}
    posted = client.post(f"{API}/adjudicate", json=body)
    assert posted.status_code == 200 and posted.get_json() == expected


def test_search(client, library):
    code = next(c for c in library.codes.values() if c.laws)
    number = next(iter(code.laws))
    data = client.get(f"{API}/search", query_string={"q": f"law {number}", "code": code.id}).get_json()
    assert data["hits"][0]["number"] == number and data["hits"][0]["exact"] is True
    data = client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": 3, "page": 2}).get_json()
    assert data["page"] == 2 and data["pagelen"] == 3 and len(data["hits"]) <= 3


def error_of(response, status: int, field: str | None):
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert error["status"] == status and error["message"]
    assert error["field"] == field, error
    return error


def test_unknown_code_is_a_404_naming_the_field_with_the_choices(client, library):
    code_id = CODES[0]
    error = error_of(client.get(f"{API}/codes/{code_id}x"), 404, "code")
    assert code_id in error["choices"] and "did you mean" in error["message"]
    error_of(client.get(f"{API}/codes/{code_id}x/laws"), 404, "code")
    error_of(client.post(f"{API}/adjudicate", json={"code": "nope", "irregularity": "revoke"}), 404, "code")


def test_unknown_law_and_irregularity(client, library):
    code_id = CODES[0]
    error_of(client.get(f"{API}/codes/{code_id}/laws/no-such-law"), 404, "number")
    error_of(client.get(f"{API}/codes/{code_id}/irregularities/no-such-thing"), 404, "irregularity")


def test_bad_question_and_bad_answer_name_the_question(client, library):
    code = next(c for c in library.codes.values() if c.irregularities)
    irregularity = next(i for i in code.irregularities.values() if i.questions)
    question = irregularity.questions.get(irregularity.start, None)
    path = f"{API}/codes/{code.id}/irregularities/{irregularity.id}"
    error = error_of(client.get(path, query_string={"no-such-question": "yes"}), 400, "no-such-question")
    assert set(error["choices"]) == set(irregularity.questions)
    if question is not None:
        error = error_of(client.get(path, query_string={question.id: "no-such-answer"}), 400, question.id)
        assert NOT_SURE in error["choices"]
        body = {"code": code.id, "irregularity": irregularity.id, "answers": {question.id: "no-such-answer"}}
        error_of(client.post(f"{API}/adjudicate", json=body), 400, question.id)
    error_of(client.get(path + "?a=1&a=2"), 400, "a")


@pytest.mark.parametrize(
    "body,field",
    [
        (b"not json", "body"),
        (b"[1, 2]", "body"),
        (b'"text"', "body"),
        (b"{", "body"),
        (b'{"irregularity": "revoke"}', "code"),
        (b'{"code": 5, "irregularity": "revoke"}', "code"),
        (b'{"code": "x"}', "irregularity"),
        (b'{"code": "x", "irregularity": "revoke", "answers": []}', "answers"),
        (b'{"code": "x", "irregularity": "revoke", "answers": {"q": 1}}', "answers"),
        (b'{"code": "x", "irregularity": "revoke", "extra": 1}', "extra"),
    ],
)
def test_bad_json_bodies_are_400s_naming_the_field(client, body, field):
    response = client.post(f"{API}/adjudicate", data=body, content_type="application/json")
    error_of(response, 400, field)


def test_too_large_a_body_is_a_413(client):
    response = client.post(f"{API}/adjudicate", data=b"x" * (65 * 1024), content_type="application/json")
    error_of(response, 413, "body")


def test_search_errors(client):
    error_of(client.get(f"{API}/search"), 400, "q")
    error_of(client.get(f"{API}/search", query_string={"q": "x" * 201}), 400, "q")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "page": "0"}), 400, "page")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": "x"}), 400, "pagelen")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "code": "nope"}), 404, "code")
    error_of(client.get(f"{API}/search", query_string={"q": "revoke", "game": "nope"}), 400, "game")


def test_a_search_page_past_the_last_is_the_last(client):
    """page=999 of a few pages: the last page, and ``page`` says which (it was empty, page 999)."""
    data = client.get(f"{API}/search", query_string={"q": "revoke", "pagelen": 10, "page": 999}).get_json()
    last = -(-data["total"] // 10)
    assert last > 1 and data["page"] == last
    assert len(data["hits"]) == data["total"] - (last - 1) * 10 > 0
    described = next(p for p in document()["paths"]["/search"]["get"]["parameters"] if p["name"] == "page")
    assert "past the last" in described["description"]


def test_search_kind_is_one_the_index_has(client):
    """The kinds documented, accepted and offered are the index's own (search.KINDS); an
    unknown kind is a 400 naming the field and listing them, not an empty 200."""
    from adjudicator.search import KINDS
    from adjudicator.web.searching import KIND_LABELS

    operation = document()["paths"]["/search"]["get"]
    kind = next(p for p in operation["parameters"] if p["name"] == "kind")
    assert kind["schema"]["enum"] == list(KINDS)
    assert list(KIND_LABELS) == list(KINDS)
    error = error_of(client.get(f"{API}/search", query_string={"q": "revoke", "kind": "zzz"}), 400, "kind")
    assert error["choices"] == list(KINDS) and error["value"] == "zzz"
    for value in KINDS:
        data = client.get(f"{API}/search", query_string={"q": "revoke", "kind": value}).get_json()
        assert {h["kind"] for h in data["hits"]} <= {value}


def test_the_document_promises_only_statuses_the_service_sends():
    """create_app opens a search index or refuses to start, so search is never a 503 (the
    document promised one, for a path no request could reach)."""
    statuses = {s for item in document()["paths"].values() for op in item.values() for s in op["responses"]}
    assert statuses == {"200", "400", "404", "413"}


def test_unknown_routes_and_methods_under_the_api_are_json(client):
    error_of(client.get(f"{API}/nothing-here"), 404, None)
    response = client.delete(f"{API}/codes")
    error_of(response, 405, None)
    assert "GET" in response.headers["Allow"]


def test_the_document_is_built_once(client):
    assert document() is document()
    assert client.get(f"{API}/openapi.json").get_json() == document()
