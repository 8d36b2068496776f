"""The JSON API's routes, ``/api/v1``: the same content as the pages, as the presentation
models (adjudicator.presentation) give it; ``adjudicator ... --json`` prints the same.

Errors are JSON with a 4xx status: ``{"error": {status, message, field, value, choices}}``
(see handlers.py). The OpenAPI 3.1 document describing every route is at
``/api/v1/openapi.json``.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from adjudicator import auction as checker
from adjudicator import quiz as quizzes
from adjudicator import scoring
from adjudicator.engine import adjudicate
from adjudicator.errors import BadInput
from adjudicator.presentation import code as present_code
from adjudicator.presentation import law as present_law
from adjudicator.presentation import quiz as present_quiz
from adjudicator.presentation import ruling as present_ruling
from adjudicator.presentation import search as present_search
from adjudicator.presentation import tables as present_tables
from adjudicator.presentation.common import Model
from adjudicator.web.api.openapi import served
from adjudicator.web.pagecache import cached
from adjudicator.web.params import (
    QuizParams,
    answers_to,
    calls_arg,
    check_calls,
    dealer_arg,
    given_answers,
    hand_tokens,
    new_quiz_seed,
    quiz_params,
    search_params,
    time_limit_arg,
)
from adjudicator.web.params import (
    adjudicate_body as read_body,
)
from adjudicator.web.state import index_of, library_of, run_search
from adjudicator.web.urls import quiz_url

bp = Blueprint("api", __name__, url_prefix="/api/v1")
OPENAPI = "adjudicator.openapi"
"""The key of ``app.extensions`` that keeps the app's OpenAPI document."""


def send(model: Model) -> Response:
    return jsonify(model.data())


@bp.get("/openapi.json")
def openapi() -> Response:
    made = current_app.extensions.get(OPENAPI)
    if made is None:  # once per app: its library and index do not change while it runs
        made = current_app.extensions[OPENAPI] = served(library_of(current_app), index_of(current_app))
    return jsonify(made)


@bp.get("/codes")
def codes() -> Response:
    library = library_of(current_app)
    return jsonify([present_code.summary(c).data() for c in library.codes.values()])


@bp.get("/codes/<code>")
def code(code: str) -> Response:
    return send(present_code.detail(library_of(current_app).code(code)))


@bp.get("/codes/<code>/laws")
def laws(code: str) -> Response:
    item = library_of(current_app).code(code)
    return jsonify([present_law.law(law, item).data() for law in item.laws.values()])


@bp.get("/codes/<code>/laws/<number>")
def law(code: str, number: str) -> Response:
    library = library_of(current_app)
    item = library.code(code)
    return send(present_law.law_detail(item.numbered(number), item, library))


@bp.get("/codes/<code>/irregularities/<irregularity>")
def irregularity(code: str, irregularity: str) -> Response:
    item = library_of(current_app).code(code)
    given = given_answers(item, irregularity)
    result = adjudicate(item, irregularity, given)  # raises on a bad answer: only answered steps are cached
    body = cached(
        ("api-step", item.id, irregularity, tuple(given.items())),
        lambda: send(present_ruling.present(result)).get_data(as_text=True),
    )
    return Response(body, mimetype="application/json")


@bp.post("/adjudicate")
def adjudicate_body() -> Response:
    try:
        data = request.get_json(force=True, silent=True)
    except RecursionError:  # arrays nested thousands deep (found by tests/web/test_security.py): not an object
        data = None
    body = read_body(data)
    item = library_of(current_app).code(body.code)
    answers = answers_to(item, body.irregularity, body.answers)  # as the GET form reads them
    return send(present_ruling.present(adjudicate(item, body.irregularity, answers)))


@bp.get("/quiz")
def quiz() -> Response:
    """The quiz named by ``code``, ``level``, ``kind``, ``n`` and ``seed`` (a new seed when
    none is given: the response names it), with its answers and the addresses of the same
    quiz on the site."""
    args = request.args
    code_id = args.get("code", "")
    if not code_id:
        raise BadInput("give the code: ?code=<code id>", "code")
    item = library_of(current_app).code(code_id)
    params = quiz_params(item, args)
    if params.picks:
        raise BadInput("'a' belongs to the pages; the API returns every answer", "a")
    seed = new_quiz_seed() if params.seed is None else params.seed
    made = quizzes.make_quiz(item, kind=params.kind, level=params.level, seed=seed, size=params.size)
    named = QuizParams(item.id, params.level, params.kind, params.size, seed)
    return send(
        present_quiz.quiz(
            made,
            item,
            permalink=quiz_url("question", item.id, named.query()),
            sheet=quiz_url("sheet", item.id, named.query()),
        )
    )


@bp.get("/codes/<code>/score")
def score(code: str) -> Response:
    library = library_of(current_app)
    item = library.code(code)
    scoring.require_scorable(item, library)
    sheet = scoring.score_sheet(item, scoring.parse_hands(hand_tokens(), item), time_limit=time_limit_arg())
    return send(present_tables.score_sheet(sheet, item))


@bp.get("/codes/<code>/auction")
def auction(code: str) -> Response:
    library = library_of(current_app)
    item = library.code(code)
    checker.require_checkable(item, library)
    calls = checker.parse_calls(calls_arg(), item)
    check_calls(calls)
    result = checker.check_auction(item, dealer_arg(), calls)
    return send(present_tables.auction(result, item))


@bp.get("/search")
def search() -> Response:
    index = index_of(current_app)
    params = search_params(index, request.args, api=True)
    if not params.q:
        raise BadInput("give a query: ?q=words", "q")
    # the answer (its JSON too) is made where the search ran: in its thread, when it computed
    return run_search(index, params, lambda results: jsonify(present_search.results(results).data()))
