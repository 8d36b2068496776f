"""The JSON API, ``/api/v1``: the same content as the pages, shaped by adjudicator.serialize.

Errors are JSON with a 4xx status: ``{"error": {status, message, field, value, choices}}``
(see handlers.py). The OpenAPI 3.1 document describing every route is at
``/api/v1/openapi.json``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from adjudicator import serialize
from adjudicator.engine import adjudicate
from adjudicator.web import learn, library_of, tools_api
from adjudicator.web.handlers import BadInput
from adjudicator.web.openapi import document
from adjudicator.web.pagecache import cached
from adjudicator.web.pages import given_answers
from adjudicator.web.searching import read_params, run

bp = Blueprint("api", __name__, url_prefix="/api/v1")

BODY_KEYS = ("code", "irregularity", "answers")


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())


@bp.get("/codes")
def codes() -> Response:
    library = library_of(current_app)
    return jsonify([serialize.code_summary(c) for c in library.codes.values()])


@bp.get("/codes/<code>")
def code(code: str) -> Response:
    return jsonify(serialize.code_detail(library_of(current_app).code(code)))


@bp.get("/codes/<code>/laws")
def laws(code: str) -> Response:
    item = library_of(current_app).code(code)
    return jsonify([serialize.law(law, item) for law in item.laws.values()])


@bp.get("/codes/<code>/laws/<number>")
def law(code: str, number: str) -> Response:
    item = library_of(current_app).code(code)
    return jsonify(serialize.law_detail(item.numbered(number), item))


@bp.get("/codes/<code>/irregularities/<irregularity>")
def irregularity(code: str, irregularity: str) -> Response:
    item = library_of(current_app).code(code)
    given = given_answers()
    result = adjudicate(item, irregularity, given)  # raises on a bad answer: only answered steps are cached
    body = cached(
        ("api-step", item.id, irregularity, tuple(given.items())),
        lambda: jsonify(serialize.result(result)).get_data(as_text=True),
    )
    return Response(body, mimetype="application/json")


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise BadInput(f"{key!r} must be a non-empty string; got {type(value).__name__}", key)
    return value


@bp.post("/adjudicate")
def adjudicate_body() -> Response:
    try:
        data = request.get_json(force=True, silent=True)
    except RecursionError:  # arrays nested thousands deep (found by tests/web/test_security.py): not an object
        data = None
    if not isinstance(data, dict):
        raise BadInput(
            'the body must be a JSON object: {"code": "...", "irregularity": "...", "answers": {"question": "answer"}}',
            "body",
        )
    for key in data:
        if key not in BODY_KEYS:
            raise BadInput(f"unknown key {str(key)[:40]!r}; the body has: {', '.join(BODY_KEYS)}", str(key)[:40])
    code_id, irregularity_id = _text(data, "code"), _text(data, "irregularity")
    answers = data.get("answers", {})
    if not isinstance(answers, dict) or not all(isinstance(v, str) for v in answers.values()):
        raise BadInput("'answers' must be an object of question id -> answer id (both strings)", "answers")
    item = library_of(current_app).code(code_id)
    return jsonify(serialize.result(adjudicate(item, irregularity_id, answers)))


@bp.get("/quiz")
def quiz() -> Response:
    return jsonify(learn.quiz_data(library_of(current_app), request.args))


@bp.get("/codes/<code>/score")
def score(code: str) -> Response:
    return tools_api.score(code)


@bp.get("/codes/<code>/auction")
def auction(code: str) -> Response:
    return tools_api.auction(code)


@bp.get("/search")
def search() -> Response:
    params = read_params(current_app, request.args, api=True)
    if not params.q:
        raise BadInput("give a query: ?q=words", "q")
    return jsonify(serialize.search_results(run(current_app, params)))
