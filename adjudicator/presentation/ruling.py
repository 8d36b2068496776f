"""The engine's result presented: the next question that matters, or the ruling.

A ruling leads with what happens now (``heading``, ``now``), who chooses among which
options and whether partners may consult, until when, and the laws it rests on; then the
facts it rests on. ``present`` decides every notice: the general laws standing in for a
silent code, the call for the director where our sources are unsure, the facts still to
settle after "not sure".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from adjudicator import compare, engine
from adjudicator import model as core
from adjudicator.engine import NextQuestion
from adjudicator.model import NOT_SURE, Code
from adjudicator.presentation import words
from adjudicator.presentation.common import CodeRef, Model, Named, cites, optional
from adjudicator.presentation.law import Law, law_fields


class Effect(Model):
    model_config = ConfigDict(validate_by_name=True, serialize_by_alias=True)

    kind: str = Field(description="one of the law-file format's kinds of effect")
    who: str | None = optional()
    who_label: str | None = optional()
    to: str | None = optional()
    to_label: str | None = optional()
    from_: str | None = Field(None, alias="from", exclude_if=lambda v: v is None)
    from_label: str | None = optional()
    amount: int | None = optional()
    at_most: int | None = optional("a cap: at most this much")
    unit: str | None = optional()
    detail: str | None = optional()
    text: str = Field(description="the effect in words")


def effect(item: core.Effect, code: Code) -> Effect:
    def label(role: str | None) -> str | None:
        return None if role is None else words.role(code, role)

    return Effect(
        kind=item.kind,
        who=item.who,
        who_label=label(item.who),
        to=item.to,
        to_label=label(item.to),
        from_=item.from_,
        from_label=label(item.from_),
        amount=item.amount,
        at_most=item.at_most,
        unit=item.unit,
        detail=item.detail,
        text=words.effect_text(item, code),
    )


class Next(Model):
    """What happens after the remedy: who acts and what he does, the bidding, the deal,
    what stands, a worked example; ``lines`` says it in words."""

    who: str | None = optional("the role who acts next")
    who_label: str | None = optional()
    does: Literal[tuple(core.ACTS)] | None = optional()  # type: ignore[valid-type]
    bidding: Literal[core.BIDDING_NEXT] | None = optional()  # type: ignore[valid-type]
    deal: Literal[core.DEAL_NEXT] | None = optional()  # type: ignore[valid-type]
    stands: str | None = optional("which card, call, contract or multiplier stands")
    example: str | None = optional("a worked example, where money or points change hands")
    note: str | None = optional()
    lines: list[str] = Field(description="what happens next, in words")


def next_(item: core.Next | None, code: Code) -> Next | None:
    if item is None:
        return None
    return Next(
        who=item.who,
        who_label=None if item.who is None else words.role(code, item.who),
        does=item.does,
        bidding=item.bidding,
        deal=item.deal,
        stands=item.stands,
        example=item.example,
        note=item.note,
        lines=words.next_lines(code, item),
    )


class Unsure(Model):
    """Where our sources are unsure or silent."""

    missing: str | None = Field(description="the fact or law our sources lack")
    decides: str | None = Field(description="the role who decides meanwhile")
    decides_label: str | None
    note: str | None
    text: str = Field(description="all of it, in words")


def unsure(item: core.Unsure | None, code: Code) -> Unsure | None:
    if item is None:
        return None
    return Unsure(
        missing=item.missing,
        decides=item.decides,
        decides_label=None if item.decides is None else words.role(code, item.decides),
        note=item.note,
        text=words.unsure_text(code, item) or "",
    )


class Choice(Model):
    id: str
    text: str
    effects: list[Effect]
    next: Next | None


class Options(Model):
    chooser: str
    chooser_label: str
    chooser_text: str = Field(description="who chooses, as it begins a sentence")
    chooses: str = Field(description="the heading over the choices")
    consult: Literal["allowed", "forbidden", "not-stated"]
    consult_text: str | None = Field(
        description="whether partners may consult, in words; null in a game without partners"
    )
    consult_note: str | None
    until: str | None
    choices: list[Choice]


class Remedy(Model):
    id: str
    title: str
    now: str = Field(description="what happens now, in plain words")
    options: Options | None
    effects: list[Effect]
    until: str | None
    then: str | None
    next: Next | None = Field(description="what happens next")
    notes: str | None
    unsure: Unsure | None = Field(description="where our sources are unsure: what is missing and who decides")
    call_director: str | None = Field(description="the notice shown when our sources are unsure")
    cites: list[str]
    origin: str


def remedy(item: core.Remedy, code: Code) -> Remedy:
    options = None
    if item.options is not None:
        o = item.options
        chooser = words.role(code, o.chooser)
        options = Options(
            chooser=o.chooser,
            chooser_label=chooser,
            chooser_text=words.sentence_start(chooser),
            chooses=words.chooses(chooser),
            consult=o.consult,  # type: ignore[arg-type]
            consult_text=words.consult_text(code, o.consult),
            consult_note=o.consult_note,
            until=o.until,
            choices=[
                Choice(id=c.id, text=c.text, effects=[effect(e, code) for e in c.effects], next=next_(c.next, code))
                for c in o.choices
            ],
        )
    return Remedy(
        id=item.id,
        title=item.title,
        now=item.now,
        options=options,
        effects=[effect(e, code) for e in item.effects],
        until=item.until,
        then=item.then,
        next=next_(item.next, code),
        notes=item.notes,
        unsure=unsure(item.unsure, code),
        call_director=words.call_director(words.unsure_text(code, item.unsure) or "") if item.unsure else None,
        cites=cites(item.cites),
        origin=item.origin,
    )


class Step(Model):
    question: str
    ask: str
    answer: str
    label: str
    fact: str
    assumed: bool


def step(item: engine.Step) -> Step:
    return Step(
        question=item.question.id,
        ask=item.question.ask,
        answer=item.answer.id,
        label=item.answer.label,
        fact=item.fact,
        assumed=item.assumed,
    )


class CitedLaw(Law):
    """A cited law in full, and how the remedy cites it (a clause: ``37(c)``)."""

    citation: str
    clause: bool = Field(description="cited by a clause, not the whole law")


class MissingLaw(Model):
    """A cited law the code's text lacks: its number alone."""

    citation: str
    number: str
    notice: str


def cited_law(cited: engine.CitedLaw, code: Code) -> CitedLaw | MissingLaw:
    if cited.law is None:
        return MissingLaw(citation=str(cited.citation), number=cited.citation.number, notice=words.NOT_IN_TEXT)
    return CitedLaw(
        citation=str(cited.citation),
        clause=bool(cited.citation.clause),
        **law_fields(cited.law, code),  # type: ignore[arg-type]
    )


class Outcome(Model):
    key: list[str] = Field(description='the facts assumed on this branch ("If ...")')
    assumed: list[Step]
    because: list[Step]
    remedy: Remedy
    laws: list[CitedLaw | MissingLaw]


def outcome(item: engine.Outcome, code: Code) -> Outcome:
    return Outcome(
        key=[s.fact for s in item.assumed],
        assumed=[step(s) for s in item.assumed],
        because=[step(s) for s in item.steps],
        remedy=remedy(item.remedy, code),
        laws=[cited_law(c, code) for c in item.laws],
    )


class AnswerChoice(Model):
    id: str
    label: str


class AskedQuestion(Model):
    id: str
    ask: str
    help: str | None
    choices: list[AnswerChoice] = Field(min_length=3)


class Question(Model):
    """The engine needs one more fact."""

    kind: Literal["question"] = "question"
    code: CodeRef
    fallback_for: Named | None
    fallback: str | None = Field(description="the notice shown when general laws answer for a silent code")
    irregularity: Named
    question: AskedQuestion
    matters_if: list[str] = Field(description="the facts assumed on the way to this question")
    because: list[Step]
    answers: dict[str, str]


class Ruling(Model):
    """The ruling: one outcome, or after "not sure" every possible one."""

    kind: Literal["ruling"] = "ruling"
    code: CodeRef
    fallback_for: Named | None
    fallback: str | None = Field(description="the notice shown when general laws answer for a silent code")
    irregularity: Named
    lead: str = Field(description="the line above the heading")
    heading: str = Field(description="the remedy's title, or how many outcomes there are")
    now: str = Field(description="what happens now, or that it turns on what is not sure")
    certain: bool
    to_settle: list[str] = Field(description="the questions answered 'not sure' that decide the outcome")
    call_director: str | None = Field(description="the notice when an outcome rests on what our sources doubt")
    decided_under: str = Field(description="the code's edition, year and body")
    facts: list[Step]
    unsure: list[str]
    outcomes: list[Outcome] = Field(min_length=1)
    answers: dict[str, str]
    sources: list[str] = Field(description="the Sources part: how sure each cited law's text is, and the books")


Result = Annotated[Question | Ruling, Field(discriminator="kind")]


def _context(item: NextQuestion | engine.Ruling) -> dict[str, object]:
    silent = item.fallback_for
    return {
        "code": CodeRef.of(item.code),
        "fallback_for": None if silent is None else Named(id=silent.id, title=silent.title),
        "fallback": None if silent is None else words.fallback_notice(silent, item.code),
        "irregularity": Named(id=item.irregularity.id, title=item.irregularity.title),
    }


def present(item: NextQuestion | engine.Ruling) -> Question | Ruling:
    """The next question or the ruling, as every reader gets it."""
    if isinstance(item, NextQuestion):
        q = item.question
        return Question(
            **_context(item),  # type: ignore[arg-type]
            question=AskedQuestion(
                id=q.id,
                ask=q.ask,
                help=q.help,
                choices=[AnswerChoice(id=cid, label=label) for cid, label in item.choices],
            ),
            matters_if=[s.fact for s in item.steps if s.assumed],
            because=[step(s) for s in item.steps],
            answers={s.question.id: (NOT_SURE if s.assumed else s.answer.id) for s in item.steps},
        )
    outcomes = [outcome(o, item.code) for o in item.outcomes]
    if item.is_certain:
        heading, now = outcomes[0].remedy.title, outcomes[0].remedy.now
    else:
        heading = words.depends(len(outcomes), len({o.remedy.id for o in outcomes}))
        now = words.UNSETTLED
    doubtful = not item.is_certain and any(o.remedy.unsure for o in outcomes)
    cited = {law.number: law for o in outcomes for law in o.laws if isinstance(law, CitedLaw)}
    return Ruling(
        **_context(item),  # type: ignore[arg-type]
        lead=words.ruling_on(item.irregularity.title, item.code),
        heading=heading,
        now=now,
        certain=item.is_certain,
        to_settle=[q.ask for q in item.unsure],
        call_director=words.CALL_DIRECTOR_IF if doubtful else None,
        decided_under=words.edition_line(item.code),
        facts=[step(s) for s in item.facts],
        unsure=[q.id for q in item.unsure],
        outcomes=outcomes,
        answers=item.answers,
        sources=words.source_notes([(law.ref, law.sureness, law.sources) for law in cited.values()]),
    )


def summary(item: NextQuestion | engine.Ruling) -> str:
    """A result in one line: what it rules, or the fact it still needs."""
    if isinstance(item, NextQuestion):
        return words.needs_fact(item.question.ask)
    if item.remedy is not None:
        return item.remedy.title
    return words.depends(len(item.outcomes), len(item.outcomes))


class OtherRuling(Model):
    """What another code rules on the same facts (the facts its own questions can use)."""

    code: str
    title: str = Field(description="the code's title with its year")
    in_game: str = Field(description="the same, without its game's name (said already)")
    same_game: bool = Field(description="a code of the same game (else: general laws)")
    result: str = Field(description="what it rules, or the fact it still needs, in one line")
    answers: dict[str, str] = Field(description="the facts it was given, keyed by question id")
    differs: bool = Field(description="it rules, and not the same remedies as the ruling asked for")


def other_rulings(
    library: core.Library, asked: Code, ruling: engine.Ruling, answers: dict[str, str]
) -> list[OtherRuling]:
    """What every other code of the same game (and the general laws) that defines this
    irregularity rules on these facts; codes of other games are no help at this table."""
    mine = compare.rulings_of(ruling) or frozenset()
    out = []
    for other in compare.other_codes(library, asked, ruling, answers):
        if other.code.game != asked.game and other.code.kind != "general":
            continue
        theirs = compare.rulings_of(other.result)
        if theirs is None:  # it needs more facts: it differs if no answer to them rules as this one does
            theirs = _whatever_else(other.code, ruling.irregularity.id, other.answers)
            differs = theirs is not None and not (theirs & mine)
        else:
            differs = theirs != mine
        out.append(
            OtherRuling(
                code=other.code.id,
                title=words.code_line(other.code),
                in_game=words.code_in_game(other.code),
                same_game=other.code.game == asked.game,
                result=words.full_stop(summary(other.result)),
                answers=other.answers,
                differs=differs,
            )
        )
    return out


def _whatever_else(code: Code, irregularity_id: str, answers: dict[str, str]) -> frozenset[tuple[str, str]] | None:
    """Every ruling ``code`` could reach from ``answers`` whatever its further questions are
    answered ("not sure" to each); None if that leaves too much open."""
    result = engine.unsure_of_the_rest(code, irregularity_id, answers)
    return None if result is None else compare.rulings_of(result)
