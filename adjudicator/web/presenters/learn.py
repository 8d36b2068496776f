"""Learn: a code's lessons (etiquette and why, scoring, what can go wrong by phase) and a
quiz's pages (a question, its answer, the score, the printed sheet), arranged from the
quiz's presentation model (adjudicator.presentation.quiz)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator import quiz
from adjudicator.engine import available
from adjudicator.graph import path_to
from adjudicator.model import Code, EtiquetteItem, Library
from adjudicator.presentation import quiz as present_quiz
from adjudicator.presentation import words
from adjudicator.web.params import LETTERS, QuizParams
from adjudicator.web.presenters.codes import TableView, ValueView, score_tables, score_values
from adjudicator.web.presenters.common import CitedLawView, LawBrief, Option, cited_law_view, law_briefs, law_text
from adjudicator.web.presenters.settle import RemedyView, game_groups, remedy_view
from adjudicator.web.urls import (
    code_url,
    etiquette_url,
    glossary_url,
    law_url,
    learn_url,
    quiz_url,
    settle_url,
)

SIZES = (5, 10, 20)
NO_REASON = "The code gives no reason for this rule."
ABOUT = {"etiquette": "Why", "glossary": "About this word", "scoring": "About this figure"}


def params_url(endpoint: str, params: QuizParams, **change: Any) -> str:
    return quiz_url(endpoint, params.code, params.query(**change))


@dataclass
class ChoiceView:
    letter: str
    value: str
    text: str


@dataclass
class LawLink:
    text: str
    url: str
    number: str = ""  # how the law is named short: "Law 50", or an unnumbered rule's title


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
    return LawLink(quiz.rule_label(rule), etiquette_url(code.id, rule.id)) if rule else None


def item_view(code: Code, item: quiz.Item, number: int, total: int) -> ItemView:
    model = present_quiz.item(item, code, number)
    situation = list(model.situation)
    lead = situation.pop(0) if model.irregularity and situation else None
    choices = [ChoiceView(LETTERS[i].upper(), LETTERS[i], c.text) for i, c in enumerate(model.choices)]
    settle = settle_url(code.id, model.irregularity.id, model.facts) if model.irregularity else None
    return ItemView(
        number=number,
        total=total,
        kind_title=model.kind_title,
        prompt=model.prompt,
        lead=lead,
        facts=situation,
        choices=choices,
        answer=choices[model.answer],
        laws=[
            LawLink(quiz.law_label(code.laws[law.number]), law_url(code.id, law.number), law.ref) for law in model.laws
        ],
        settle_url=settle,
        rule=_rule_link(code, item),
    )


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


def header(code: Code, params: QuizParams) -> Header:
    return Header(
        code_title=words.code_line(code),
        learn_url=learn_url(code.id),
        level=quiz.LEVEL_TITLES[params.level] if params.kind == quiz.MIXED else quiz.KINDS[params.kind],
        sheet_url=params_url("sheet", params, a=None),
        restart_url=params_url("question", params, a=None),
        new_url=params_url("question", params, a=None, seed=None),
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


def learn_games(library: Library) -> list[GameView]:
    games = []
    for group in game_groups(library):
        links = [CodeLink(c.name, learn_url(c.id), _counts(library.codes[c.id])) for c in group.codes]
        games.append(GameView(group.title, links))
    return games


@dataclass
class EtiquetteRule:
    id: str
    title: str
    text: Any
    why: str
    laws: list[LawBrief]
    proper: list[str] = field(default_factory=list)  # conduct that keeps the rule
    improper: list[str] = field(default_factory=list)  # conduct that breaks it


@dataclass
class LearnPage:
    title: str
    game: str
    levels: list[Option]
    kinds: list[Option]
    sizes: list[Option]
    starts: list[LawLink]  # one link per level: "A player's quiz"
    action: str
    etiquette: list[EtiquetteRule]
    tables: list[TableView]
    values: list[ValueView]
    phases: list[tuple[str, int]]
    irregularities_url: str
    glossary_url: str
    glossary_count: int
    code_url: str


def _phase_rank(phase: str) -> int:
    return list(words.PHASE_TITLES).index(phase) if phase in words.PHASE_TITLES else len(words.PHASE_TITLES)


def learn_page(item: Code) -> LearnPage:
    levels = quiz.levels(item)
    have = quiz.supported(item)
    phases: dict[str, int] = {}
    for irregularity, _ in available(item):
        phases[irregularity.phase] = phases.get(irregularity.phase, 0) + 1
    return LearnPage(
        title=words.code_line(item),
        game=item.game_title,
        levels=[Option(lv, quiz.LEVEL_TITLES[lv], i == 0) for i, lv in enumerate(levels)],
        kinds=[Option(quiz.MIXED, "Mixed: every kind of the level", True)]
        + [Option(k, f"{quiz.KINDS[k]} ({n})") for k, n in have.items()],
        sizes=[Option(str(n), f"{n} questions", n == quiz.DEFAULT_SIZE) for n in SIZES],
        starts=[
            LawLink(
                f"{'A player' if lv == 'player' else 'A director'}\u2019s quiz",
                quiz_url("question", item.id, {"level": lv}),
            )
            for lv in levels
        ],
        action=quiz_url("question", item.id, {}),
        etiquette=[
            EtiquetteRule(
                e.id,
                e.title,
                law_text(item, e.text),
                e.why or NO_REASON,
                law_briefs(item, e.see_also),
                list(e.proper),
                list(e.improper),
            )
            for e in item.etiquette.values()
        ],
        tables=score_tables(item),
        values=score_values(item),
        phases=[
            (words.PHASE_TITLES.get(p, p), n) for p, n in sorted(phases.items(), key=lambda pn: _phase_rank(pn[0]))
        ],
        irregularities_url=quiz_url("irregularities", item.id, {}),
        glossary_url=glossary_url(item.id),
        glossary_count=len(item.glossary),
        code_url=code_url(item.id),
    )


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


def lessons(item: Code) -> list[PhaseLesson]:
    """What can go wrong, phase by phase, with what the law can do about each."""
    groups = {phase: PhaseLesson(phase, title, []) for phase, title in words.PHASE_TITLES.items()}
    for irregularity, fallback in available(item):
        remedies = [
            RemedyLine(r.title, settle_url(item.id, irregularity.id, path_to(irregularity, r.id)))
            for r in irregularity.remedies.values()
        ]
        groups.setdefault(irregularity.phase, PhaseLesson(irregularity.phase, irregularity.phase, [])).items.append(
            IrregularityLesson(
                irregularity.id,
                irregularity.title,
                irregularity.summary,
                words.silent_here(fallback) if fallback else None,
                remedies,
                settle_url(item.id, irregularity.id),
            )
        )
    return [g for g in groups.values() if g.items]


# ---------------------------------------------------------------- an answer


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


def rule_view(code: Code, item: quiz.Item) -> RuleView | None:
    rule = _etiquette_item(code, item)
    if rule is None:
        return None
    return RuleView(
        quiz.rule_label(rule), etiquette_url(code.id, rule.id), law_text(code, rule.text), rule.why or NO_REASON
    )


def about(item: quiz.Item) -> About | None:
    """The heading and the data's words that explain a player's answer, if there are any."""
    if item.kind == "etiquette" and item.id.startswith("etiquette:proper:"):
        return About(ABOUT["etiquette"], item.explanation or NO_REASON)
    if item.kind in ("glossary", "scoring") and item.explanation:
        return About(ABOUT[item.kind], item.explanation)
    return None


@dataclass
class AnswerView:
    """What an answered item shows besides the item: the ruling, the rule or the word's
    meaning behind the answer, and the laws it rests on."""

    remedy: RemedyView | None
    ruling_title: str | None
    about: About | None
    rule: RuleView | None
    laws: list[CitedLawView]


def answer_view(code: Code, item: quiz.Item, number: int) -> AnswerView:
    model = present_quiz.item(item, code, number)
    remedy = model.remedy
    return AnswerView(
        remedy=remedy_view(code, remedy, []) if remedy is not None and model.kind == "ruling" else None,
        ruling_title=remedy.title if remedy is not None and model.kind == "which-law" else None,
        about=about(item),
        rule=rule_view(code, item),
        laws=[cited_law_view(code, law) for law in model.laws],
    )


@dataclass
class Review:
    item: ItemView
    chosen: ChoiceView | None
    right: bool


def reviews(code: Code, made: quiz.Quiz, picks: str) -> list[Review]:
    out = []
    for number, one in enumerate(made.items, 1):
        view = item_view(code, one, number, len(made.items))
        chosen = view.choices[LETTERS.index(picks[number - 1])] if number <= len(picks) else None
        out.append(Review(view, chosen, chosen is not None and chosen.value == view.answer.value))
    return out
