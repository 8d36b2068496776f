"""An error page for people: one sentence of what went wrong, the nearest real thing as a
link first (a mistyped code, irregularity, law or answer leads to the closest one, named as
a reader names it), then the way back. Never a list of ids: those stay in the API's JSON,
which keeps its shape for programs (adjudicator.web.handlers)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from adjudicator.engine import available
from adjudicator.errors import (
    AdjudicatorError,
    BadInput,
    RepeatedParameter,
    TooUncertain,
    UnknownAnswer,
    UnknownCode,
    UnknownFilter,
    UnknownIrregularity,
    UnknownLaw,
    UnknownQuestion,
)
from adjudicator.model import NOT_SURE, Code, Library
from adjudicator.presentation import words
from adjudicator.quiz import MAX_SIZE
from adjudicator.web.presenters.common import LinkItem
from adjudicator.web.urls import code_url, irregularities_url, learn_url, settle_url

SECTIONS = ("codes", "settle", "learn", "search", "tools")
"""The first part of every page's address: a mistyped one is matched against these."""


@dataclass
class ErrorView:
    status: int
    title: str  # one sentence of what went wrong
    nearest: list[LinkItem] = field(default_factory=list)  # "Did you mean": the closest real things
    back: list[LinkItem] = field(default_factory=list)  # the way back

    def __post_init__(self) -> None:
        seen = {item.url for item in self.nearest}
        self.back = [item for item in self.back if item.url not in seen and not seen.add(item.url)]  # type: ignore[func-returns-value]


def _close(value: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The choices nearest ``value`` (case aside): those it begins, then difflib's."""
    by_fold = {c.lower(): c for c in choices}
    folded = value.strip().lower()
    starts = [c for f, c in by_fold.items() if len(folded) > 2 and f.startswith(folded)]
    similar = [by_fold[f] for f in difflib.get_close_matches(folded, by_fold, n=n, cutoff=0.6)]
    return list(dict.fromkeys(starts[:n] + similar))[:n]


def _swap(path: str, value: str, other: str) -> str:
    return path.replace(f"/{value}", f"/{other}", 1)


def _query(args: Iterable[tuple[str, str]], **changes: str | None) -> str:
    pairs = [(k, v) for k, v in args if k not in changes]
    pairs += [(k, v) for k, v in changes.items() if v is not None]
    return f"?{urlencode(pairs)}" if pairs else ""


def _given(view_args: Mapping[str, str], args: list[tuple[str, str]]) -> dict[str, str]:
    """The answers an address gives: its path's question=answer segments, or (an address of
    before) its query."""
    if "answers" in view_args:
        pairs = [segment.partition("=") for segment in view_args["answers"].split("/") if segment]
        return {q: a for q, sep, a in pairs if sep and q and a}
    return dict(args)


def _code_back(code: Code | None, path: str) -> list[LinkItem]:
    if code is None:
        return [LinkItem(words.ALL_CODES, "/settle" if path.startswith("/settle") else "/codes")]
    if path.startswith("/learn"):
        return [LinkItem(words.LEARN_CODE.format(code=words.code_line(code)), learn_url(code.id))]
    if path.startswith("/codes"):
        return [LinkItem(words.LAWS_OF.format(code=words.code_line(code)), code_url(code.id, "laws"))]
    return [LinkItem(words.WHAT_CAN_GO_WRONG.format(code=words.code_line(code)), irregularities_url(code.id))]


def error_view(
    library: Library,
    status: int,
    exc: AdjudicatorError | None,
    path: str,
    args: list[tuple[str, str]],
    view_args: Mapping[str, str],
) -> ErrorView:
    """The error page for ``exc`` (None: an address no page answers) met at ``path``."""
    code = library.codes.get(view_args.get("code", ""))
    if isinstance(exc, RepeatedParameter):  # the same address with the parameter given once
        first = next((v for k, v in args if k == exc.field), "")
        once = LinkItem(words.GIVEN_ONCE, f"{path}{_query(args, **{exc.field: first})}")
        return ErrorView(status, words.full_stop(words.sentence_start(exc.message)), [once], _code_back(code, path))
    if isinstance(exc, UnknownCode):
        value = str(exc.value)
        nearest = [
            LinkItem(words.code_line(library.codes[c]), _swap(path, value, c))
            for c in _close(value, library.codes)
            if c in library.codes
        ]
        return ErrorView(status, words.NO_CODE.format(value=value), nearest, _code_back(None, path))
    if isinstance(exc, UnknownIrregularity) and code is not None:
        value = str(exc.value)
        known = {irr.id: irr.title for irr, _ in available(code)}
        nearest = [LinkItem(known[i], _swap(path, value, i)) for i in _close(value, exc.choices) if i in known]
        title = words.NO_IRREGULARITY.format(value=value.replace("-", " "), code=words.code_line(code))
        return ErrorView(status, title, nearest, _code_back(code, "/settle"))
    if isinstance(exc, UnknownLaw) and code is not None:
        value = str(exc.value)
        nearest = [
            LinkItem(words.law_name(n, code.laws[n].title), _swap(path, value, n))
            for n in _close(value, code.laws)
            if n in code.laws
        ]
        return ErrorView(
            status, words.NO_LAW.format(value=value, code=words.code_line(code)), nearest, _code_back(code, "/codes")
        )
    irregularity = code.irregularities.get(view_args.get("irregularity", "")) if code else None
    if code is not None and irregularity is None and "irregularity" in view_args:
        irregularity = code.fallback.irregularities.get(view_args["irregularity"]) if code.fallback else None
    if isinstance(exc, (UnknownQuestion, UnknownAnswer, TooUncertain, BadInput)) and "irregularity" in view_args:
        assert code is not None  # noqa: S101 - a settle address names its code
        irregularity_id = view_args["irregularity"]
        start = settle_url(code.id, irregularity_id)
        back = [LinkItem(words.START_AGAIN, start), *_code_back(code, "/settle")]
        given = _given(view_args, args)
        field_ = exc.field or ""

        def answered(**change: str | None) -> str:
            answers = {k: v for k, v in {**given, **change}.items() if v is not None}
            return settle_url(code.id, irregularity_id, answers)

        question = irregularity.questions.get(field_) if irregularity else None
        if isinstance(exc, BadInput):
            return ErrorView(status, words.BAD_ANSWERS, [], back)
        if isinstance(exc, UnknownQuestion):
            without = answered(**{field_: None})
            others = [LinkItem(words.WITHOUT_IT, without)] if without != start else []
            return ErrorView(status, words.NO_QUESTION, [], [*others, *back])
        if isinstance(exc, TooUncertain):
            ask = question.ask if question else exc.field
            return ErrorView(status, words.TOO_UNCERTAIN.format(ask=ask), [], back)
        ask = question.ask if question else exc.field
        labels = {a.id: a.label for a in question.answers} if question else {}
        labels[NOT_SURE] = words.NOT_SURE
        order = [*_close(str(exc.value), labels), *labels]  # the nearest first, then every answer
        nearest = [LinkItem(labels[a], answered(**{field_: a})) for a in dict.fromkeys(order)]
        again = LinkItem(words.ASK_AGAIN, answered(**{field_: None}))
        title = words.NO_ANSWER.format(value=str(exc.value), ask=ask)
        return ErrorView(status, title, nearest, [again, *back])
    if isinstance(exc, UnknownFilter):
        value = str(exc.value)
        if exc.field == "game":
            names = {g: codes[0].game_title for g, codes in library.games().items()}
        else:
            names = {c.id: words.code_line(c) for c in library.codes.values()} if exc.field == "code" else {}
        offered = exc.close or (exc.choices if len(exc.choices) <= 6 else [])  # a few kinds: all of them
        nearest = [
            LinkItem(names.get(other, other.replace("-", " ")), f"{path}{_query(args, **{exc.field: other})}")
            for other in offered
        ]
        everywhere = LinkItem(words.SEARCH_EVERYWHERE, f"{path}{_query(args, **{exc.field: None})}")
        return ErrorView(status, words.NO_FILTER.format(field=exc.field, value=value), nearest, [everywhere])
    if isinstance(exc, BadInput) and path.startswith("/learn") and code is not None:
        value = exc.value if exc.value is not None else dict(args).get(exc.field or "", "")
        if exc.field in words.QUIZ_FIELDS:
            title = words.QUIZ_FIELDS[exc.field].format(value=value, most=MAX_SIZE)
        else:
            title = words.BAD_QUIZ
        nearest = [
            LinkItem(choice.replace("-", " "), f"{path}{_query(args, **{exc.field: choice})}")
            for choice in exc.choices or []
        ]
        start = [LinkItem(words.QUIZ_AGAIN, f"{path.split('/quiz')[0]}/quiz{_query(args, a=None, seed=None)}")]
        return ErrorView(status, title, nearest, [*start, *_code_back(code, "/learn")])
    if isinstance(exc, AdjudicatorError):
        message = getattr(exc, "message", None) or str(exc)
        return ErrorView(status, words.full_stop(words.sentence_start(message)), [], _code_back(code, path))
    if status == 404:
        first = path.strip("/").split("/", 1)
        nearest = [
            LinkItem(f"/{s}", f"/{s}" + (f"/{first[1]}" if len(first) > 1 else "")) for s in _close(first[0], SECTIONS)
        ]
        return ErrorView(status, words.NO_PAGE, nearest, [])
    return ErrorView(status, words.ERROR_TITLES.get(status, words.ERROR_TITLES[500]), [], [])
