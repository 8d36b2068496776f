"""What a request asks for, read the same way by every page and API route: numbers, text
and flags; the answers so far; a quiz's, a search's and the table tools' parameters.

A whole number is read by ``model.whole_number`` (ASCII digits only, at most nine), as the
core's readers of hands and the CLI's prompts read it. A bad value is a BadInput (a 400)
naming the parameter.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from flask import request
from pydantic import BaseModel, ConfigDict, Field
from werkzeug.datastructures import MultiDict

from adjudicator import quiz
from adjudicator.auction import Call
from adjudicator.engine import find_irregularity
from adjudicator.errors import BadInput, RepeatedParameter
from adjudicator.model import NOT_SURE, Code, whole_number
from adjudicator.search import SearchIndex, check_filters
from adjudicator.web.urls import ANSWER_SEP, TIME_LIMIT

MAX_QUERY = 200
"""Characters of a search or a find-the-irregularity query (the fields' maxlength too)."""
MAX_ANSWERS = 60
"""Answers in one address."""
YES = ("1", "on", "true", "yes")
NO = ("", "0", "off", "false", "no")

# the limits of the table tools' pages and of the API, which take the same sheets and auctions
MAX_HANDS = 24  # a long evening of rubbers; keeps the page under 50 KB
MAX_CALLS = 40  # far beyond any real auction; keeps the page under 50 KB
MAX_TEXT = 400  # the calls as one text
MAX_TOKEN = 80  # one hand
MAX_SEAT = 10  # a seat: N or North, spaces around it
LISTS = frozenset({"hand"})
"""The parameters that hold a list, given once per item (the score sheet's hands); every
other parameter is given at most once (``single_values``)."""


@overload
def int_arg(args: Mapping[str, str], name: str, default: int, low: int, high: int) -> int: ...
@overload
def int_arg(args: Mapping[str, str], name: str, default: None, low: int, high: int) -> int | None: ...
def int_arg(args: Mapping[str, str], name: str, default: int | None, low: int, high: int) -> int | None:
    """The parameter ``name`` as a whole number from ``low`` to ``high`` (``default`` when it
    is absent or empty); anything else is a 400 naming it."""
    raw = args.get(name)
    if raw is None or raw == "":
        return default
    value = whole_number(raw, low, high)
    if value is None:
        raise BadInput(f"{name!r} must be a whole number from {low} to {high}; got {raw[:40]!r}", name, value=raw[:40])
    return value


def flag(args: Mapping[str, str], name: str) -> bool:
    """The parameter ``name`` as yes or no (any case; absent is no); anything else is a 400."""
    raw = args.get(name, "")
    if raw.lower() in YES:
        return True
    if raw.lower() in NO:
        return False
    choices = [*YES, *NO[1:]]
    raise BadInput(f"{name!r} is one of {', '.join(choices)}; got {raw[:40]!r}", name, value=raw[:40], choices=choices)


def text_arg(name: str, limit: int) -> str:
    """The request's parameter ``name``, stripped ("" when absent); longer than ``limit``
    characters is a 400."""
    value = request.args.get(name, "")
    if len(value) > limit:
        raise BadInput(f"{name!r} is {len(value)} characters long; at most {limit}", name)
    return value.strip()


def given_answers(code: Code, irregularity_id: str) -> dict[str, str]:
    """The answers in the query string (the addresses of before the path-style ones, and a
    GET form's) to the questions of the irregularity, keyed by question id. Any other
    parameter (a question this irregularity does not have, a tracking parameter a messenger
    adds to a shared link) is not an answer: it is left out, as an answer to a question off
    the path is (the engine asks what it still needs). An unknown irregularity is a 404
    (UnknownIrregularity)."""
    if len(request.args) > MAX_ANSWERS:
        raise BadInput(f"too many parameters ({len(request.args)}); at most {MAX_ANSWERS}", "answers")
    return answers_to(code, irregularity_id, request.args)


def answers_to(code: Code, irregularity_id: str, given: Mapping[str, str]) -> dict[str, str]:
    """``given`` without the keys that are not questions of the irregularity."""
    _, irregularity, _ = find_irregularity(code, irregularity_id)
    return {key: given[key] for key in given if key in irregularity.questions}


def single_values(args: MultiDict[str, str], lists: frozenset[str]) -> None:
    """The one rule for repeated parameters, on every route: a parameter is given once,
    but for those that hold a list (``lists``: the score sheet's ``hand``); a parameter
    given more than once is a 400 naming it (never first-wins)."""
    for name in args:
        count = len(args.getlist(name))
        if count > 1 and name not in lists:
            raise RepeatedParameter(f"{name[:40]!r} is given {count} times; give it once", name[:40])


def path_answers(path: str) -> dict[str, str]:
    """The answers in the address's path, ``question=answer`` a segment (urls.answers_path);
    an empty segment (a slash at the end) is skipped. A segment that is not
    ``question=answer``, or a question answered twice, is a 400 naming it."""
    answers: dict[str, str] = {}
    segments = [segment for segment in path.split("/") if segment]
    if len(segments) > MAX_ANSWERS:
        raise BadInput(f"too many answers ({len(segments)}); at most {MAX_ANSWERS}", "answers")
    for segment in segments:
        question, sep, answer = segment.partition(ANSWER_SEP)
        if not sep or not question or not answer:
            raise BadInput(
                f"each part of the address after the irregularity is question{ANSWER_SEP}answer; got {segment[:40]!r}",
                "answers",
                value=segment[:40],
            )
        if question in answers:
            raise BadInput(f"{question[:40]!r} is answered twice; answer each question once", question[:40])
        answers[question] = answer
    return answers


BODY_KEYS = ("code", "irregularity", "answers")


class AdjudicateRequest(BaseModel):
    """The body of ``POST /api/v1/adjudicate`` (its schema is in the OpenAPI document)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(min_length=1, examples=["napoleon-hoffmann"])
    irregularity: str = Field(min_length=1, examples=["revoke"])
    answers: dict[str, str] = Field(
        default_factory=dict, description=f"question id -> answer id; any question may be answered {NOT_SURE!r}"
    )


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise BadInput(f"{key!r} must be a non-empty string; got {type(value).__name__}", key)
    return value


def adjudicate_body(data: object) -> AdjudicateRequest:
    """The body of ``POST /adjudicate`` read, each problem a 400 naming the key."""
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
    return AdjudicateRequest(code=code_id, irregularity=irregularity_id, answers=answers)


# ---------------------------------------------------------------- the table tools


def _list(name: str, limit: int) -> list[str]:
    values = request.args.getlist(name)
    if len(values) > limit:
        raise BadInput(f"at most {limit} {name} parameters; got {len(values)}", name)
    for value in values:
        if len(value) > MAX_TOKEN:
            raise BadInput(f"a {name} is at most {MAX_TOKEN} characters long", name)
    return [v.strip() for v in values if v.strip()]


def hand_tokens() -> list[str]:
    """The sheet's hands (``hand``, repeated), as the page and the API read them."""
    return _list("hand", MAX_HANDS)


def time_limit_arg() -> bool:
    """``time-limit``: play stopped at a time limit (1, on, true or yes; 0, off, false, no or absent)."""
    return flag(request.args, TIME_LIMIT)


def calls_arg() -> str:
    """The calls as one text (``calls``), as the page and the API read them."""
    return text_arg("calls", MAX_TEXT)


def dealer_arg() -> str:
    """``dealer``: N, E, S or W (or the seat's name, any case); absent or empty: N."""
    return text_arg("dealer", MAX_SEAT) or "N"


def check_calls(calls: Sequence[Call]) -> None:
    if len(calls) > MAX_CALLS:
        raise BadInput(f"at most {MAX_CALLS} calls; got {len(calls)}", "calls")


# ---------------------------------------------------------------- search


SEARCH_FILTERS = ("game", "code", "topic", "kind")
PAGELEN = 10
MAX_PAGELEN = 50
MAX_PAGE = 1000


@dataclass
class SearchParams:
    q: str
    filters: dict[str, str]
    page: int
    pagelen: int
    dropped: str = ""  # what of a query longer than MAX_QUERY was left out (the page says so)


def cut_at_word(text: str, limit: int) -> tuple[str, str]:
    """``text`` cut to at most ``limit`` characters at the last word boundary, and the rest."""
    if len(text) <= limit:
        return text, ""
    kept = text[:limit]
    if not text[limit].isspace() and " " in kept.strip():
        kept = kept.rsplit(None, 1)[0]
    return kept.rstrip(), text[len(kept) :].strip()


def search_params(index: SearchIndex, args: MultiDict[str, str], *, api: bool = False) -> SearchParams:
    """The query, its filters (each checked against the index: an unknown game, code, topic
    or kind is an UnknownFilter naming the nearest values and the valid ones) and the page."""
    q = args.get("q", "")
    dropped = ""
    if len(q) > MAX_QUERY:
        if api:
            raise BadInput(f"the query is {len(q)} characters long; at most {MAX_QUERY}", "q")
        q, dropped = cut_at_word(" ".join(q.split()), MAX_QUERY)  # the page searches the start and says so
    filters = {}
    for name in SEARCH_FILTERS:
        value = args.get(name, "").strip()
        if len(value) > 80:
            raise BadInput(f"{name!r} is too long; at most 80 characters", name)
        if value:
            filters[name] = value
    check_filters(index, filters)
    page = int_arg(args, "page", 1, 1, MAX_PAGE)
    pagelen = int_arg(args, "pagelen", PAGELEN, 1, MAX_PAGELEN) if api else PAGELEN
    return SearchParams(q.strip(), filters, page, pagelen, dropped)


# ---------------------------------------------------------------- a quiz in the address

LETTERS = "abcdefgh"
"""A quiz's choices, one letter each, as the address gives the answers so far."""


@dataclass(frozen=True)
class QuizParams:
    """What names a quiz (and, with ``picks``, a quiz in progress)."""

    code: str
    level: str
    kind: str
    size: int
    seed: int | None
    picks: str = ""

    def query(self, **change: Any) -> dict[str, Any]:
        values = {"level": self.level, "kind": self.kind, "n": self.size, "seed": self.seed, "a": self.picks}
        values.update(change)
        return {k: v for k, v in values.items() if v not in (None, "")}


def quiz_params(code: Code, args: Mapping[str, str]) -> QuizParams:
    """The quiz named by the query string; every value checked (a bad one is a 400 naming it)."""
    level = args.get("level") or "player"  # given empty: the default, as for every optional parameter
    kind = args.get("kind") or quiz.MIXED
    for name, value, choices in (("level", level, list(quiz.LEVELS)), ("kind", kind, [quiz.MIXED, *quiz.KINDS])):
        if value not in choices:
            raise BadInput(f"{name!r} must be one of {', '.join(choices)}; got {value[:40]!r}", name, value=value[:40])
    size = int_arg(args, "n", quiz.DEFAULT_SIZE, 1, quiz.MAX_SIZE)
    quiz_seed = int_arg(args, "seed", None, 0, quiz.MAX_SEED)
    picks = args.get("a", "")
    if not re.fullmatch(f"[{LETTERS}]{{0,{quiz.MAX_SIZE}}}", picks):
        raise BadInput(f"'a' holds the answers so far, one letter (a-h) a question; got {picks[:40]!r}", "a")
    return QuizParams(code.id, level, kind, size, quiz_seed, picks)


def new_quiz_seed() -> int:
    return secrets.randbelow(quiz.MAX_SEED) + 1


def the_quiz(code: Code, params: QuizParams) -> quiz.Quiz:
    """The quiz ``params`` names, with the picks so far checked against its items."""
    made = quiz.make_quiz(code, kind=params.kind, level=params.level, seed=params.seed or 0, size=params.size)
    if len(params.picks) > len(made.items):
        raise BadInput(f"'a' answers {len(params.picks)} questions; this quiz has {len(made.items)}", "a")
    for number, (letter, item) in enumerate(zip(params.picks, made.items, strict=False), 1):
        if LETTERS.index(letter) >= len(item.choices):
            raise BadInput(f"question {number} has {len(item.choices)} choices; 'a' gives {letter!r}", "a")
    return made
