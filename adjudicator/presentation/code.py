"""A code presented: its summary in a list, and in full its sections, laws, irregularities
(with the general laws' where it is silent), etiquette, glossary and scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from adjudicator import model as core
from adjudicator.engine import available
from adjudicator.model import Code
from adjudicator.presentation import words
from adjudicator.presentation.common import Model, cites
from adjudicator.presentation.law import LawBrief, Quote, brief, quote


class CodeFields(Model):
    """What every presentation of a code carries first: who it is, and what it builds on."""

    id: str
    game: str
    game_title: str
    title: str
    edition: str
    year: int
    body: str
    kind: Literal["code", "general"]
    extends: str | None
    fallback: str | None


class CodeSummary(CodeFields):
    laws: int = Field(description="how many laws")
    irregularities: int = Field(description="how many irregularities the code defines itself")


def _summary_fields(code: Code) -> dict[str, object]:
    return {
        "id": code.id,
        "game": code.game,
        "game_title": code.game_title,
        "title": code.title,
        "edition": code.edition,
        "year": code.year,
        "body": code.body,
        "kind": code.kind,
        "extends": code.extends,
        "fallback": code.fallback.id if code.fallback else None,
    }


def summary(code: Code) -> CodeSummary:
    return CodeSummary(
        **_summary_fields(code),  # type: ignore[arg-type]
        laws=len(code.laws),
        irregularities=len(code.irregularities),
    )


class CodeChoice(Model):
    """A code as its game's chooser offers it."""

    id: str
    title: str = Field(description="the code's title, with its year, without its game's name")
    line: str | None = Field(description="who used it and how it differs, in one line")
    usual: bool = Field(description="the usual choice of its game (one per game with several codes)")


class GameChoice(Model):
    """A game, and the codes it is played by: the usual one first."""

    game: str
    title: str
    general: bool = Field(description="the general laws, for games without a code of their own")
    codes: list[CodeChoice]


def game_choices(library: core.Library) -> list[GameChoice]:
    """Every game with its codes, the usual code first, the general laws last."""
    out = []
    for codes in library.games().values():
        ordered = sorted(codes, key=lambda code: (not (code.choose and code.choose.usual), -code.year))
        out.append(
            GameChoice(
                game=codes[0].game,
                title=codes[0].game_title,
                general=all(code.kind == "general" for code in codes),
                codes=[
                    CodeChoice(
                        id=code.id,
                        title=words.code_in_game(code),
                        line=code.choose.line if code.choose else None,
                        usual=bool(code.choose and code.choose.usual) and len(codes) > 1,
                    )
                    for code in ordered
                ],
            )
        )
    return sorted(out, key=lambda game: game.general)


class Source(Model):
    key: str
    citation: str
    url: str | None
    seed: str | None


class Section(Model):
    id: str
    title: str


class IrregularityBrief(Model):
    id: str
    title: str
    phase: str = Field(description="when it happens: " + ", ".join(words.PHASE_TITLES))
    phase_title: str
    summary: str
    under: str = Field(description="the code that rules on it (a fallback when not this one)")
    common: bool = Field(description="often goes wrong: listed first in its phase")
    general: str | None = Field(description="the tag shown when the general laws answer for this code")


class EtiquetteItem(Model):
    id: str
    number: str | None
    title: str
    text: str
    why: str | None
    proper: list[str] = Field(description="conduct at the table that keeps the rule")
    improper: list[str] = Field(description="conduct at the table that breaks it")
    quotes: list[Quote]
    see_also: list[str]
    origin: str


def etiquette(item: core.EtiquetteItem, code: Code) -> EtiquetteItem:
    return EtiquetteItem(
        id=item.id,
        number=item.number,
        title=item.title,
        text=item.text,
        why=item.why,
        proper=list(item.proper),
        improper=list(item.improper),
        quotes=[quote(q, code) for q in item.quotes],
        see_also=cites(item.see_also),
        origin=item.origin,
    )


class Term(Model):
    id: str
    term: str
    definition: str
    synonyms: list[str]
    see_also: list[str]


def term(item: core.Term) -> Term:
    return Term(
        id=item.id,
        term=item.term,
        definition=item.definition,
        synonyms=list(item.synonyms),
        see_also=cites(item.see_also),
    )


class ScoreTable(Model):
    id: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    cites: list[str]
    notes: str | None
    unsure: list[str] = Field(description="the rows (by their first cell) the sources do not confirm")


class ScoreValue(Model):
    value: int | str | dict[str, int]
    label: str = Field(description="the value's id in words")
    text: str = Field(description="the value in words")
    cites: list[str]
    note: str | None
    unsure: str | None = Field(description="why the sources do not confirm the figure")


class Scoring(Model):
    tables: list[ScoreTable]
    values: dict[str, ScoreValue]


def value_text(value: object) -> str:
    """A scoring value in words: numbers keyed by suit listed, a named rule in words."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k.replace('-', ' ')} {v}" for k, v in value.items())
    return value.replace("-", " ") if isinstance(value, str) else str(value)


def law_cell(code: Code, cell: str) -> str:
    """A score table's cell that lists laws, with each rule the book does not number named by
    its title ("17, R-TM-1" -> "17; Too many cards found after the first trick"), never our id."""
    parts = [part.strip() for part in cell.split(",")]
    if not any(p in code.laws and not code.laws[p].printed for p in parts):
        return cell
    return "; ".join(
        words.law_ref(p, code.laws[p].title) if p in code.laws and not code.laws[p].printed else p for p in parts
    )


def scoring(code: Code) -> Scoring:
    """A code's score tables (with the rows each is unsure of) and its scoring values."""
    return Scoring(
        tables=[
            ScoreTable(
                id=t.id,
                title=t.title,
                columns=list(t.columns),
                rows=[[law_cell(code, cell) for cell in r] for r in t.rows],
                cites=cites(t.cites),
                notes=t.notes,
                unsure=list(t.unsure),
            )
            for t in code.score_tables
        ],
        values={
            v.id: ScoreValue(
                value=dict(v.value) if isinstance(v.value, Mapping) else v.value,
                label=v.id.replace("-", " ").capitalize(),
                text=value_text(v.value),
                cites=cites(v.cites),
                note=v.note,
                unsure=v.unsure,
            )
            for v in code.score_values.values()
        },
    )


class CodeDetail(CodeFields):
    name: str = Field(description="how the code is named in a sentence")
    general: str | None = Field(description="what a code of general laws is for")
    verification: str
    summary: str | None
    lineage: list[str]
    sources: list[Source]
    sections: list[Section]
    laws: list[LawBrief]
    irregularities: list[IrregularityBrief]
    etiquette: list[EtiquetteItem]
    glossary: list[Term]
    scoring: Scoring


def irregularities(code: Code) -> list[IrregularityBrief]:
    """Every irregularity a user can ask about under ``code``: its own, then the general laws'."""
    return [
        IrregularityBrief(
            id=irr.id,
            title=irr.title,
            phase=irr.phase,
            phase_title=words.PHASE_TITLES.get(irr.phase, irr.phase),
            summary=irr.summary,
            under=fallback.id if fallback else code.id,
            common=irr.common,
            general=words.general_laws_tag(fallback) if fallback else None,
        )
        for irr, fallback in available(code)
    ]


def detail(code: Code) -> CodeDetail:
    return CodeDetail(
        **_summary_fields(code),  # type: ignore[arg-type]
        name=words.code_line(code),
        general=words.GENERAL_CODE if code.kind == "general" else None,
        verification=code.verification,
        summary=code.summary,
        lineage=list(code.lineage),
        sources=[Source(key=s.key, citation=s.citation, url=s.url, seed=s.seed) for s in code.sources.values()],
        sections=[Section(id=s.id, title=s.title) for s in code.sections.values()],
        laws=[brief(item, code) for item in code.laws.values()],
        irregularities=irregularities(code),
        etiquette=[etiquette(item, code) for item in code.etiquette.values()],
        glossary=[term(item) for item in code.glossary.values()],
        scoring=scoring(code),
    )
