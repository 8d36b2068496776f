"""A quiz presented: its parameters, which make it repeatable, and each item with its
answer (for a ruling, the remedy in full and the laws it rests on)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator import quiz as quizzes
from adjudicator.model import Code
from adjudicator.presentation.common import CodeRef, Model, Named, optional
from adjudicator.presentation.law import Law, law
from adjudicator.presentation.ruling import Remedy, remedy

QuizKind = Literal["ruling", "which-law", "etiquette", "proper-or-not", "glossary", "scoring"]
assert set(QuizKind.__args__) == set(quizzes.KINDS)  # type: ignore[attr-defined]  # noqa: S101 - a typo here is a bug


class QuizChoice(Model):
    ref: str
    text: str


class QuizItem(Model):
    number: int
    id: str = Field(description="stable for the same data: the kind and the data behind the item")
    kind: QuizKind
    kind_title: str = Field(description="the kind's heading")
    topic: str = Field(description="what it is about: an irregularity, a table, an etiquette item, a term")
    prompt: str
    situation: list[str] = Field(description="what the player is told; for a ruling, the facts of the path")
    choices: list[QuizChoice] = Field(min_length=2)
    answer: int = Field(description="the index of the right choice")
    explanation: str | None = Field(description="the data's own words behind the answer")
    irregularity: Named | None
    facts: dict[str, str] = Field(description="question id -> answer id: the situation as the engine's answers")
    remedy: Remedy | None
    laws: list[Law] = Field(description="the laws the answer rests on")
    source: str | None


def item(one: quizzes.Item, code: Code, number: int) -> QuizItem:
    irregularity = code.irregularities.get(one.irregularity) if one.irregularity else None
    found = irregularity.remedies.get(one.remedy) if irregularity and one.remedy else None
    return QuizItem(
        number=number,
        id=one.id,
        kind=one.kind,  # type: ignore[arg-type]
        kind_title=quizzes.KINDS[one.kind],
        topic=one.topic,
        prompt=one.prompt,
        situation=list(one.situation),
        choices=[QuizChoice(ref=c.ref, text=c.text) for c in one.choices],
        answer=one.answer,
        explanation=one.explanation,
        irregularity=None if irregularity is None else Named(id=irregularity.id, title=irregularity.title),
        facts=dict(one.facts),
        remedy=None if found is None else remedy(found, code),
        laws=[law(code.laws[n], code) for n in one.laws if n in code.laws],
        source=one.source,
    )


class Quiz(Model):
    code: CodeRef
    kind: Literal["mixed", "ruling", "which-law", "etiquette", "proper-or-not", "glossary", "scoring"]
    level: Literal["player", "director"]
    seed: int = Field(description="the same code, kind, level and seed give the same quiz")
    size: int
    items: list[QuizItem]
    permalink: str | None = optional("the same quiz on the site, one question a page")
    sheet: str | None = optional("the same quiz as a printable sheet with its answer key")


def quiz(made: quizzes.Quiz, code: Code, *, permalink: str | None = None, sheet: str | None = None) -> Quiz:
    return Quiz(
        code=CodeRef.of(code),
        kind=made.kind,  # type: ignore[arg-type]
        level=made.level,  # type: ignore[arg-type]
        seed=made.seed,
        size=len(made.items),
        items=[item(one, code, n) for n, one in enumerate(made.items, 1)],
        permalink=permalink,
        sheet=sheet,
    )
