"""The OpenAPI 3.1 document of ``/api/v1``, generated: the schemas are the JSON Schemas of
the presentation models the routes send (adjudicator.presentation) and of the request
body they read; only the paths, their parameters and their words are written here.

The tests validate this document and check every API response they receive against it.
"""

from __future__ import annotations

import functools
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from adjudicator import quiz as quizzes
from adjudicator.model import NOT_SURE
from adjudicator.presentation import code, common, law, quiz, ruling, search, tables
from adjudicator.search import KINDS as SEARCH_KINDS
from adjudicator.web.params import (
    MAX_CALLS,
    MAX_HANDS,
    MAX_PAGE,
    MAX_PAGELEN,
    MAX_QUERY,
    MAX_TEXT,
    MAX_TOKEN,
    NO,
    YES,
    AdjudicateRequest,
)
from adjudicator.web.urls import TIME_LIMIT

Schema = dict[str, Any]
REF = "#/components/schemas/{model}"


RESPONSES: tuple[type[BaseModel], ...] = (
    common.Error,
    code.CodeSummary,
    code.CodeDetail,
    law.Law,
    law.LawDetail,
    ruling.Question,
    ruling.Ruling,
    quiz.Quiz,
    search.SearchResults,
    tables.ScoreSheet,
    tables.Auction,
)
"""Every model a route sends; the models they hold are generated with them."""


def schemas() -> dict[str, Schema]:
    """The components' schemas: every response model (as serialized), the models inside
    them, the request body (as validated) and ``Result``, a question or a ruling."""
    models: list[tuple[type[BaseModel], Any]] = [(m, "serialization") for m in RESPONSES]
    models.append((AdjudicateRequest, "validation"))
    _, top = models_json_schema(models, ref_template=REF)
    found: dict[str, Schema] = dict(top["$defs"])
    result = TypeAdapter(ruling.Result).json_schema(ref_template=REF, mode="serialization")
    result.pop("$defs", None)
    found["Result"] = result
    return dict(sorted(found.items()))


def ref(name: str) -> Schema:
    return {"$ref": REF.format(model=name)}


def array_of(name: str) -> Schema:
    return {"type": "array", "items": ref(name)}


def json_response(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERRORS = {
    400: "a parameter, question or answer is not valid (``field`` names it)",
    404: "no such code, irregularity or law (``choices`` lists the valid ones)",
    413: "the body is too large",
    415: "the body is not sent as `Content-Type: application/json`",
}


def errors(*statuses: int) -> dict[str, Schema]:
    return {str(s): json_response(ref("Error"), ERRORS[s]) for s in statuses}


def path_param(name: str, description: str) -> Schema:
    return {"name": name, "in": "path", "required": True, "description": description, "schema": {"type": "string"}}


BLANK = {"type": "string", "maxLength": 0, "description": "given empty: the same as leaving it out"}


def query_param(name: str, description: str, schema: Schema | None = None, *, required: bool = False) -> Schema:
    """A query parameter; an optional one given empty is read as absent (params.int_arg and
    the filters), so its schema also admits the empty string."""
    schema = schema or {"type": "string"}
    if not required and schema.get("type") != "string":
        schema = {"anyOf": [schema, BLANK]}
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


def each_param(name: str, description: str, items: Schema, *, max_items: int | None = None) -> Schema:
    """A parameter given once per value (``hand=...&hand=...``), or an object of them."""
    schema: Schema = {"type": "array", "items": items} if items.get("type") != "object" else items
    if max_items is not None:
        schema["maxItems"] = max_items
    return {"name": name, "in": "query", "required": False, "style": "form", "explode": True,
            "description": description, "schema": schema}  # fmt: skip


CODE = path_param("code", "the code id (a law file's stem), e.g. napoleon-hoffmann")
TOOL_CODE = path_param("code", "the code id, e.g. auction-bridge-1915 (a code whose scoring values the tools read)")


def paths() -> dict[str, Schema]:
    def get(operation_id: str, summary: str, ok: Schema, *, statuses: tuple[int, ...] = (404,), **rest: Any) -> Schema:
        return {"get": {"operationId": operation_id, "summary": summary, **rest,
                        "responses": {"200": ok, **errors(*statuses)}}}  # fmt: skip

    return {
        "/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {"200": json_response({"type": "object"}, "the OpenAPI document")},
            }
        },
        "/codes": {
            "get": {
                "operationId": "listCodes",
                "summary": "Every code of laws, in library order (game, then year)",
                "responses": {"200": json_response(array_of("CodeSummary"), "the codes")},
            }
        },
        "/codes/{code}": get(
            "getCode",
            "One code: sections, laws, irregularities, etiquette, glossary, scoring",
            json_response(ref("CodeDetail"), "the code"),
            parameters=[CODE],
        ),
        "/codes/{code}/laws": get(
            "listLaws", "A code's laws in full", json_response(array_of("Law"), "the laws"), parameters=[CODE]
        ),
        "/codes/{code}/laws/{number}": get(
            "getLaw",
            "One law, with the laws and remedies that cite it and the same law in other editions",
            json_response(ref("LawDetail"), "the law"),
            parameters=[CODE, path_param("number", "the law number exactly as the code prints it")],
        ),
        "/codes/{code}/irregularities/{irregularity}": get(
            "adjudicate",
            "The next question that matters, or the ruling",
            json_response(ref("Result"), "a question or a ruling"),
            statuses=(400, 404),
            description=(
                "Give each answer as a query parameter named by its question id: "
                "`?who-revoked=caller`. Answers to questions off the path are ignored. "
                f"Any question may be answered `{NOT_SURE}`: the ruling then lists each possible outcome."
            ),
            parameters=[
                CODE,
                path_param("irregularity", "the irregularity id, e.g. revoke"),
                each_param(
                    "answers",
                    "question id = answer id, one parameter per question",
                    {"type": "object", "additionalProperties": {"type": "string"}},
                ),
            ],
        ),
        "/adjudicate": {
            "post": {
                "operationId": "adjudicateBody",
                "summary": "The same as the GET form, with the answers in a JSON body",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": ref("AdjudicateRequest")}},
                },
                "responses": {
                    "200": json_response(ref("Result"), "a question or a ruling"),
                    **errors(400, 404, 413, 415),
                },
            }
        },
        "/quiz": get(
            "quiz",
            "A quiz drawn from a code's data, with its answers",
            json_response(ref("Quiz"), "the quiz"),
            statuses=(400, 404),
            description=(
                "Deterministic: the same code, kind, level and seed give the same items, choices and "
                "order. Without a seed a new one is chosen; the response names it. A kind the code's "
                "data has nothing for is a 400 whose `choices` lists the kinds it has."
            ),
            parameters=[
                query_param("code", "the code id, e.g. napoleon-hoffmann", required=True),
                query_param(
                    "level",
                    "player (etiquette, scoring, words) or director (every irregularity)",
                    {"enum": list(quizzes.LEVELS), "default": "player"},
                ),
                query_param(
                    "kind",
                    "mixed (the level's kinds in turn) or one kind",
                    {"enum": [quizzes.MIXED, *quizzes.KINDS], "default": quizzes.MIXED},
                ),
                query_param(
                    "n",
                    "how many items at most",
                    {"type": "integer", "minimum": 1, "maximum": quizzes.MAX_SIZE, "default": quizzes.DEFAULT_SIZE},
                ),
                query_param(
                    "seed", "the quiz's number", {"type": "integer", "minimum": 0, "maximum": quizzes.MAX_SEED}
                ),
            ],
        ),
        "/search": get(
            "search",
            "Search every law, irregularity, etiquette item and glossary term",
            json_response(ref("SearchResults"), "the hits"),
            statuses=(400, 404),
            parameters=[
                query_param("q", "the words to find", {"type": "string", "maxLength": MAX_QUERY}, required=True),
                query_param("game", "only this game"),
                query_param("code", "only this code"),
                query_param("topic", "only this topic"),
                query_param(
                    "kind",
                    "only hits of this kind (a remedy is a ruling); blank, as a form's 'any' sends it: every kind "
                    "(spaces around a value are ignored, as for every filter)",
                    {"type": "string", "pattern": rf"^\s*({'|'.join(SEARCH_KINDS)})?\s*$"},
                ),
                query_param(
                    "page",
                    "the page, from 1; a page past the last gives the last (the response's `page` says which)",
                    {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
                ),
                query_param("pagelen", "hits per page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGELEN}),
            ],
        ),
        "/codes/{code}/score": get(
            "scoreSheet",
            "An Auction score sheet: every hand's figures with their laws, games, rubbers, settlement",
            json_response(ref("ScoreSheet"), "the scored sheet"),
            statuses=(400, 404),
            description=(
                "Each `hand` is SIDE.CONTRACT.TRICKS, optionally followed by .h.SIDE.HOLDING (honours as "
                "held), .c.SIDE (chicane), .r.SIDE[.N][.tricks|.points] (established revokes by SIDE, N of "
                "them; for the adversaries' revoke, the declarer's choice of three tricks or the points) and "
                ".p.SIDE.PENALTY (points another law puts in the honour column, scored by SIDE: a "
                "`penalty-PENALTY` value of the code, e.g. double-of-partner): `we.3HX.7.r.they.tricks` is "
                "three hearts doubled by We, seven tricks taken in play, They revoked and We took three of "
                "their tricks. `passed` is a deal passed out and `void` a void deal (each may carry .p "
                "parts). SIDE is we or they; CONTRACT the level, a letter (C D H S, R royal spades, N or NT no "
                "trumps) and X or XX; TRICKS the declaring side's tricks taken in play, 0-13."
            ),
            parameters=[
                TOOL_CODE,
                each_param(
                    "hand",
                    "the hands in order, one parameter each",
                    {"type": "string", "maxLength": MAX_TOKEN},
                    max_items=MAX_HANDS,
                ),
                query_param(
                    TIME_LIMIT,
                    f"{', '.join(YES)} (any case): play stopped at a time limit (party scoring of the last "
                    f"rubber); {', '.join(NO[1:])} or absent: it was not; anything else is a 400",
                ),
            ],
        ),
        "/codes/{code}/auction": get(
            "checkAuction",
            "Check a sequence of calls: each call judged, the contract, declarant, dummy, leader",
            json_response(ref("Auction"), "the checked auction"),
            statuses=(400, 404),
            description=(
                "`calls` holds the calls in order, separated by spaces: 1H, 2N, P (pass), X (double), "
                "XX (redouble); SEAT:CALL (S:2H) names the seat of a call out of turn. A claim of a penalty "
                "is written where it was made, after the call it punishes: `claim` (the code's only "
                "penalty), `claim:WORD` (a choice the code gives, e.g. claim:new-deal, claim:raise) or "
                "`S:claim:WORD` (naming the seat that claimed). Each irregularity is ruled when it is "
                "made: its status, every option the code gives, who chooses and until when, what "
                "followed, and the facts the sequence answers, ready for "
                "`/codes/{code}/irregularities/{id}`."
            ),
            parameters=[
                TOOL_CODE,
                query_param("dealer", "N, E, S or W (default N)"),
                query_param(
                    "calls",
                    f"the calls in order, separated by spaces (at most {MAX_CALLS})",
                    {"type": "string", "maxLength": MAX_TEXT},
                ),
            ],
        ),
    }


@functools.cache
def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document, built once (the library's ids are not in it: it never
    changes while the process runs). Shared: read it, never change it."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "adjudicator",
            "version": "1",
            "summary": "Laws of card games: codes, laws, search, rulings on irregularities, and quizzes.",
            "description": (
                "Read-only. Every response is JSON; errors have a 4xx status and the body "
                '`{"error": {status, message, field, value, choices}}`. An adjudication returns '
                "either the next question that matters or the ruling, with the same content as the web pages."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths(),
        "components": {"schemas": schemas()},
    }
