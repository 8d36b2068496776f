"""Settling a dispute: the "what happened?" menus, the question pages, the ruling (in full
and for the table) and the same facts under two codes side by side.

The words come from the presentation model (adjudicator.presentation.ruling); here they
are arranged with the links a page needs: to change an answer, to the laws, to the same
ruling under other codes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from flask import current_app
from markupsafe import Markup

from adjudicator import compare
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available, unsure_of_the_rest
from adjudicator.model import NOT_SURE, Code, Irregularity, Library
from adjudicator.presentation import ruling as present
from adjudicator.presentation import words
from adjudicator.presentation.code import game_choices
from adjudicator.presentation.code import irregularities as irregularity_briefs
from adjudicator.web.presenters.common import CitedLawView, cited_law_view, law_text, maybe_text
from adjudicator.web.state import in_the_copy
from adjudicator.web.urls import (
    code_url,
    compare_url,
    game_url,
    irregularities_url,
    settle_url,
    table_url,
)

TABLE_NOW_CHARS = 160
"""The table view shows what happens now in large type up to this length (with no choice to
list); longer, the remedy's title and the choices lead and the full sentence folds."""

COMPACT_AFTER = 4
"""More possible outcomes than this are listed briefly, each linking to its full ruling."""

T = TypeVar("T")
COPY_MEMO = "adjudicator.copy-views"
"""The key of ``app.extensions`` holding the views a static copy makes once (``once``)."""


def once(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once per ``key`` while a static copy is written (a remedy is shown on
    its ruling, its table view, every comparison and every not-sure ruling that reaches it);
    on the live service made each time (its page cache keeps whole pages instead). What it
    makes is shared: never changed after."""
    if not in_the_copy():
        return make()
    memo: dict[Hashable, T] = current_app.extensions.setdefault(COPY_MEMO, {})
    if key not in memo:
        memo[key] = make()
    return memo[key]


# ---------------------------------------------------------------- remedies


@dataclass
class ChoiceView:
    text: Markup
    effects: list[str]
    next: list[Markup]


@dataclass
class OptionsView:
    chooses: str  # "Either adversary chooses"
    chooser: str  # as it begins a sentence: "Either adversary"
    consult: str
    consult_note: Markup | None
    until: Markup | None
    choices: list[ChoiceView]


@dataclass
class RemedyView:
    id: str
    title: str
    now: Markup
    options: OptionsView | None
    effects: list[str]
    until: Markup | None
    then: Markup | None
    notes: Markup | None
    unsure: Markup | None
    call_director: str | None
    laws: list[CitedLawView]
    next: list[Markup]
    rests_on: list[CitedLawView] = field(default_factory=list)  # shown beside the choice: the law's number and title


def remedy_view(
    code: Code,
    remedy: present.Remedy,
    laws: Iterable[present.CitedLaw | present.MissingLaw],
    irregularity_id: str | None = None,
) -> RemedyView:
    """A remedy for display; "Law 84"-style references in its texts become links. Given the
    irregularity's id, the remedy with all its laws (a static copy makes it once)."""
    if irregularity_id is None:
        return _remedy_view(code, remedy, laws)
    return once(("remedy", code.id, irregularity_id, remedy.id), lambda: _remedy_view(code, remedy, laws))


def _remedy_view(
    code: Code, remedy: present.Remedy, laws: Iterable[present.CitedLaw | present.MissingLaw]
) -> RemedyView:
    options = None
    if remedy.options is not None:
        o = remedy.options
        options = OptionsView(
            chooses=o.chooses,
            chooser=o.chooser_text,
            consult=o.consult_text,
            consult_note=maybe_text(code, o.consult_note),
            until=maybe_text(code, o.until),
            choices=[
                ChoiceView(
                    law_text(code, c.text),
                    [e.text for e in c.effects],
                    [law_text(code, line) for line in (c.next.lines if c.next else [])],
                )
                for c in o.choices
            ],
        )
    return RemedyView(
        id=remedy.id,
        title=remedy.title,
        now=law_text(code, remedy.now),
        options=options,
        effects=[e.text for e in remedy.effects],
        until=maybe_text(code, remedy.until),
        then=maybe_text(code, remedy.then),
        notes=maybe_text(code, remedy.notes),
        unsure=maybe_text(code, remedy.unsure.text if remedy.unsure else None),
        call_director=remedy.call_director,
        laws=[cited_law_view(code, cited) for cited in laws],
        next=[law_text(code, line) for line in (remedy.next.lines if remedy.next else [])],
    )


# ---------------------------------------------------------------- answers and steps


@dataclass
class FactView:
    ask: str
    answer: str
    fact: str
    change_url: str


def without(answers: Mapping[str, str], question_id: str) -> dict[str, str]:
    return {k: v for k, v in answers.items() if k != question_id}


def copy_answers(code: Code, irregularity_id: str, answers: Mapping[str, str]) -> dict[str, str]:
    """Where a static copy holds the page ``answers`` lead to: the answers the engine used,
    in the order asked; once one is "not sure", the ruling with every later question "not
    sure" as well (the copy's one ruling of every outcome still possible from that question),
    or that question again where this leaves more outcomes than a ruling shows."""
    result = adjudicate(code, irregularity_id, answers)
    if isinstance(result, Ruling):
        used = result.answers
    else:
        used = {s.question.id: (NOT_SURE if s.assumed else s.answer.id) for s in result.steps}
    if NOT_SURE not in used.values():
        return used
    before: dict[str, str] = {}
    for question, answer in used.items():  # in the order asked: the certain answers come first
        if answer == NOT_SURE:
            whole = unsure_of_the_rest(code, irregularity_id, {**before, question: NOT_SURE})
            return before if whole is None else whole.answers
        before[question] = answer
    return before  # not reached: a "not sure" was among them


def link(code: Code, irregularity_id: str, answers: Mapping[str, str]) -> str:
    """The address of the question or ruling ``answers`` lead to under ``code``: as given on
    the live service, where it is, in a static copy (``copy_answers``)."""
    if not in_the_copy():
        return settle_url(code.id, irregularity_id, answers)
    key = ("link", code.id, irregularity_id, tuple(answers.items()))
    return once(key, lambda: settle_url(code.id, irregularity_id, copy_answers(code, irregularity_id, answers)))


def asked_before(path: Sequence[present.Step], question_id: str) -> dict[str, str]:
    """The answers given before ``question_id`` along ``path`` (the facts in the order asked);
    after a "not sure", the answers before the first one."""
    before: dict[str, str] = {}
    for step in path:
        if step.question == question_id or step.assumed:
            break
        before[step.question] = step.answer
    return before


def fact_views(
    code_id: str,
    irregularity_id: str,
    steps: Iterable[present.Step],
    given: Mapping[str, str],
    path: Sequence[present.Step] = (),
) -> list[FactView]:
    """The answers the user gave along ``steps`` (a "not sure" shown once, as given), each
    with a link that asks the question again: on the live service keeping every other answer
    (those that still apply are used), in a static copy with the answers before it along
    ``path`` (the whole way, ``steps`` when empty: the copy's addresses hold only those)."""
    steps = list(steps)
    copy = in_the_copy()
    out: list[FactView] = []
    seen: set[str] = set()
    for step in steps:
        if step.question in seen:
            continue
        seen.add(step.question)
        kept = asked_before(path or steps, step.question) if copy else without(given, step.question)
        change = settle_url(code_id, irregularity_id, kept)
        if step.assumed:
            out.append(FactView(step.ask, words.NOT_SURE, f"{words.NOT_SURE}: {step.ask}", change))
        else:
            out.append(FactView(step.ask, step.label, step.fact, change))
    return out


@dataclass
class Context:
    """What every settling page shows: the code asked for, the code ruling, the irregularity."""

    code_title: str
    code_url: str
    ruling_code: str
    ruling_code_url: str
    edition: str
    irregularity: str
    menu_url: str
    fallback: str | None  # the notice shown when general laws answer for a silent code


def context(asked: Code, result: NextQuestion | Ruling, model: present.Question | present.Ruling) -> Context:
    return Context(
        code_title=asked.title,
        code_url=code_url(asked.id),
        ruling_code=words.code_line(result.code),
        ruling_code_url=code_url(result.code.id),
        edition=words.edition_line(result.code),
        irregularity=model.irregularity.title,
        menu_url=irregularities_url(asked.id),
        fallback=model.fallback,
    )


@dataclass
class ChoiceButton:
    value: str
    label: str
    is_not_sure: bool
    url: str  # the next state: the answers so far and this one, as a path (a link, so a static copy works)


@dataclass
class QuestionPage:
    ctx: Context
    id: str
    ask: str
    help: str | None
    choices: list[ChoiceButton]
    earlier: list[FactView]
    matters_if: list[str]
    not_sure_note: str | None = None  # a static copy that cannot offer "not sure" here says why


def question_page(asked: Code, result: NextQuestion, given: Mapping[str, str]) -> QuestionPage:
    model = present.present(result)
    assert isinstance(model, present.Question)  # noqa: S101 - present keeps the kind
    q = model.question
    before = without(given, q.id)
    irr = model.irregularity.id
    choices = []
    note = None
    for c in q.choices:
        answers = {**before, q.id: c.id}
        if c.id == NOT_SURE and in_the_copy():
            # the copy's "not sure": one ruling of every outcome still possible from here
            whole = unsure_of_the_rest(asked, irr, answers)
            if whole is None:
                note = words.NOT_SURE_IN_THE_COPY
                continue
            answers = whole.answers
        choices.append(ChoiceButton(c.id, c.label, c.id == NOT_SURE, settle_url(asked.id, irr, answers)))
    return QuestionPage(
        ctx=context(asked, result, model),
        id=q.id,
        ask=q.ask,
        help=q.help,
        choices=choices,
        earlier=fact_views(asked.id, model.irregularity.id, model.because, given),
        matters_if=model.matters_if,
        not_sure_note=note,
    )


# ---------------------------------------------------------------- the ruling


@dataclass
class OutcomeView:
    key: list[str]  # the assumed facts that lead to this outcome ("If ...")
    because: list[FactView]  # the facts given on this branch after the shared ones
    remedy: RemedyView
    url: str  # the ruling with this branch's answers in place of "not sure"


@dataclass
class OutcomeGroup:
    """The outcomes that end in one remedy, for a compact page: the remedy once, and the
    facts of each way to it (each linking to its full ruling)."""

    remedy: RemedyView
    ways: list[OutcomeView]


@dataclass
class OtherCode:
    title: str
    result: str
    url: str
    compare_url: str
    in_game: str = ""  # its title where the game is said already
    differs: bool = False  # a code of the same game that rules otherwise on these facts


@dataclass
class RulingPage:
    ctx: Context
    certain: bool
    lead: str
    heading: str
    now: Markup | str
    remedy: RemedyView | None
    outcomes: list[OutcomeView]
    unsure_questions: list[str]
    call_director: str | None
    because: list[FactView]
    same_whatever: str
    permalink: str
    table_url: str
    others: list[OtherCode] = field(default_factory=list)
    differs: list[OtherCode] = field(default_factory=list)  # the others of the same game that rule otherwise
    differs_line: str = ""
    table_now_open: bool = True  # the table view shows what happens now in full, unfolded
    table_laws: str = ""  # the laws it rests on, in one short line
    laws: list[CitedLawView] = field(default_factory=list)  # every law cited, each once
    groups: list[OutcomeGroup] = field(default_factory=list)  # many outcomes: grouped by remedy
    sources: list[str] = field(default_factory=list)  # the Sources part at the foot


def _outcome_view(
    asked: Code, ruling_code: Code, model: present.Ruling, outcome: present.Outcome, given: Mapping[str, str]
) -> OutcomeView:
    shared = len(model.facts)
    later = [s for s in outcome.because[shared:] if not s.assumed]
    return OutcomeView(
        key=outcome.key,
        because=fact_views(asked.id, model.irregularity.id, later, given, outcome.because),
        remedy=remedy_view(ruling_code, outcome.remedy, outcome.laws, model.irregularity.id),
        url=settle_url(asked.id, model.irregularity.id, {s.question: s.answer for s in outcome.because}),
    )


def _groups(outcomes: list[OutcomeView]) -> list[OutcomeGroup]:
    groups: dict[str, OutcomeGroup] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.remedy.id, OutcomeGroup(outcome.remedy, [])).ways.append(outcome)
    return list(groups.values())


def other_code_views(library: Library, asked: Code, ruling: Ruling, answers: Mapping[str, str]) -> list[OtherCode]:
    """What every other code of the same game (or general laws) that defines this
    irregularity rules on these facts, with links to it and to the comparison."""
    return [
        OtherCode(
            title=other.title,
            result=other.result,
            url=link(library.codes[other.code], ruling.irregularity.id, other.answers),
            compare_url=compare_url(asked.id, ruling.irregularity.id, other.code, answers),
            in_game=other.in_game,
            differs=other.differs and other.same_game,
        )
        for other in present.other_rulings(library, asked, ruling, dict(answers))
    ]


def ruling_page(
    library: Library, asked: Code, ruling: Ruling, given: Mapping[str, str], *, others: bool = True
) -> RulingPage:
    """The ruling for display; ``others``: also what every other code that defines the
    irregularity rules on these facts (the full ruling page shows it; the table and a
    comparison's columns do not, and it adjudicates under each of those codes)."""
    if not others:  # a static copy's table view and the columns of its comparisons: made once
        key = ("ruling", asked.id, ruling.irregularity.id, tuple(ruling.answers.items()))
        return once(key, lambda: _ruling_page(library, asked, ruling, given, others=False))
    return _ruling_page(library, asked, ruling, given, others=True)


def _ruling_page(
    library: Library, asked: Code, ruling: Ruling, given: Mapping[str, str], *, others: bool
) -> RulingPage:
    key = ("present", asked.id, ruling.irregularity.id, tuple(ruling.answers.items()))
    model = once(key, lambda: present.present(ruling))
    assert isinstance(model, present.Ruling)  # noqa: S101 - present keeps the kind
    irr = model.irregularity.id
    answers = model.answers
    if model.certain:
        [only] = model.outcomes
        remedy: RemedyView | None = remedy_view(ruling.code, only.remedy, only.laws, irr)
        remedy = replace(remedy, rests_on=remedy.laws)
        steps = only.because
        outcomes: list[OutcomeView] = []
        now: Markup | str = remedy.now if remedy else model.now
    else:
        remedy = None
        steps = [*model.facts, *(s for o in model.outcomes for s in o.assumed)]
        outcomes = [_outcome_view(asked, ruling.code, model, o, given) for o in model.outcomes]
        now = model.now
    other_views = other_code_views(library, asked, ruling, answers) if others and len(outcomes) <= COMPACT_AFTER else []
    differs = [other for other in other_views if other.differs]
    laws: dict[str, CitedLawView] = {}
    for view in [remedy] if remedy else [o.remedy for o in outcomes]:
        for law in view.laws:
            laws.setdefault(law.number, law)
    return RulingPage(
        ctx=context(asked, ruling, model),
        certain=model.certain,
        lead=model.lead,
        heading=model.heading,
        now=now,
        remedy=remedy,
        outcomes=outcomes,
        unsure_questions=model.to_settle,
        call_director=model.call_director,
        because=fact_views(asked.id, irr, steps, given),
        same_whatever=words.SAME_WHATEVER.format(irregularity=model.irregularity.title),
        permalink=link(asked, irr, answers),
        table_url=table_url(asked.id, irr, copy_answers(asked, irr, answers) if in_the_copy() else answers),
        # with many outcomes the comparison would only repeat "it depends": settle the facts first
        others=other_views,
        differs=differs,
        differs_line=words.rules_differently(len(differs), asked.game_title) if differs else "",
        table_laws=words.laws_line([(law.citation, law.number, law.title) for law in laws.values()]),
        table_now_open=remedy is None or (remedy.options is None and len(remedy.now.striptags()) <= TABLE_NOW_CHARS),
        laws=list(laws.values()),
        groups=_groups(outcomes) if len(outcomes) > COMPACT_AFTER else [],
        sources=model.sources,
    )


# ---------------------------------------------------------------- the same facts under another code


@dataclass
class Column:
    code: str
    code_url: str
    fallback: str | None
    title: str
    now: Markup | str | None
    remedy: RemedyView | None
    outcomes: list[OutcomeView]
    facts: list[str]
    next_question: str | None
    continue_url: str


def column(library: Library, asked: Code, elsewhere: compare.Elsewhere) -> Column:
    """One side of a comparison: what ``asked`` rules on the facts it can use."""
    result = elsewhere.result
    url = link(asked, result.irregularity.id, elsewhere.answers)
    if isinstance(result, NextQuestion):
        model = present.present(result)
        return Column(
            words.code_line(asked), code_url(asked.id), model.fallback, words.NEEDS_FACT, None, None, [],
            [s.fact for s in result.steps], result.question.ask, url,
        )  # fmt: skip
    page = ruling_page(library, asked, result, elsewhere.answers, others=False)
    return Column(
        words.code_line(asked), code_url(asked.id), page.ctx.fallback, page.heading, page.now, page.remedy,
        page.outcomes, [f.fact for f in page.because], None, url,
    )  # fmt: skip


def verdict(sides: list[compare.Elsewhere]) -> str:
    """One sentence saying whether the codes agree on these facts."""
    agreement = compare.agreement([s.result for s in sides])
    waiting = [words.code_line(s.code) for s in sides if isinstance(s.result, NextQuestion)]
    return words.AGREEMENT[agreement].format(codes=" and ".join(waiting))


# ---------------------------------------------------------------- menus


@dataclass
class IrregularityItem:
    title: str
    summary: str
    url: str
    general: str | None  # the general-laws code that answers, when the code is silent


@dataclass
class PhaseGroup:
    id: str
    title: str
    items: list[IrregularityItem]


def _matches(irregularity: Irregularity, words_: list[str]) -> bool:
    haystack = " ".join(
        [irregularity.id.replace("-", " "), irregularity.title, irregularity.summary, *irregularity.keywords]
    ).lower()
    return all(word in haystack for word in words_)


def irregularity_groups(code: Code, query: str = "") -> list[PhaseGroup]:
    """The irregularities a user can ask about under ``code``, grouped by phase in table order,
    the common ones first in each."""
    typed = query.lower().split()
    groups = {phase: PhaseGroup(phase, title, []) for phase, title in words.PHASE_TITLES.items()}
    matching = {irregularity.id for irregularity, _ in available(code) if not typed or _matches(irregularity, typed)}
    for brief in sorted(irregularity_briefs(code), key=lambda brief: not brief.common):
        if brief.id not in matching:
            continue
        groups.setdefault(brief.phase, PhaseGroup(brief.phase, brief.phase_title, [])).items.append(
            IrregularityItem(brief.title, brief.summary, settle_url(code.id, brief.id), brief.general)
        )
    return [g for g in groups.values() if g.items]


@dataclass
class CodeItem:
    id: str
    name: str  # the title, with the year unless the title has it
    title: str
    edition: str
    url: str
    settle_url: str
    note: str | None


@dataclass
class GameGroup:
    title: str
    codes: list[CodeItem]


def game_groups(library: Library) -> list[GameGroup]:
    """The codes grouped by game; general laws (for games without a code) come last."""
    groups = []
    for codes in library.games().values():
        items = [
            CodeItem(
                code.id,
                words.code_line(code),
                code.title,
                code.edition,
                code_url(code.id),
                irregularities_url(code.id),
                words.extends(library.codes[code.extends]) if code.extends in library.codes else None,
            )
            for code in codes
        ]
        groups.append((all(c.kind == "general" for c in codes), GameGroup(codes[0].game_title, items)))
    return [group for _, group in sorted(groups, key=lambda pair: pair[0])]


# ---------------------------------------------------------------- choosing the game, then the code


@dataclass
class GameLink:
    title: str
    url: str  # the game's chooser; a game of one code goes straight to what happened
    note: str  # how many codes, or the one code's name


def game_links(library: Library) -> list[GameLink]:
    """The first question of the settle flow: which game (one tap)."""
    links = []
    for game in game_choices(library):
        if len(game.codes) == 1:
            only = game.codes[0]
            note = words.GENERAL_GAME_LINE if game.general else only.title
            title = words.ANOTHER_GAME if game.general else game.title
            links.append(GameLink(title, irregularities_url(only.id), note))
        else:
            links.append(GameLink(game.title, game_url(game.game), words.codes_count(len(game.codes))))
    return links


@dataclass
class CodeOption:
    title: str
    line: str | None
    usual: bool
    url: str


@dataclass
class ChooserPage:
    game: str
    codes: list[CodeOption]  # the usual choice first
    usual: CodeOption | None
    common: list[IrregularityItem]  # what most often goes wrong, under the usual code
    usual_menu_url: str | None


def chooser_page(library: Library, game_id: str) -> ChooserPage | None:
    """A game's codes, each with its line, the usual one marked and first, and (so that a
    table on the usual code is one tap nearer its ruling) what most often goes wrong under it.
    None if ``game_id`` names no game."""
    game = next((g for g in game_choices(library) if g.game == game_id), None)
    if game is None:
        return None
    options = [CodeOption(c.title, c.line, c.usual, irregularities_url(c.id)) for c in game.codes]
    usual = next((o for o, c in zip(options, game.codes, strict=True) if c.usual), None)
    common: list[IrregularityItem] = []
    usual_id = next((c.id for c in game.codes if c.usual), None)
    if usual_id is not None:
        code = library.codes[usual_id]
        common = [
            IrregularityItem(b.title, b.summary, settle_url(code.id, b.id), b.general)
            for b in irregularity_briefs(code)
            if b.common
        ]
    return ChooserPage(game.title, options, usual, common, usual.url if usual else None)
