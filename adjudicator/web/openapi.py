"""The OpenAPI 3.1 document of ``/api/v1``: every route, parameter and response shape.

The schemas describe what adjudicator.serialize returns; the tests validate this document
and check every API response they receive against it.
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator import search
from adjudicator.model import ACTS, BIDDING_NEXT, DEAL_NEXT, NOT_SURE, PHASES
from adjudicator.quiz import KINDS as QUIZ_KINDS
from adjudicator.quiz import LEVELS as QUIZ_LEVELS
from adjudicator.quiz import MAX_SEED as QUIZ_MAX_SEED
from adjudicator.quiz import MAX_SIZE as QUIZ_MAX_SIZE
from adjudicator.schema import EFFECT_KINDS
from adjudicator.web.params import MAX_QUERY

Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    return {"type": "object", "required": list(required), "properties": {**required, **(optional or {})}}


STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
BOOL: Schema = {"type": "boolean"}
NSTR: Schema = {"type": ["string", "null"]}
STRS: Schema = {"type": "array", "items": STR}

SUMMARY: dict[str, Schema] = {
    "id": STR,
    "game": STR,
    "game_title": STR,
    "title": STR,
    "edition": STR,
    "year": INT,
    "body": STR,
    "kind": {"enum": ["code", "general"]},
    "extends": NSTR,
    "fallback": NSTR,
    "laws": {**INT, "description": "how many laws"},
    "irregularities": {**INT, "description": "how many irregularities the code defines itself"},
}

SCHEMAS: dict[str, Schema] = {
    "Error": _obj(
        {
            "error": _obj(
                {
                    "status": INT,
                    "message": STR,
                    "field": {**NSTR, "description": "the offending parameter, key or question id"},
                    "value": {"description": "the offending value, when there is one"},
                    "choices": {**STRS, "description": "the valid values, when they are few enough to list"},
                }
            )
        }
    ),
    "CodeSummary": _obj(SUMMARY),
    "Quote": _obj(
        {
            "source": STR,
            "citation": NSTR,
            "kind": {"enum": ["law-text", "commentary"]},
            "words": STR,
            "note": NSTR,
        }
    ),
    "LawBrief": _obj({"number": STR, "title": STR, "section": STR, "section_title": NSTR, "code": STR, "origin": STR}),
    "Law": {
        "allOf": [
            _ref("LawBrief"),
            _obj(
                {
                    "topics": STRS,
                    "text": {**STR, "description": "our digest of the law, in our own words"},
                    "text_label": STR,
                    "quotes": {"type": "array", "items": _ref("Quote")},
                    "see_also": STRS,
                    "basis": {"enum": ["full-text", "seed", "passage", "provisional", "inferred"]},
                    "basis_note": NSTR,
                    "same_as": {"type": "object", "additionalProperties": STR},
                    "notes": NSTR,
                }
            ),
        ]
    },
    "LawDetail": {
        "allOf": [
            _ref("Law"),
            _obj(
                {
                    "cited_by": _obj(
                        {
                            "laws": STRS,
                            "remedies": {
                                "type": "array",
                                "items": _obj({"irregularity": STR, "remedy": STR, "title": STR}),
                            },
                        }
                    )
                }
            ),
        ]
    },
    "CodeDetail": _obj(
        {
            **{k: v for k, v in SUMMARY.items() if k not in ("laws", "irregularities")},
            "verification": STR,
            "summary": NSTR,
            "lineage": STRS,
            "sources": {
                "type": "array",
                "items": _obj({"key": STR, "citation": STR, "url": NSTR, "seed": NSTR}),
            },
            "sections": {"type": "array", "items": _obj({"id": STR, "title": STR})},
            "laws": {"type": "array", "items": _ref("LawBrief")},
            "irregularities": {
                "type": "array",
                "items": _obj(
                    {
                        "id": STR,
                        "title": STR,
                        "phase": {"enum": list(PHASES)},
                        "summary": STR,
                        "under": {**STR, "description": "the code that rules on it (a fallback when not this one)"},
                    }
                ),
            },
            "etiquette": {
                "type": "array",
                "items": _obj(
                    {
                        "id": STR,
                        "number": NSTR,
                        "title": STR,
                        "text": STR,
                        "why": NSTR,
                        "proper": {**STRS, "description": "conduct at the table that keeps the rule"},
                        "improper": {**STRS, "description": "conduct at the table that breaks it"},
                        "quotes": {"type": "array", "items": _ref("Quote")},
                        "see_also": STRS,
                        "origin": STR,
                    }
                ),
            },
            "glossary": {
                "type": "array",
                "items": _obj({"id": STR, "term": STR, "definition": STR, "synonyms": STRS, "see_also": STRS}),
            },
            "scoring": _obj(
                {
                    "tables": {
                        "type": "array",
                        "items": _obj(
                            {
                                "id": STR,
                                "title": STR,
                                "columns": STRS,
                                "rows": {"type": "array", "items": STRS},
                                "cites": STRS,
                                "notes": NSTR,
                            }
                        ),
                    },
                    "values": {
                        "type": "object",
                        "additionalProperties": _obj(
                            {
                                "value": {
                                    "oneOf": [INT, STR, {"type": "object", "additionalProperties": INT}],
                                },
                                "cites": STRS,
                                "note": NSTR,
                                "unsure": {**NSTR, "description": "why the sources do not confirm the figure"},
                            }
                        ),
                    },
                }
            ),
        }
    ),
    "Effect": _obj(
        {"kind": {"enum": list(EFFECT_KINDS)}},
        {
            "who": STR,
            "who_label": STR,
            "to": STR,
            "to_label": STR,
            "from": STR,
            "from_label": STR,
            "amount": INT,
            "at_most": {**INT, "description": "a cap: at most this much"},
            "unit": STR,
            "detail": STR,
        },
    ),
    "Next": _obj(
        {},
        {
            "who": {**STR, "description": "the role who acts next"},
            "who_label": STR,
            "does": {"enum": list(ACTS)},
            "bidding": {"enum": list(BIDDING_NEXT)},
            "deal": {"enum": list(DEAL_NEXT)},
            "stands": {**STR, "description": "which card, call, contract or multiplier stands"},
            "example": {**STR, "description": "a worked example, where money or points change hands"},
            "note": STR,
        },
    ),
    "Unsure": _obj(
        {
            "missing": {**NSTR, "description": "the fact or law our sources lack"},
            "decides": {**NSTR, "description": "the role who decides meanwhile"},
            "decides_label": NSTR,
            "note": NSTR,
        }
    ),
    "Remedy": _obj(
        {
            "id": STR,
            "title": STR,
            "now": {**STR, "description": "what happens now, in plain words"},
            "options": {
                "oneOf": [
                    {"type": "null"},
                    _obj(
                        {
                            "chooser": STR,
                            "chooser_label": STR,
                            "consult": {"enum": ["allowed", "forbidden", "not-stated"]},
                            "consult_note": NSTR,
                            "until": NSTR,
                            "choices": {
                                "type": "array",
                                "items": _obj(
                                    {
                                        "id": STR,
                                        "text": STR,
                                        "effects": {"type": "array", "items": _ref("Effect")},
                                        "next": {"oneOf": [{"type": "null"}, _ref("Next")]},
                                    }
                                ),
                            },
                        }
                    ),
                ]
            },
            "effects": {"type": "array", "items": _ref("Effect")},
            "until": NSTR,
            "then": NSTR,
            "notes": NSTR,
            "next": {"oneOf": [{"type": "null"}, _ref("Next")], "description": "what happens next"},
            "unsure": {
                "oneOf": [{"type": "null"}, _ref("Unsure")],
                "description": "where our sources are unsure: what is missing and who decides",
            },
            "cites": STRS,
            "origin": STR,
        }
    ),
    "Step": _obj(
        {"question": STR, "ask": STR, "answer": STR, "label": STR, "fact": STR, "assumed": BOOL},
    ),
    "CitedLaw": {
        "description": "a cited law in full, or only its number when the code lacks it",
        "anyOf": [_obj({"citation": STR, "number": STR}), _ref("Law")],
    },
    "Outcome": _obj(
        {
            "assumed": {"type": "array", "items": _ref("Step")},
            "because": {"type": "array", "items": _ref("Step")},
            "remedy": _ref("Remedy"),
            "laws": {"type": "array", "items": _ref("CitedLaw")},
        }
    ),
    "Context": _obj(
        {
            "code": _obj({"id": STR, "title": STR, "edition": STR, "year": INT, "game": STR}),
            "fallback_for": {"oneOf": [{"type": "null"}, _obj({"id": STR, "title": STR})]},
            "irregularity": _obj({"id": STR, "title": STR}),
        }
    ),
    "Question": {
        "allOf": [
            _ref("Context"),
            _obj(
                {
                    "kind": {"const": "question"},
                    "question": _obj(
                        {
                            "id": STR,
                            "ask": STR,
                            "help": NSTR,
                            "choices": {"type": "array", "items": _obj({"id": STR, "label": STR}), "minItems": 3},
                        }
                    ),
                    "because": {"type": "array", "items": _ref("Step")},
                    "answers": {"type": "object", "additionalProperties": STR},
                }
            ),
        ]
    },
    "Ruling": {
        "allOf": [
            _ref("Context"),
            _obj(
                {
                    "kind": {"const": "ruling"},
                    "certain": BOOL,
                    "facts": {"type": "array", "items": _ref("Step")},
                    "unsure": STRS,
                    "outcomes": {"type": "array", "items": _ref("Outcome"), "minItems": 1},
                    "answers": {"type": "object", "additionalProperties": STR},
                }
            ),
        ]
    },
    "Result": {
        "oneOf": [_ref("Question"), _ref("Ruling")],
        "discriminator": {
            "propertyName": "kind",
            "mapping": {"question": "#/components/schemas/Question", "ruling": "#/components/schemas/Ruling"},
        },
    },
    "AdjudicateRequest": {
        "type": "object",
        "required": ["code", "irregularity"],
        "additionalProperties": False,
        "properties": {
            "code": {**STR, "examples": ["napoleon-hoffmann"]},
            "irregularity": {**STR, "examples": ["revoke"]},
            "answers": {
                "type": "object",
                "additionalProperties": STR,
                "description": f"question id -> answer id; any question may be answered {NOT_SURE!r}",
            },
        },
    },
    "QuizItem": _obj(
        {
            "number": INT,
            "id": {**STR, "description": "stable for the same data: the kind and the data behind the item"},
            "kind": {"enum": list(QUIZ_KINDS)},
            "topic": {**STR, "description": "what it is about: an irregularity, a table, an etiquette item, a term"},
            "prompt": STR,
            "situation": {**STRS, "description": "what the player is told; for a ruling, the facts of the path"},
            "choices": {"type": "array", "items": _obj({"ref": STR, "text": STR}), "minItems": 2},
            "answer": {**INT, "description": "the index of the right choice"},
            "explanation": {**NSTR, "description": "the data's own words behind the answer"},
            "irregularity": {"oneOf": [{"type": "null"}, _obj({"id": STR, "title": STR})]},
            "facts": {
                "type": "object",
                "additionalProperties": STR,
                "description": "question id -> answer id: the situation as the engine's answers",
            },
            "remedy": {"oneOf": [{"type": "null"}, _ref("Remedy")]},
            "laws": {"type": "array", "items": _ref("Law"), "description": "the laws the answer rests on"},
            "source": NSTR,
        }
    ),
    "Quiz": _obj(
        {
            "code": _obj({"id": STR, "title": STR, "edition": STR, "year": INT, "game": STR}),
            "kind": {"enum": ["mixed", *QUIZ_KINDS]},
            "level": {"enum": list(QUIZ_LEVELS)},
            "seed": {**INT, "description": "the same code, kind, level and seed give the same quiz"},
            "size": INT,
            "items": {"type": "array", "items": _ref("QuizItem")},
        },
        {
            "permalink": {**STR, "description": "the same quiz on the site, one question a page"},
            "sheet": {**STR, "description": "the same quiz as a printable sheet with its answer key"},
        },
    ),
    "SearchHit": _obj(
        {
            "kind": STR,
            "code": STR,
            "code_title": STR,
            "game": STR,
            "number": NSTR,
            "id": NSTR,
            "irregularity": NSTR,
            "title": STR,
            "section": NSTR,
            "section_title": NSTR,
            "snippet": {**STR, "description": "safe HTML; matches are wrapped in <mark>"},
            "exact": BOOL,
        }
    ),
    "SearchResults": _obj(
        {
            "query": STR,
            "total": INT,
            "page": INT,
            "pagelen": INT,
            "suggestion": {**NSTR, "description": "did you mean: a corrected query, when one scores better"},
            "facets": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": INT}},
            "hits": {"type": "array", "items": _ref("SearchHit")},
        }
    ),
}


def _json(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Schema]:
    words = {
        400: "a parameter, question or answer is not valid (``field`` names it)",
        404: "no such code, irregularity or law (``choices`` lists the valid ones)",
        413: "the body is too large",
    }
    return {str(s): _json(_ref("Error"), words[s]) for s in statuses}


def _path(name: str, description: str) -> Schema:
    return {"name": name, "in": "path", "required": True, "description": description, "schema": STR}


def _query(name: str, description: str, schema: Schema | None = None) -> Schema:
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema or STR}


CODE = _path("code", "the code id (a law file's stem), e.g. napoleon-hoffmann")


@functools.cache
def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document, built once (the library's ids are not in it: it never
    changes while the process runs). Shared: read it, never change it."""
    from adjudicator.web import tools_api  # the table tools' routes; that module uses the helpers above

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
        "paths": {
            "/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "summary": "This document",
                    "responses": {"200": _json({"type": "object"}, "the OpenAPI document")},
                }
            },
            "/codes": {
                "get": {
                    "operationId": "listCodes",
                    "summary": "Every code of laws, in library order (game, then year)",
                    "responses": {"200": _json({"type": "array", "items": _ref("CodeSummary")}, "the codes")},
                }
            },
            "/codes/{code}": {
                "get": {
                    "operationId": "getCode",
                    "summary": "One code: sections, laws, irregularities, etiquette, glossary, scoring",
                    "parameters": [CODE],
                    "responses": {"200": _json(_ref("CodeDetail"), "the code"), **_errors(404)},
                }
            },
            "/codes/{code}/laws": {
                "get": {
                    "operationId": "listLaws",
                    "summary": "A code's laws in full",
                    "parameters": [CODE],
                    "responses": {
                        "200": _json({"type": "array", "items": _ref("Law")}, "the laws"),
                        **_errors(404),
                    },
                }
            },
            "/codes/{code}/laws/{number}": {
                "get": {
                    "operationId": "getLaw",
                    "summary": "One law, with the laws and remedies that cite it",
                    "parameters": [CODE, _path("number", "the law number exactly as the code prints it")],
                    "responses": {"200": _json(_ref("LawDetail"), "the law"), **_errors(404)},
                }
            },
            "/codes/{code}/irregularities/{irregularity}": {
                "get": {
                    "operationId": "adjudicate",
                    "summary": "The next question that matters, or the ruling",
                    "description": (
                        "Give each answer as a query parameter named by its question id: "
                        "`?who-revoked=caller`. Answers to questions off the path are ignored. "
                        f"Any question may be answered `{NOT_SURE}`: the ruling then lists each possible outcome."
                    ),
                    "parameters": [
                        CODE,
                        _path("irregularity", "the irregularity id, e.g. revoke"),
                        {
                            "name": "answers",
                            "in": "query",
                            "required": False,
                            "style": "form",
                            "explode": True,
                            "description": "question id = answer id, one parameter per question",
                            "schema": {"type": "object", "additionalProperties": STR},
                        },
                    ],
                    "responses": {"200": _json(_ref("Result"), "a question or a ruling"), **_errors(400, 404)},
                }
            },
            "/adjudicate": {
                "post": {
                    "operationId": "adjudicateBody",
                    "summary": "The same as the GET form, with the answers in a JSON body",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("AdjudicateRequest")}},
                    },
                    "responses": {"200": _json(_ref("Result"), "a question or a ruling"), **_errors(400, 404, 413)},
                }
            },
            "/quiz": {
                "get": {
                    "operationId": "quiz",
                    "summary": "A quiz drawn from a code's data, with its answers",
                    "description": (
                        "Deterministic: the same code, kind, level and seed give the same items, choices and "
                        "order. Without a seed a new one is chosen; the response names it. A kind the code's "
                        "data has nothing for is a 400 whose `choices` lists the kinds it has."
                    ),
                    "parameters": [
                        {**_query("code", "the code id, e.g. napoleon-hoffmann"), "required": True},
                        _query(
                            "level",
                            "player (etiquette, scoring, words) or director (every irregularity)",
                            {"enum": list(QUIZ_LEVELS), "default": "player"},
                        ),
                        _query(
                            "kind",
                            "mixed (the level's kinds in turn) or one kind",
                            {"enum": ["mixed", *QUIZ_KINDS], "default": "mixed"},
                        ),
                        _query(
                            "n",
                            "how many items at most",
                            {"type": "integer", "minimum": 1, "maximum": QUIZ_MAX_SIZE, "default": 10},
                        ),
                        _query(
                            "seed", "the quiz's number", {"type": "integer", "minimum": 0, "maximum": QUIZ_MAX_SEED}
                        ),
                    ],
                    "responses": {"200": _json(_ref("Quiz"), "the quiz"), **_errors(400, 404)},
                }
            },
            "/search": {
                "get": {
                    "operationId": "search",
                    "summary": "Search every law, irregularity, etiquette item and glossary term",
                    "parameters": [
                        {
                            **_query("q", "the words to find", {"type": "string", "maxLength": MAX_QUERY}),
                            "required": True,
                        },
                        _query("game", "only this game"),
                        _query("code", "only this code"),
                        _query("topic", "only this topic"),
                        _query("kind", "only hits of this kind (a remedy is a ruling)", {"enum": list(search.KINDS)}),
                        _query(
                            "page",
                            "the page, from 1; a page past the last gives the last (the response's `page` says which)",
                            {"type": "integer", "minimum": 1, "maximum": 1000},
                        ),
                        _query("pagelen", "hits per page", {"type": "integer", "minimum": 1, "maximum": 50}),
                    ],
                    "responses": {"200": _json(_ref("SearchResults"), "the hits"), **_errors(400, 404)},
                }
            },
            **tools_api.paths(),
        },
        "components": {"schemas": {**SCHEMAS, **tools_api.schemas()}},
    }
