"""Learn: a section per code (etiquette and why, scoring, what can go wrong by phase of the
game) and quizzes drawn from the law data (adjudicator.quiz).

No accounts and nothing stored: a quiz is named by its parameters (level, kind, size and
seed), and the answers given so far travel in the address (``a=bda``, one letter a
question), so every page is a permalink and the score is worked out from the address.
Plain GET forms; no JavaScript.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from adjudicator import quiz
from adjudicator.engine import available
from adjudicator.model import PHASES, Citation, Code, EtiquetteItem, Remedy
from adjudicator.web import library_of, views
from adjudicator.web.handlers import BadInput
from adjudicator.web.params import int_arg

bp = Blueprint("learn", __name__, url_prefix="/learn")

LETTERS = "abcdefgh"
SIZES = (5, 10, 20)
NO_REASON = "The code gives no reason for this rule."


# ---------------------------------------------------------------- the quiz in the address


@dataclass(frozen=True)
class Params:
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


def read_params(code: Code, args: Mapping[str, str]) -> Params:
    """The quiz named by the query string; every value checked (a bad one is a 400 naming it)."""
    level = args.get("level", "player")
    kind = args.get("kind", quiz.MIXED)
    for name, value, choices in (("level", level, list(quiz.LEVELS)), ("kind", kind, [quiz.MIXED, *quiz.KINDS])):
        if value not in choices:
            raise BadInput(f"{name!r} must be one of {', '.join(choices)}; got {value[:40]!r}", name, value=value[:40])
    size = int_arg(args, "n", quiz.DEFAULT_SIZE, 1, quiz.MAX_SIZE)
    seed = int_arg(args, "seed", None, 0, quiz.MAX_SEED)
    picks = args.get("a", "")
    if not re.fullmatch(f"[{LETTERS}]{{0,{quiz.MAX_SIZE}}}", picks):
        raise BadInput(f"'a' holds the answers so far, one letter (a-h) a question; got {picks[:40]!r}", "a")
    return Params(code.id, level, kind, size, seed, picks)


def new_seed() -> int:
    return secrets.randbelow(quiz.MAX_SEED) + 1


def the_quiz(code: Code, params: Params) -> quiz.Quiz:
    made = quiz.make_quiz(code, kind=params.kind, level=params.level, seed=params.seed or 0, size=params.size)
    if len(params.picks) > len(made.items):
        raise BadInput(f"'a' answers {len(params.picks)} questions; this quiz has {len(made.items)}", "a")
    for number, (letter, item) in enumerate(zip(params.picks, made.items, strict=False), 1):
        if LETTERS.index(letter) >= len(item.choices):
            raise BadInput(f"question {number} has {len(item.choices)} choices; 'a' gives {letter!r}", "a")
    return made


def quiz_url(endpoint: str, params: Params, **change: Any) -> str:
    return url_for(f"learn.{endpoint}", code=params.code, **params.query(**change))


# ---------------------------------------------------------------- presenters


@dataclass
class ChoiceView:
    letter: str
    value: str
    text: str


@dataclass
class LawLink:
    text: str
    url: str
    number: str = ""


@dataclass
class ItemView:
    number: int
    total: int
    kind_title: str
    prompt: str
    lead: str | None  # "What went wrong: ..." when the situation starts with it
    facts: list[str]
    choices: list[ChoiceView]
    answer: ChoiceView
    laws: list[LawLink]
    settle_url: str | None
    rule: LawLink | None = None  # the etiquette item an "is this proper?" answer rests on


def _etiquette_item(code: Code, item: quiz.Item) -> EtiquetteItem | None:
    """The etiquette item behind an "is this proper?" item (its answer names it)."""
    return code.etiquette.get(item.source or "") if item.kind == "proper-or-not" else None


def _rule_link(code: Code, item: quiz.Item) -> LawLink | None:
    rule = _etiquette_item(code, item)
    return LawLink(quiz.rule_label(rule), views.etiquette_url(code.id, rule.id)) if rule else None


def _law_links(code: Code, numbers: tuple[str, ...]) -> list[LawLink]:
    return [LawLink(quiz.law_label(code.laws[n]), views.law_url(code.id, n), n) for n in numbers if n in code.laws]


def item_view(code: Code, item: quiz.Item, number: int, total: int) -> ItemView:
    situation = list(item.situation)
    lead = situation.pop(0) if item.irregularity and situation else None
    choices = [ChoiceView(LETTERS[i].upper(), LETTERS[i], c.text) for i, c in enumerate(item.choices)]
    settle = None
    if item.irregularity:
        settle = views.settle_url(code.id, item.irregularity, item.facts)
    return ItemView(
        number=number,
        total=total,
        kind_title=quiz.KINDS[item.kind],
        prompt=item.prompt,
        lead=lead,
        facts=situation,
        choices=choices,
        answer=choices[item.answer],
        laws=_law_links(code, item.laws),
        settle_url=settle,
        rule=_rule_link(code, item),
    )


def law_views(code: Code, numbers: tuple[str, ...]) -> list[views.CitedLawView]:
    """The laws an answer rests on, with the code's own words and our digest, as the
    ruling pages show them."""
    return views.cited_law_views(code, [Citation(n) for n in numbers if n in code.laws])


def _remedy(code: Code, item: quiz.Item) -> Remedy | None:
    irregularity = code.irregularities.get(item.irregularity or "")
    return irregularity.remedies.get(item.remedy or "") if irregularity else None


@dataclass
class Score:
    right: int
    answered: int


def score(made: quiz.Quiz, picks: str) -> Score:
    return Score(made.score([LETTERS.index(p) for p in picks]), len(picks))


@dataclass
class Header:
    code_title: str
    learn_url: str
    level: str
    sheet_url: str
    restart_url: str
    new_url: str


def header(code: Code, params: Params) -> Header:
    return Header(
        code_title=views.code_line(code),
        learn_url=url_for("learn.code", code=code.id),
        level=quiz.LEVEL_TITLES[params.level] if params.kind == quiz.MIXED else quiz.KINDS[params.kind],
        sheet_url=quiz_url("sheet", params, a=None),
        restart_url=quiz_url("question", params, a=None),
        new_url=quiz_url("question", params, a=None, seed=None),
    )


# ---------------------------------------------------------------- the learn pages


@dataclass
class CodeLink:
    name: str
    url: str
    counts: str


@dataclass
class GameView:
    title: str
    codes: list[CodeLink]


def _counts(code: Code) -> str:
    have = quiz.supported(code)
    parts = []
    for level, kinds in quiz.LEVELS.items():
        n = sum(have.get(k, 0) for k in kinds)
        if n:
            parts.append(f"{n} {level} questions")
    return ", ".join(parts) or "no quiz yet"


@bp.get("")
def index() -> str:
    library = library_of(current_app)
    games = []
    for group in views.game_groups(library):
        links = [
            CodeLink(
                views.code_line(library.codes[c.id]), url_for("learn.code", code=c.id), _counts(library.codes[c.id])
            )
            for c in group.codes
        ]
        games.append(GameView(group.title, links))
    return render_template("learn/index.html", games=games)


@dataclass
class EtiquetteRule:
    id: str
    title: str
    text: Any
    why: str
    laws: list[views.LawBrief]
    proper: list[str] = field(default_factory=list)  # conduct that keeps the rule
    improper: list[str] = field(default_factory=list)  # conduct that breaks it


@dataclass
class LearnPage:
    title: str
    game: str
    levels: list[views.Option]
    kinds: list[views.Option]
    sizes: list[views.Option]
    starts: list[LawLink]  # one link per level: "A player's quiz"
    action: str
    etiquette: list[EtiquetteRule]
    tables: list[views.TableView]
    values: list[views.ValueView]
    phases: list[tuple[str, int]]
    irregularities_url: str
    glossary_url: str
    glossary_count: int
    code_url: str


def _phase_rank(phase: str) -> int:
    return list(PHASES).index(phase) if phase in PHASES else len(PHASES)


@bp.get("/<code>")
def code(code: str) -> str:
    library = library_of(current_app)
    item = library.code(code)
    levels = quiz.levels(item)
    have = quiz.supported(item)
    phases: dict[str, int] = {}
    for irregularity, _ in available(item):
        phases[irregularity.phase] = phases.get(irregularity.phase, 0) + 1
    page = LearnPage(
        title=views.code_line(item),
        game=item.game_title,
        levels=[views.Option(lv, quiz.LEVEL_TITLES[lv], i == 0) for i, lv in enumerate(levels)],
        kinds=[views.Option(quiz.MIXED, "Mixed: every kind of the level", True)]
        + [views.Option(k, f"{quiz.KINDS[k]} ({n})") for k, n in have.items()],
        sizes=[views.Option(str(n), f"{n} questions", n == quiz.DEFAULT_SIZE) for n in SIZES],
        starts=[
            LawLink(
                f"{'A player' if lv == 'player' else 'A director'}\u2019s quiz",
                url_for("learn.question", code=item.id, level=lv),
            )
            for lv in levels
        ],
        action=url_for("learn.question", code=item.id),
        etiquette=[
            EtiquetteRule(
                e.id,
                e.title,
                views.law_text(item, e.text),
                e.why or NO_REASON,
                [views.law_brief(item, item.laws[c.number]) for c in e.see_also if c.number in item.laws],
                list(e.proper),
                list(e.improper),
            )
            for e in item.etiquette.values()
        ],
        tables=views.score_tables(item),
        values=views.score_values(item),
        phases=[(PHASES.get(p, p), n) for p, n in sorted(phases.items(), key=lambda pn: _phase_rank(pn[0]))],
        irregularities_url=url_for("learn.irregularities", code=item.id),
        glossary_url=views.glossary_url(item.id),
        glossary_count=len(item.glossary),
        code_url=views.code_url(item.id),
    )
    return render_template("learn/code.html", page=page)


@dataclass
class RemedyLine:
    title: str
    url: str


@dataclass
class IrregularityLesson:
    id: str
    title: str
    summary: str
    general: str | None
    remedies: list[RemedyLine]
    settle_url: str


@dataclass
class PhaseLesson:
    id: str
    title: str
    items: list[IrregularityLesson]


@bp.get("/<code>/irregularities")
def irregularities(code: str) -> str:
    item = library_of(current_app).code(code)
    groups = {phase: PhaseLesson(phase, title, []) for phase, title in PHASES.items()}
    for irregularity, fallback in available(item):
        remedies = [
            RemedyLine(
                r.title,
                views.settle_url(item.id, irregularity.id, views.path_to(irregularity, r.id)),
            )
            for r in irregularity.remedies.values()
        ]
        groups.setdefault(irregularity.phase, PhaseLesson(irregularity.phase, irregularity.phase, [])).items.append(
            IrregularityLesson(
                irregularity.id,
                irregularity.title,
                irregularity.summary,
                f"the general laws ({views.code_line(fallback)})" if fallback else None,
                remedies,
                views.settle_url(item.id, irregularity.id),
            )
        )
    return render_template(
        "learn/irregularities.html",
        code_title=views.code_line(item),
        learn_url=url_for("learn.code", code=item.id),
        phases=[g for g in groups.values() if g.items],
    )


# ---------------------------------------------------------------- taking a quiz


@bp.get("/<code>/quiz")
def question(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = read_params(item, request.args)
    if params.seed is None:  # a new quiz: give it a number, so that its address names it
        quiz.make_quiz(item, kind=params.kind, level=params.level, size=params.size)  # refuses a kind the data lacks
        return redirect(quiz_url("question", params, seed=new_seed(), a=None))
    made = the_quiz(item, params)
    if len(params.picks) >= len(made.items):
        return redirect(quiz_url("score_page", params))
    number = len(params.picks) + 1
    return render_template(
        "learn/question.html",
        head=header(item, params),
        item=item_view(item, made.items[number - 1], number, len(made.items)),
        hidden=[views.Hidden(k, str(v)) for k, v in params.query().items()],
        action=url_for("learn.answer", code=item.id),
        score=score(made, params.picks),
    )


@bp.get("/<code>/quiz/answer")
def answer(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = read_params(item, request.args)
    pick = request.args.get("pick", "")
    if params.seed is None:
        raise BadInput("'seed' names the quiz; start one from the Learn page", "seed")
    made = the_quiz(item, params)
    if len(params.picks) >= len(made.items):
        return redirect(quiz_url("score_page", params))
    if pick == "":  # no choice made: ask again
        return redirect(quiz_url("question", params))
    number = len(params.picks) + 1
    current = made.items[number - 1]
    if len(pick) != 1 or pick not in LETTERS[: len(current.choices)]:
        last = LETTERS[len(current.choices) - 1]
        raise BadInput(f"'pick' is one letter, a to {last}; got {pick[:20]!r}", "pick", value=pick[:20])
    done = Params(params.code, params.level, params.kind, params.size, params.seed, params.picks + pick)
    view = item_view(item, current, number, len(made.items))
    remedy = _remedy(item, current)
    last = number == len(made.items)
    return render_template(
        "learn/answer.html",
        head=header(item, done),
        item=view,
        chosen=view.choices[LETTERS.index(pick)],
        right=LETTERS.index(pick) == current.answer,
        remedy=views.remedy_view(item, remedy) if remedy is not None and current.kind == "ruling" else None,
        ruling_title=remedy.title if remedy is not None and current.kind == "which-law" else None,
        about=_about(current),
        rule=_rule_view(item, current),
        laws=law_views(item, current.laws),
        next_url=quiz_url("score_page" if last else "question", done),
        next_label="See your score" if last else "Next question",
        score=score(made, done.picks),
    )


ABOUT = {"etiquette": "Why", "glossary": "About this word", "scoring": "About this figure"}


@dataclass
class About:
    heading: str
    text: str


@dataclass
class RuleView:
    """The etiquette item an "is this proper?" answer rests on: named, linked, its text and why."""

    title: str
    url: str
    text: Any
    why: str


def _rule_view(code: Code, item: quiz.Item) -> RuleView | None:
    rule = _etiquette_item(code, item)
    if rule is None:
        return None
    return RuleView(
        quiz.rule_label(rule),
        views.etiquette_url(code.id, rule.id),
        views.law_text(code, rule.text),
        rule.why or NO_REASON,
    )


def _about(item: quiz.Item) -> About | None:
    """The heading and the data's words that explain a player's answer, if there are any."""
    if item.kind == "etiquette" and item.id.startswith("etiquette:proper:"):
        return About(ABOUT["etiquette"], item.explanation or NO_REASON)
    if item.kind in ("glossary", "scoring") and item.explanation:
        return About(ABOUT[item.kind], item.explanation)
    return None


@dataclass
class Review:
    item: ItemView
    chosen: ChoiceView | None
    right: bool


@bp.get("/<code>/quiz/score")
def score_page(code: str) -> str:
    item = library_of(current_app).code(code)
    params = read_params(item, request.args)
    if params.seed is None:
        raise BadInput("'seed' names the quiz; start one from the Learn page", "seed")
    made = the_quiz(item, params)
    reviews = []
    for number, one in enumerate(made.items, 1):
        view = item_view(item, one, number, len(made.items))
        chosen = None
        if number <= len(params.picks):
            chosen = view.choices[LETTERS.index(params.picks[number - 1])]
        reviews.append(Review(view, chosen, chosen is not None and chosen.value == view.answer.value))
    return render_template(
        "learn/score.html",
        head=header(item, params),
        score=score(made, params.picks),
        total=len(made.items),
        reviews=reviews,
        continue_url=quiz_url("question", params) if len(params.picks) < len(made.items) else None,
    )


@bp.get("/<code>/quiz/sheet")
def sheet(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = read_params(item, request.args)
    if params.seed is None:
        quiz.make_quiz(item, kind=params.kind, level=params.level, size=params.size)
        return redirect(quiz_url("sheet", params, seed=new_seed(), a=None))
    made = the_quiz(item, Params(params.code, params.level, params.kind, params.size, params.seed))
    return render_template(
        "learn/sheet.html",
        head=header(item, params),
        seed=params.seed,
        items=[item_view(item, one, n, len(made.items)) for n, one in enumerate(made.items, 1)],
        start_url=quiz_url("question", params, a=None),
        start_address=url_for("learn.question", code=item.id, _external=True, **params.query(a=None)),
    )


# ---------------------------------------------------------------- the API's quiz


def quiz_data(library: Any, args: Mapping[str, str]) -> dict[str, Any]:
    """``GET /api/v1/quiz``: the quiz named by ``code``, ``level``, ``kind``, ``n`` and ``seed``
    (a new seed when none is given: the response names it), with its answers and the
    addresses of the same quiz on the site."""
    from adjudicator import serialize

    code_id = args.get("code", "")
    if not code_id:
        raise BadInput("give the code: ?code=<code id>", "code")
    code = library.code(code_id)
    params = read_params(code, args)
    if params.picks:
        raise BadInput("'a' belongs to the pages; the API returns every answer", "a")
    seed = new_seed() if params.seed is None else params.seed
    made = quiz.make_quiz(code, kind=params.kind, level=params.level, seed=seed, size=params.size)
    named = Params(code.id, params.level, params.kind, params.size, seed)
    return {
        **serialize.quiz(made, code),
        "permalink": quiz_url("question", named),
        "sheet": quiz_url("sheet", named),
    }
