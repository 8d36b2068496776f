"""The table tools in the JSON API: the score sheet and the auction checker, their routes'
handlers (registered by api.py) and their part of the OpenAPI document (merged by
openapi.py's ``document()``, with its helpers).

Both are plain GETs whose parameters are the same as the pages': ``hand`` (repeated) and
``time-limit`` for the sheet, ``dealer`` and ``calls`` for the auction.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request

from adjudicator import auction as checker
from adjudicator import scoring, serialize
from adjudicator.web import library_of
from adjudicator.web.openapi import _errors, _json, _obj, _path, _query, _ref
from adjudicator.web.params import NO, YES
from adjudicator.web.tools import (
    MAX_CALLS,
    MAX_HANDS,
    MAX_TEXT,
    MAX_TOKEN,
    TIME_LIMIT,
    calls_arg,
    check_calls,
    hand_tokens,
    time_limit_arg,
)


def score(code_id: str) -> Response:
    library = library_of(current_app)
    code = library.code(code_id)
    scoring.require_scorable(code, library)
    sheet = scoring.score_sheet(code, scoring.parse_hands(hand_tokens(), code), time_limit=time_limit_arg())
    return jsonify(serialize.score_sheet(sheet, code))


def auction(code_id: str) -> Response:
    library = library_of(current_app)
    code = library.code(code_id)
    checker.require_checkable(code, library)
    calls = checker.parse_calls(calls_arg(), code)
    check_calls(calls)
    result = checker.check_auction(code, request.args.get("dealer", "N"), calls)
    return jsonify(serialize.auction(result, code))


# ---------------------------------------------------------------- the OpenAPI part


def schemas() -> dict[str, Any]:
    """The response shapes (serialize.score_sheet and serialize.auction)."""
    obj, ref = _obj, _ref
    s, i, b = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}
    ns, ni = {"type": ["string", "null"]}, {"type": ["integer", "null"]}
    strs = {"type": "array", "items": s}
    sides = {"type": "object", "properties": {"we": i, "they": i}, "required": ["we", "they"]}
    side = {"enum": list(scoring.SIDES)}
    code = obj({"id": s, "title": s, "edition": s, "year": i, "game": s})
    game = obj({"number": i, "winner": side, "below": sides, "cites": strs})
    return {
        "ScoreFigure": obj(
            {
                "side": side,
                "column": {"enum": ["below", "above"]},
                "item": s,
                "points": {**ni, "description": "null: the code's data has no figure for it (see note)"},
                "reason": s,
                "cites": {**strs, "description": "the laws the figure rests on"},
                "values": {**strs, "description": "the ids of the code's scoring values used"},
                "note": ns,
                "unsure": {**ns, "description": "why the sources do not confirm the figure the code's data gives"},
            }
        ),
        "ScoreHand": obj(
            {
                "token": {**s, "description": "the hand as the `hand` parameter writes it"},
                "kind": {"enum": ["played", "passed", "void"], "description": "a hand played, or a deal not scored"},
                "declarer": {"oneOf": [{"type": "null"}, side]},
                "level": ni,
                "denomination": ns,
                "doubling": {"oneOf": [{"type": "null"}, {"enum": list(scoring.DOUBLINGS)}]},
                "tricks": {**ni, "description": "the declaring side's tricks taken in play"},
                "honours": {"oneOf": [{"type": "null"}, obj({"side": side, "holding": s})]},
                "chicane": {"oneOf": [{"type": "null"}, side]},
                "revokes": {
                    "type": "array",
                    "items": obj(
                        {
                            "side": {**side, "description": "the side that revoked"},
                            "count": i,
                            "choice": {
                                "oneOf": [{"type": "null"}, {"enum": list(scoring.REVOKE_CHOICES)}],
                                "description": "the declarer's choice for his adversaries' revoke",
                            },
                        }
                    ),
                },
                "penalties": {
                    "type": "array",
                    "items": obj({"side": {**side, "description": "the side that scores it"}, "penalty": s}),
                },
            }
        ),
        "ScoreSheet": obj(
            {
                "code": code,
                "hands": strs,
                "time_limit": b,
                "rubbers": {
                    "type": "array",
                    "items": obj(
                        {
                            "number": i,
                            "finished": b,
                            "winner": {"oneOf": [{"type": "null"}, side]},
                            "stopped_at_time_limit": b,
                            "games_won": sides,
                            "games": {"type": "array", "items": game},
                            "game_in_progress": sides,
                            "hands": {
                                "type": "array",
                                "items": obj(
                                    {
                                        "number": i,
                                        "words": s,
                                        "hand": ref("ScoreHand"),
                                        "game": i,
                                        "figures": {"type": "array", "items": ref("ScoreFigure")},
                                        "made": {
                                            "oneOf": [{"type": "null"}, b],
                                            "description": "the contract made, counting tricks taken for a revoke",
                                        },
                                        "cites": {**strs, "description": "for a deal not scored: its law"},
                                        "note": ns,
                                        "game_won": {"oneOf": [{"type": "null"}, game]},
                                        "rubber_won": {"oneOf": [{"type": "null"}, side]},
                                    }
                                ),
                            },
                            "bonuses": {"type": "array", "items": ref("ScoreFigure")},
                            "above": sides,
                            "below": sides,
                            "totals": sides,
                            "unknown": {"type": "array", "items": ref("ScoreFigure")},
                            "settlement": {
                                "oneOf": [
                                    {"type": "null"},
                                    obj(
                                        {
                                            "plus": {"oneOf": [{"type": "null"}, side]},
                                            "points": i,
                                            "totals": sides,
                                            "complete": b,
                                            "cites": strs,
                                        }
                                    ),
                                ]
                            },
                        }
                    ),
                },
                "net": {**sides, "description": "plus and minus over the settled rubbers"},
                "gross": {**sides, "description": "every point of every rubber (scoring without stakes)"},
                "complete": b,
                "notes": strs,
            }
        ),
        "AuctionPoints": obj(
            {
                "side": {"enum": ["NS", "EW"]},
                "points": i,
                "why": s,
                "cites": strs,
                "call": {**i, "description": "the number of the call the penalty was claimed for"},
            }
        ),
        "AuctionFinding": obj(
            {
                "irregularity": {**ns, "description": "the irregularity id, shared by the codes"},
                "title": s,
                "call": i,
                "seat": {"enum": list(checker.SEATS)},
                "summary": s,
                "facts": {
                    "type": "object",
                    "additionalProperties": s,
                    "description": "question id -> answer id: what the sequence answers",
                },
                "ruled_by": {**ns, "description": "the code that rules on it (this one or its general laws)"},
                "cites": strs,
                "status": {"enum": list(checker.STATUSES), "description": "what the finding comes to"},
                "verdict": {**s, "description": "what the code says of it now, in plain words"},
                "remedy": {
                    "oneOf": [{"type": "null"}, obj({"id": s, "title": s, "now": s, "cites": strs})],
                    "description": "the remedy in force, once the sequence settles it",
                },
                "outcomes": {
                    "type": "array",
                    "items": obj({"answers": {"type": "object", "additionalProperties": s}, "remedy": s, "title": s}),
                    "description": "while a fact is still open (a claim not yet made): each outcome and what decides it",
                },
                "options": {
                    "type": "array",
                    "items": obj({"word": ns, "title": s, "text": s, "remedy": s, "stands": b}),
                    "description": "every option the code gives: `word` as claim:WORD writes it (null: no claim)",
                },
                "chooser": {
                    "type": "array",
                    "items": {"enum": list(checker.SEATS)},
                    "description": "the seats that may choose",
                },
                "until": ns,
                "claim": {
                    "oneOf": [
                        {"type": "null"},
                        obj(
                            {
                                "seat": {"oneOf": [{"type": "null"}, {"enum": list(checker.SEATS)}]},
                                "word": s,
                                "after": i,
                                "in_time": b,
                            }
                        ),
                    ]
                },
                "then": {**strs, "description": "what the checker carried out, and who calls next"},
                "points": {"type": "array", "items": ref("AuctionPoints")},
                "unsure": ns,
            }
        ),
        "Auction": obj(
            {
                "code": code,
                "dealer": {"enum": list(checker.SEATS)},
                "calls": strs,
                "ranking": {"enum": list(checker.RANKINGS)},
                "ranking_cites": strs,
                "judgements": {
                    "type": "array",
                    "items": obj(
                        {
                            "number": i,
                            "seat": s,
                            "turn": s,
                            "call": s,
                            "words": s,
                            "ok": b,
                            "verdict": s,
                            "cites": strs,
                            "findings": {"type": "array", "items": ref("AuctionFinding")},
                            "next": {"oneOf": [{"type": "null"}, {"enum": list(checker.SEATS)}]},
                        }
                    ),
                },
                "ended": {"oneOf": [{"type": "null"}, {"enum": ["closed", "passed-out", "new-deal"]}]},
                "closed": b,
                "passed_out": b,
                "status": s,
                "status_cites": strs,
                "next_call": {"oneOf": [{"type": "null"}, {"enum": list(checker.SEATS)}]},
                "next_dealer": {"oneOf": [{"type": "null"}, {"enum": list(checker.SEATS)}]},
                "contract": {
                    "oneOf": [
                        {"type": "null"},
                        obj({"level": i, "denomination": s, "doubling": s, "side": {"enum": ["NS", "EW"]}, "words": s}),
                    ]
                },
                **{
                    role: {"oneOf": [{"type": "null"}, obj({"seat": s, "why": s, "cites": strs})]}
                    for role in ("declarant", "dummy", "leader")
                },
                "findings": {"type": "array", "items": ref("AuctionFinding")},
                "points": {"type": "array", "items": ref("AuctionPoints")},
                "notes": strs,
            }
        ),
    }


def paths() -> dict[str, Any]:
    """The two routes."""
    ref, json, errors, path, query = _ref, _json, _errors, _path, _query
    code = path("code", "the code id, e.g. auction-bridge-1915 (a code whose scoring values the tools read)")
    return {
        "/codes/{code}/score": {
            "get": {
                "operationId": "scoreSheet",
                "summary": "An Auction score sheet: every hand's figures with their laws, games, rubbers, settlement",
                "description": (
                    "Each `hand` is SIDE.CONTRACT.TRICKS, optionally followed by .h.SIDE.HOLDING (honours as "
                    "held), .c.SIDE (chicane), .r.SIDE[.N][.tricks|.points] (established revokes by SIDE, N of "
                    "them; for the adversaries' revoke, the declarer's choice of three tricks or the points) and "
                    ".p.SIDE.PENALTY (points another law puts in the honour column, scored by SIDE: a "
                    "`penalty-PENALTY` value of the code, e.g. double-of-partner): `we.3HX.7.r.they.tricks` is "
                    "three hearts doubled by We, seven tricks taken in play, They revoked and We took three of "
                    "their tricks. `passed` is a deal passed out and `void` a void deal (each may carry .p "
                    "parts). SIDE is we or they; CONTRACT the level, a letter (C D H S, R royal spades, N no "
                    "trumps) and X or XX; TRICKS the declaring side's tricks taken in play, 0-13."
                ),
                "parameters": [
                    code,
                    {
                        "name": "hand",
                        "in": "query",
                        "required": False,
                        "style": "form",
                        "explode": True,
                        "description": "the hands in order, one parameter each",
                        "schema": {
                            "type": "array",
                            "items": {"type": "string", "maxLength": MAX_TOKEN},
                            "maxItems": MAX_HANDS,
                        },
                    },
                    query(
                        TIME_LIMIT,
                        f"{', '.join(YES)} (any case): play stopped at a time limit (party scoring of the last "
                        f"rubber); {', '.join(NO[1:])} or absent: it was not; anything else is a 400",
                    ),
                ],
                "responses": {"200": json(ref("ScoreSheet"), "the scored sheet"), **errors(400, 404)},
            }
        },
        "/codes/{code}/auction": {
            "get": {
                "operationId": "checkAuction",
                "summary": "Check a sequence of calls: each call judged, the contract, declarant, dummy, leader",
                "description": (
                    "`calls` holds the calls in order, separated by spaces: 1H, 2N, P (pass), X (double), "
                    "XX (redouble); SEAT:CALL (S:2H) names the seat of a call out of turn. A claim of a penalty "
                    "is written where it was made, after the call it punishes: `claim` (the code's only "
                    "penalty), `claim:WORD` (a choice the code gives, e.g. claim:new-deal, claim:raise) or "
                    "`S:claim:WORD` (naming the seat that claimed). Each irregularity is ruled when it is "
                    "made: its status, every option the code gives, who chooses and until when, what "
                    "followed, and the facts the sequence answers, ready for "
                    "`/codes/{code}/irregularities/{id}`."
                ),
                "parameters": [
                    code,
                    query("dealer", "N, E, S or W (default N)"),
                    query(
                        "calls",
                        f"the calls in order, separated by spaces (at most {MAX_CALLS})",
                        {"type": "string", "maxLength": MAX_TEXT},
                    ),
                ],
                "responses": {"200": json(ref("Auction"), "the checked auction"), **errors(400, 404)},
            }
        },
    }
