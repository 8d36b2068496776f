"""The OpenAPI 3.1 document of ``/api/v1``, generated: the schemas are the JSON Schemas of
the presentation models the routes send (adjudicator.presentation) and of the request
body they read; only the paths, their parameters and their words are written here.

The parameters say what the API accepts, so that a request valid by the document is
answered (2xx, or a 404 for a law number the code has not) and one invalid by it is a 400:
the ids (codes, irregularities, games, topics, the table tools' codes) are enums of the
library the app loaded and of its index (``Vocabulary.of``); the table tools' hands and
calls are patterns of their notation (``HAND``, ``CALLS``). What no schema can say is in
the operation's words: which answers an irregularity's questions take, and the score
sheet's and the auction's rules of the laws (a holding no-trumps cannot have, a claim
with nothing to claim), which are 400s naming the part. Without a vocabulary
(``Vocabulary()``) the ids are open strings: the same document otherwise.

The tests validate this document and check every API response they receive against it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from adjudicator import auction as checker
from adjudicator import quiz as quizzes
from adjudicator import scoring
from adjudicator.engine import available
from adjudicator.model import NOT_SURE, Library
from adjudicator.presentation import code, common, law, quiz, ruling, search, tables
from adjudicator.search import KINDS as SEARCH_KINDS
from adjudicator.search import SearchIndex
from adjudicator.web.params import (
    MAX_ANSWERS,
    MAX_CALLS,
    MAX_HANDS,
    MAX_PAGE,
    MAX_PAGELEN,
    MAX_QUERY,
    MAX_SEAT,
    MAX_TEXT,
    MAX_TOKEN,
    NO,
    SEARCH_FILTERS,
    YES,
    AdjudicateRequest,
)
from adjudicator.web.urls import TIME_LIMIT

Schema = dict[str, Any]
REF = "#/components/schemas/{model}"


@dataclass(frozen=True)
class Vocabulary:
    """The ids a request may name, from the loaded library and its index (empty: any string)."""

    codes: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()
    scorable: tuple[str, ...] = ()
    checkable: tuple[str, ...] = ()
    penalties: tuple[str, ...] = ()
    filters: tuple[tuple[str, tuple[str, ...]], ...] = ()  # search: game, code, topic -> the index's values

    @classmethod
    def of(cls, library: Library, index: SearchIndex) -> Vocabulary:
        codes = list(library.codes.values())
        scorable = scoring.scorable_codes(library)
        return cls(
            codes=tuple(c.id for c in codes),
            irregularities=_unique(i.id for c in codes for i, _ in available(c)),
            scorable=tuple(c.id for c in scorable),
            checkable=tuple(c.id for c in checker.checkable_codes(library)),
            penalties=_unique(p for c in scorable for p in scoring.penalty_ids(c)),
            filters=tuple((name, tuple(index.values(name))) for name in SEARCH_FILTERS if name != "kind"),
        )


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


def one_of(values: Iterable[str]) -> Schema:
    """An id among ``values`` (any string when there are none: a document without a library)."""
    values = list(values)
    return {"type": "string", "enum": values} if values else {"type": "string"}


def any_case(word: str) -> str:
    """A pattern of ``word`` in any case (JSON Schema's patterns take no flags)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else literal(c) for c in word)


def literal(text: str) -> str:
    """``text`` as a pattern that ECMA-262's regular expressions read too (``re.escape``
    escapes ``-``, which a unicode-mode ECMA pattern refuses outside a class)."""
    return "".join(f"\\{c}" if c in SPECIAL else c for c in text)


SPECIAL = frozenset("\\^$.|?*+()[]{}/")


def alternatives(words: Iterable[str], *, fold: bool = True) -> str:
    return "(?:" + "|".join(any_case(w) if fold else literal(w) for w in words) + ")"


def number_pattern(low: int, high: int, *, digits: int | None = 9) -> str:
    """A whole number from ``low`` to ``high`` with leading zeros: at most ``digits`` digits
    in all, as ``model.whole_number`` reads it (None: any number of digits, as ``int``)."""
    out = []
    for n in range(high, low - 1, -1):
        width = len(str(n))
        zeros = "0*" if digits is None else f"0{{0,{digits - width}}}"
        out.append(f"{zeros}{n}")
    return "(?:" + "|".join(out) + ")"


S = r"\s*"  # spaces a reader strips around a part


def hand_pattern(penalties: Iterable[str]) -> str:
    """One hand of the score sheet, as ``scoring.parse_hand`` reads its notation (any case;
    spaces stripped around the whole, a side and a contract); blank is no hand (left out)."""
    side = S + alternatives(scoring.SIDES) + S
    letters = alternatives(["NT", *scoring.LETTERS])
    contract = S + "0*[1-7]" + letters + "(?:[xX]){0,2}" + S
    holdings = alternatives(_unique([*scoring.HONOUR_HOLDINGS, *scoring.ACE_HOLDINGS]))
    penalty = r"\." + any_case("p") + r"\." + side + r"\." + (alternatives(penalties) if penalties else "[^.]+")
    revoke = (
        r"\." + any_case("r") + r"\." + side + rf"(?:\.{number_pattern(1, scoring.TRICKS)})?"
        + rf"(?:\.{alternatives(scoring.REVOKE_CHOICES)})?"
    )  # fmt: skip
    tail = rf"(?:\.{any_case('h')}\.{side}\.{holdings}|\.{any_case('c')}\.{side}|{revoke}|{penalty})*"
    played = side + r"\." + contract + r"\." + number_pattern(0, scoring.TRICKS) + tail
    unplayed = alternatives(scoring.UNPLAYED) + f"(?:{penalty})*"
    return rf"^\s*(?:{played}|{unplayed})?\s*$"


def seat_pattern() -> str:
    return alternatives([*checker.SEATS, *checker.SEAT_NAMES.values()])


def calls_pattern() -> str:
    """The calls, as ``auction.parse_calls`` reads them: at most MAX_CALLS, separated by
    spaces or commas; a bid is a level (1 to 13: eight and more are read, and ruled
    impossible) and a letter; P X XX and their words; SEAT:CALL; claim, claim:WORD, SEAT:claim:WORD."""
    bid = number_pattern(1, checker.MAX_WRITTEN, digits=None) + alternatives(["NT", *scoring.LETTERS])
    words = alternatives(sorted(checker._WORDS, key=len, reverse=True))  # noqa: SLF001 (the checker's own table)
    claim = any_case(checker.CLAIM) + "(?::[a-zA-Z][a-zA-Z0-9-]{0,39})?"
    call = f"(?:{seat_pattern()}:)?(?:{claim}|{words}|{bid})"
    return rf"^[\s,]*(?:{call}(?:[\s,]+{call}){{0,{MAX_CALLS - 1}}})?[\s,]*$"


def flag_pattern() -> str:
    return f"^{alternatives([*YES, *NO[1:]])}?$"


def filter_pattern(values: Iterable[str]) -> Schema:
    """A search filter: one of ``values`` or blank (every value), spaces around it ignored."""
    values = list(values)
    if not values:
        return {"type": "string"}
    return {"type": "string", "pattern": rf"^\s*{alternatives(values, fold=False)}?\s*$"}


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
    400: "a parameter, question or answer is not valid, or given more than once (``field`` names it)",
    404: "no such code, irregularity or law (``choices`` lists the valid ones)",
    413: "the body is too large",
    414: "the request line is longer than 8190 bytes (answered by the server, before the app)",
    415: "the body is not sent as `Content-Type: application/json`",
    431: "a header is longer than 8190 bytes, or there are more than 100 (answered by the server)",
    503: "the server runs and queues as many searches as it takes: try again after `Retry-After` seconds",
}
ANY = (400, 414, 431)
"""What any request may get: a 400 for a parameter given twice (on every route), and what
the server (gunicorn, adjudicator/web/serving.py) answers before the app, as JSON."""


def link(operation_id: str, **parameters: str) -> Schema:
    """An OpenAPI link: what a response gives the next operation (its parameters, as runtime
    expressions), so a client, or schemathesis' stateful phase, can follow the API."""
    return {"operationId": operation_id, "parameters": parameters}


def errors(*statuses: int) -> dict[str, Schema]:
    return {str(s): json_response(ref("Error"), ERRORS[s]) for s in sorted({*statuses, *ANY})}


def path_param(name: str, description: str, schema: Schema | None = None) -> Schema:
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": schema or {"type": "string"}}  # fmt: skip


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


def paths(v: Vocabulary) -> dict[str, Schema]:
    def get(operation_id: str, summary: str, ok: Schema, *, statuses: tuple[int, ...] = (404,), **rest: Any) -> Schema:
        return {"get": {"operationId": operation_id, "summary": summary, **rest,
                        "responses": {"200": ok, **errors(*statuses)}}}  # fmt: skip

    CODE = path_param("code", "the code id (a law file's stem), e.g. napoleon-hoffmann", one_of(v.codes))

    def tool_code(ids: tuple[str, ...], tool: str) -> Schema:
        return path_param("code", f"the id of a code whose data gives what the {tool} needs", one_of(ids))

    return {
        "/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {"200": json_response({"type": "object"}, "the OpenAPI document"), **errors()},
            }
        },
        "/codes": {
            "get": {
                "operationId": "listCodes",
                "summary": "Every code of laws, in library order (game, then year)",
                "responses": {
                    "200": {
                        **json_response(array_of("CodeSummary"), "the codes"),
                        "links": {"getCode": link("getCode", code="$response.body#/0/id")},
                    },
                    **errors(),
                },
            }
        },
        "/codes/{code}": get(
            "getCode",
            "One code: sections, laws, irregularities, etiquette, glossary, scoring",
            {
                **json_response(ref("CodeDetail"), "the code"),
                "links": {
                    "listLaws": link("listLaws", code="$request.path.code"),
                    "getLaw": link("getLaw", code="$request.path.code", number="$response.body#/laws/0/number"),
                    "adjudicate": link(
                        "adjudicate", code="$request.path.code", irregularity="$response.body#/irregularities/0/id"
                    ),
                    "quiz": link("quiz", **{"query.code": "$request.path.code"}),
                    "search": link("search", **{"query.code": "$request.path.code"}),
                },
            },
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
                "`?who-revoked=caller`. Answers to questions off the path are not used, and a parameter "
                "that names no question of the irregularity is not an answer: it is ignored. "
                f"An answer to one of its questions is one of that question's answers or `{NOT_SURE}` "
                "(a 400 otherwise, naming the question); after `not-sure` the ruling lists each possible "
                "outcome. Each question is answered once. An irregularity the code does not rule on is a 404."
            ),
            parameters=[
                CODE,
                path_param("irregularity", "the irregularity id, e.g. revoke", one_of(v.irregularities)),
                each_param(
                    "answers",
                    "question id = answer id, one parameter per question",
                    {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": MAX_ANSWERS},
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
                "data has nothing for names no quiz: a 404 whose `choices` lists the kinds it has."
            ),
            parameters=[
                query_param("code", "the code id, e.g. napoleon-hoffmann", one_of(v.codes), required=True),
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
            statuses=(400, 404, 503),
            parameters=[
                query_param(
                    "q",
                    "the words to find (at least one character that is not a space)",
                    {"type": "string", "maxLength": MAX_QUERY, "pattern": r"\S"},
                    required=True,
                ),
                *(
                    query_param(
                        name,
                        f"only this {name}; blank: every {name} (spaces around it ignored)",
                        filter_pattern(values),
                    )  # fmt: skip
                    for name, values in v.filters or ((n, ()) for n in ("game", "code", "topic"))
                ),
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
                tool_code(v.scorable, "score sheet"),
                each_param(
                    "hand",
                    "the hands in order, one parameter each (a blank one is left out)",
                    {"type": "string", "maxLength": MAX_TOKEN, "pattern": hand_pattern(v.penalties)},
                    max_items=MAX_HANDS,
                ),
                query_param(
                    TIME_LIMIT,
                    f"{', '.join(YES)} (any case): play stopped at a time limit (party scoring of the last "
                    f"rubber); {', '.join(NO[1:])}, blank or absent: it was not",
                    {"type": "string", "pattern": flag_pattern()},
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
                tool_code(v.checkable, "auction checker"),
                query_param(
                    "dealer",
                    "N, E, S or W, or North, East, South or West, any case (blank or absent: N)",
                    {"type": "string", "maxLength": MAX_SEAT, "pattern": rf"^\s*{seat_pattern()}?\s*$"},
                ),
                query_param(
                    "calls",
                    f"the calls in order, separated by spaces or commas (at most {MAX_CALLS})",
                    {"type": "string", "maxLength": MAX_TEXT, "pattern": calls_pattern()},
                ),
            ],
        ),
    }


@functools.cache
def document(vocabulary: Vocabulary = Vocabulary()) -> dict[str, Any]:  # noqa: B008 (frozen: the empty vocabulary)
    """The OpenAPI 3.1 document over ``vocabulary`` (the app serves the one of its library
    and index, made once: ``served``), built once per vocabulary. Shared: read it, never change it."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "adjudicator",
            "version": "1",
            "summary": "Laws of card games: codes, laws, search, rulings on irregularities, and quizzes.",
            "description": (
                "Read-only. Every response is JSON; errors have a 4xx status and the body "
                '`{"error": {status, message, field, value, choices}}`. An adjudication returns '
                "either the next question that matters or the ruling, with the same content as the web pages.\n\n"
                "Parameters: each is given at most once, but the score sheet's `hand`, given once per hand; "
                "a parameter given more than once is a 400 naming it, on every route. An optional parameter "
                "given empty is read as absent. A parameter an operation does not take is ignored."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths(vocabulary),
        "components": {"schemas": schemas()},
    }


def served(library: Library, index: SearchIndex) -> dict[str, Any]:
    """The document of an app: its library's and its index's ids as enums."""
    return document(Vocabulary.of(library, index))
