"""Presenters: the model and the engine's results turned into plain objects for templates.

Every decision a page shows (which label, which link, which notice) is taken here, so the
templates only display. Called inside a request (links are built with ``url_for``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from flask import url_for
from markupsafe import Markup

from adjudicator.engine import NextQuestion, Outcome, Ruling, Step, adjudicate, available
from adjudicator.errors import LookupProblem
from adjudicator.model import (
    NOT_SURE,
    PHASES,
    Citation,
    Code,
    Effect,
    Irregularity,
    Law,
    Library,
    Quote,
    Remedy,
)
from adjudicator.web.text import linkify
from adjudicator.wording import next_lines, unsure_text

CONSULT = {
    "allowed": "Partners may consult before choosing.",
    "forbidden": "Partners may not consult: the chooser decides alone.",
    "not-stated": "The law does not say whether partners may consult.",
}

BASIS = {
    "full-text": "Checked against the full text of the code.",
    "seed": "Checked against the words of our seed source.",
    "passage": "Checked against a passage of the code, not its complete text.",
    "provisional": "Provisional: not yet confirmed against the code's text.",
    "inferred": "Inferred from other laws or commentary; the code's own words are not confirmed.",
}

EFFECTS = {
    "score": "Score",
    "tricks": "Tricks",
    "stakes": "Payment",
    "new-deal": "New deal",
    "deal-void": "The deal does not count",
    "deal-stands": "The deal stands",
    "replay": "The hand is replayed",
    "barred": "Barred",
    "card-exposed": "Exposed card",
    "suit-called": "A suit may be called",
    "play-directed": "Play directed",
    "corrected": "Corrected",
    "trick-stands": "The trick stands",
    "no-penalty": "No penalty",
    "penalty-forfeited": "The penalty is forfeited",
    "game-abandoned": "Play stops",
    "other": "Other",
}

COMPACT_AFTER = 4
"""More possible outcomes than this are listed briefly, each linking to its full ruling."""

DIGEST = "Digest (our summary, in our own words; not the code's text)"

# ---------------------------------------------------------------- links


def code_url(code_id: str, anchor: str | None = None) -> str:
    return url_for("pages.code", code=code_id, _anchor=anchor)


def law_url(code_id: str, number: str) -> str:
    return url_for("pages.law", code=code_id, number=number)


def with_answers(url: str, answers: Mapping[str, str] | None) -> str:
    """``url`` with the answers as its query (question ids may be any id, even "code")."""
    return f"{url}?{urlencode(list(answers.items()))}" if answers else url


def settle_url(code_id: str, irregularity_id: str, answers: Mapping[str, str] | None = None) -> str:
    return with_answers(url_for("pages.settle", code=code_id, irregularity=irregularity_id), answers)


def remedy_url(library: Library, code_id: str, irregularity_id: str, remedy_id: str) -> str:
    """A ruling page that reaches ``remedy_id`` (the irregularity's first question if none does)."""
    code = library.codes.get(code_id)
    irregularity = code.irregularities.get(irregularity_id) if code else None
    answers = path_to(irregularity, remedy_id) if irregularity else None
    return settle_url(code_id, irregularity_id, answers)


def glossary_url(code_id: str, term_id: str | None = None) -> str:
    return url_for("pages.glossary", code=code_id, _anchor=f"term-{term_id}" if term_id else None)


def etiquette_url(code_id: str, item_id: str | None = None) -> str:
    return url_for("pages.etiquette", code=code_id, _anchor=item_id)


def code_line(code: Code) -> str:
    """How a code is named in a sentence: its title, and its year unless the title has it."""
    return code.title if str(code.year) in code.title else f"{code.title} ({code.year})"


# ---------------------------------------------------------------- shapes every page uses


@dataclass
class LinkItem:
    text: str
    url: str


@dataclass
class Option:
    """A choice of a select or a radio group."""

    value: str
    label: str
    selected: bool = False


@dataclass
class Hidden:
    """A hidden input: what a GET form carries over."""

    name: str
    value: str


# ---------------------------------------------------------------- law text


def law_text(code: Code, text: str, *, terms: bool = False) -> Markup:
    glossary = {}
    if terms:
        for term in code.glossary.values():
            glossary.setdefault(term.term, glossary_url(code.id, term.id))
    return linkify(text, code.laws, lambda n: law_url(code.id, n), glossary)


@dataclass
class QuoteView:
    label: str
    citation: str
    words: str
    note: str | None


def quote_view(q: Quote, code: Code) -> QuoteView:
    source = code.sources.get(q.source)
    label = "The code's own words, quoted" if q.kind == "law-text" else "Commentary on the law, quoted"
    return QuoteView(label, source.citation if source else q.source, q.words, q.note)


@dataclass
class LawBrief:
    number: str
    title: str
    url: str


def law_brief(code: Code, law: Law) -> LawBrief:
    return LawBrief(law.number, law.title, law_url(code.id, law.number))


@dataclass
class CitedLawView:
    citation: str
    number: str
    clause: bool  # cited by a clause ("37(c)"), not the whole law
    title: str | None
    url: str | None
    quotes: list[QuoteView]
    text: Markup | None
    basis: str | None


def cited_law_views(code: Code, citations: Iterable[Citation]) -> list[CitedLawView]:
    """Each cited law with the code's own words and our digest (a law the code lacks: its
    number alone)."""
    out = []
    for citation in citations:
        law = code.law(citation)
        if law is None:
            out.append(CitedLawView(str(citation), citation.number, False, None, None, [], None, None))
            continue
        basis = (
            None if law.basis in ("full-text", "seed") else " ".join(filter(None, [BASIS[law.basis], law.basis_note]))
        )
        out.append(
            CitedLawView(
                str(citation),
                law.number,
                bool(citation.clause),
                law.title,
                law_url(code.id, law.number),
                [quote_view(q, code) for q in law.quotes],
                law_text(code, law.text),
                basis,
            )
        )
    return out


# ---------------------------------------------------------------- remedies


def _role(code: Code, role: str | None) -> str | None:
    return None if role is None else code.roles.get(role, role.replace("-", " "))


def effect_text(item: Effect, code: Code) -> str:
    """One structured effect as a plain sentence fragment."""
    if item.kind == "other" and item.detail:  # the detail says it all; name who it falls on
        who = _role(code, item.who)
        return _sentence_start(f"{who}: {item.detail}" if who else item.detail)
    parts = [EFFECTS.get(item.kind, item.kind)]
    if item.amount is not None:
        parts.append(f"{item.amount}{' ' + item.unit if item.unit else ''}")
    elif item.at_most is not None:
        parts.append(f"of at most {item.at_most}{' ' + item.unit if item.unit else ''}")
    elif item.unit:
        parts.append(item.unit)
    if item.who:
        parts.append(f"({_role(code, item.who)})")
    if item.from_:
        parts.append(f"from {_role(code, item.from_)}")
    if item.to:
        parts.append(f"to {_role(code, item.to)}")
    text = " ".join(parts)
    return f"{text}: {item.detail}" if item.detail else text


@dataclass
class ChoiceView:
    text: Markup
    effects: list[str]
    next: list[str] = field(default_factory=list)


@dataclass
class OptionsView:
    chooser: str  # as it begins a sentence: "The non-offending side"
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
    laws: list[CitedLawView]
    next: list[Markup] = field(default_factory=list)


def _sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def remedy_view(code: Code, remedy: Remedy) -> RemedyView:
    """A remedy for display; "Law 84"-style references in its texts become links."""

    def text(value: str | None) -> Markup | None:
        return law_text(code, value) if value else None

    options = None
    if remedy.options is not None:
        o = remedy.options
        options = OptionsView(
            chooser=_sentence_start(_role(code, o.chooser) or ""),
            consult=CONSULT.get(o.consult, o.consult),
            consult_note=text(o.consult_note),
            until=text(o.until),
            choices=[
                ChoiceView(
                    law_text(code, c.text),
                    [effect_text(e, code) for e in c.effects],
                    [law_text(code, line) for line in next_lines(code, c.next)],
                )
                for c in o.choices
            ],
        )
    return RemedyView(
        id=remedy.id,
        title=remedy.title,
        now=law_text(code, remedy.now),
        options=options,
        effects=[effect_text(e, code) for e in remedy.effects],
        until=text(remedy.until),
        then=text(remedy.then),
        notes=text(remedy.notes),
        unsure=text(unsure_text(code, remedy.unsure)),
        laws=cited_law_views(code, remedy.cites),
        next=[law_text(code, line) for line in next_lines(code, remedy.next)],
    )


# ---------------------------------------------------------------- settling: answers and steps


@dataclass
class FactView:
    ask: str
    answer: str
    fact: str
    change_url: str


def without(answers: Mapping[str, str], question_id: str) -> dict[str, str]:
    return {k: v for k, v in answers.items() if k != question_id}


def fact_views(code_id: str, irregularity_id: str, steps: Iterable[Step], given: Mapping[str, str]) -> list[FactView]:
    """The answers the user gave along ``steps`` (a "not sure" shown once, as given), each
    with a link that asks the question again and keeps every other answer."""
    out: list[FactView] = []
    seen: set[str] = set()
    for step in steps:
        qid = step.question.id
        if qid in seen:
            continue
        seen.add(qid)
        change = settle_url(code_id, irregularity_id, without(given, qid))
        if step.assumed:
            out.append(FactView(step.question.ask, "Not sure", "Not sure: " + step.question.ask, change))
        else:
            out.append(FactView(step.question.ask, step.answer.label, step.fact, change))
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


def context(asked: Code, result: NextQuestion | Ruling) -> Context:
    code = result.code
    fallback = None
    if result.fallback_for is not None:
        fallback = (
            f"{code_line(result.fallback_for)} has no law on this, so the general laws apply: "
            f"{code_line(code)}. They are weaker than a code's own law: a rule your table agreed prevails."
        )
    return Context(
        code_title=asked.title,
        code_url=code_url(asked.id),
        ruling_code=code_line(code),
        ruling_code_url=code_url(code.id),
        edition=f"{code.edition}, {code.year}; {code.body}",
        irregularity=result.irregularity.title,
        menu_url=url_for("pages.irregularities", code=asked.id),
        fallback=fallback,
    )


@dataclass
class ChoiceButton:
    value: str
    label: str
    is_not_sure: bool


@dataclass
class QuestionPage:
    ctx: Context
    id: str
    ask: str
    help: str | None
    choices: list[ChoiceButton]
    hidden: list[Hidden]
    action: str
    earlier: list[FactView]
    matters_if: list[str]


def question_page(asked: Code, result: NextQuestion, given: Mapping[str, str]) -> QuestionPage:
    q = result.question
    keep = without(given, q.id)
    return QuestionPage(
        ctx=context(asked, result),
        id=q.id,
        ask=q.ask,
        help=q.help,
        choices=[ChoiceButton(cid, label, cid == NOT_SURE) for cid, label in result.choices],
        hidden=[Hidden(k, v) for k, v in keep.items()],
        action=settle_url(asked.id, result.irregularity.id),
        earlier=fact_views(asked.id, result.irregularity.id, result.steps, given),
        matters_if=[s.fact for s in result.steps if s.assumed],
    )


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


@dataclass
class RulingPage:
    ctx: Context
    certain: bool
    heading: str
    now: str | None
    remedy: RemedyView | None
    outcomes: list[OutcomeView]
    unsure_questions: list[str]
    call_director: bool
    because: list[FactView]
    permalink: str
    table_url: str
    others: list[OtherCode] = field(default_factory=list)
    laws: list[CitedLawView] = field(default_factory=list)  # every law cited, each once
    groups: list[OutcomeGroup] = field(default_factory=list)  # many outcomes: grouped by remedy


def _outcome_view(asked: Code, ruling: Ruling, outcome: Outcome, given: Mapping[str, str]) -> OutcomeView:
    shared = len(ruling.facts)
    later = [s for s in outcome.steps[shared:] if not s.assumed]
    return OutcomeView(
        key=[s.fact for s in outcome.assumed],
        because=fact_views(asked.id, ruling.irregularity.id, later, given),
        remedy=remedy_view(ruling.code, outcome.remedy),
        url=settle_url(asked.id, ruling.irregularity.id, {s.question.id: s.answer.id for s in outcome.steps}),
    )


def _groups(outcomes: list[OutcomeView]) -> list[OutcomeGroup]:
    groups: dict[str, OutcomeGroup] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.remedy.id, OutcomeGroup(outcome.remedy, [])).ways.append(outcome)
    return list(groups.values())


def ruling_page(
    library: Library, asked: Code, ruling: Ruling, given: Mapping[str, str], *, others: bool = True
) -> RulingPage:
    """The ruling for display; ``others``: also what every other code that defines the
    irregularity rules on these facts (the full ruling page shows it; the table and a
    comparison's columns do not, and it adjudicates under each of those codes)."""
    irr = ruling.irregularity.id
    answers = ruling.answers
    if ruling.is_certain:
        remedy = remedy_view(ruling.code, ruling.outcomes[0].remedy)
        steps: list[Step] = list(ruling.outcomes[0].steps)
        heading, now, outcomes = remedy.title, remedy.now, []
    else:
        remedy = None
        steps = [*ruling.facts, *(s for o in ruling.outcomes for s in o.steps if s.assumed)]
        outcomes = [_outcome_view(asked, ruling, o, given) for o in ruling.outcomes]
        remedies = len({o.remedy.id for o in outcomes})
        heading = (
            f"It depends: {remedies} possible rulings"
            if remedies < len(outcomes)
            else f"It depends: {len(outcomes)} possible outcomes"
        )
        now = "It turns on what is not sure; the players (or the director) must settle:"
    call_director = any(o.remedy.unsure for o in ruling.outcomes)
    laws: dict[str, CitedLawView] = {}
    for view in [remedy] if remedy else [o.remedy for o in outcomes]:
        for law in view.laws:
            laws.setdefault(law.number, law)
    return RulingPage(
        ctx=context(asked, ruling),
        certain=ruling.is_certain,
        heading=heading,
        now=now,
        remedy=remedy,
        outcomes=outcomes,
        unsure_questions=[q.ask for q in ruling.unsure],
        call_director=call_director,
        because=fact_views(asked.id, irr, steps, given),
        permalink=settle_url(asked.id, irr, answers),
        table_url=with_answers(url_for("pages.table", code=asked.id, irregularity=irr), answers),
        # with many outcomes the comparison would only repeat "it depends": settle the facts first
        others=other_codes(library, asked, ruling, answers) if others and len(outcomes) <= COMPACT_AFTER else [],
        laws=list(laws.values()),
        groups=_groups(outcomes) if len(outcomes) > COMPACT_AFTER else [],
    )


# ---------------------------------------------------------------- the same facts under another code


def applicable(irregularity: Irregularity, answers: Mapping[str, str]) -> dict[str, str]:
    """The answers another code's irregularity can use: its questions, its answers."""
    out = {}
    for qid, aid in answers.items():
        question = irregularity.questions.get(qid)
        if question is not None and (aid == NOT_SURE or question.answer(aid) is not None):
            out[qid] = aid
    return out


def result_summary(result: NextQuestion | Ruling) -> str:
    if isinstance(result, NextQuestion):
        return f"Needs one more fact: {result.question.ask}"
    if result.is_certain and result.remedy is not None:
        return result.remedy.title
    return f"It depends: {len(result.outcomes)} possible outcomes"


def other_codes(library: Library, asked: Code, ruling: Ruling, answers: Mapping[str, str]) -> list[OtherCode]:
    """Every other code that defines this irregularity itself, with these facts applied."""
    exclude = {asked.id, ruling.code.id}
    found = []
    for code in library.codes.values():
        if code.id in exclude or ruling.irregularity.id not in code.irregularities:
            continue
        irregularity = code.irregularities[ruling.irregularity.id]
        usable = applicable(irregularity, answers)
        try:
            result = adjudicate(code, irregularity.id, usable)
        except LookupProblem:  # too many "not sure" answers there: leave that code out
            continue
        rank = (code.game != asked.game, code.kind == "general")
        found.append(
            (
                rank,
                OtherCode(
                    title=code_line(code),
                    result=result_summary(result),
                    url=settle_url(code.id, irregularity.id, usable),
                    compare_url=with_answers(
                        url_for("pages.compare", code=asked.id, irregularity=irregularity.id, other=code.id), answers
                    ),
                ),
            )
        )
    return [item for _, item in sorted(found, key=lambda pair: pair[0])]


@dataclass
class Column:
    code: str
    code_url: str
    fallback: str | None
    title: str
    now: str | None
    remedy: RemedyView | None
    outcomes: list[OutcomeView]
    facts: list[str]
    next_question: str | None
    continue_url: str


def column(library: Library, asked: Code, irregularity_id: str, answers: Mapping[str, str]) -> Column:
    """One side of a comparison: what ``asked`` rules on these facts (the facts it can use)."""
    from adjudicator.engine import find_irregularity

    _, irregularity, _ = find_irregularity(asked, irregularity_id)
    usable = applicable(irregularity, answers)
    result = adjudicate(asked, irregularity_id, usable)
    ctx = context(asked, result)
    url = settle_url(asked.id, irregularity_id, usable)
    if isinstance(result, NextQuestion):
        return Column(
            code_line(asked), ctx.code_url, ctx.fallback, "Needs one more fact", None, None, [],
            [s.fact for s in result.steps], result.question.ask, url,
        )  # fmt: skip
    page = ruling_page(library, asked, result, usable, others=False)
    return Column(
        code_line(asked), ctx.code_url, ctx.fallback, page.heading, page.now, page.remedy, page.outcomes,
        [f.fact for f in page.because], None, url,
    )  # fmt: skip


def verdict(columns: list[Column]) -> str:
    """One sentence saying whether the codes agree on these facts."""
    waiting = [c.code for c in columns if c.next_question]
    if waiting:
        return f"{' and '.join(waiting)} must know one more fact before ruling."
    if len({(c.title, str(c.now)) for c in columns}) == 1:
        return "Both codes rule the same way on these facts."
    return "The codes rule differently on these facts: compare what happens now."


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


def _matches(irregularity: Irregularity, words: list[str]) -> bool:
    haystack = " ".join(
        [irregularity.id.replace("-", " "), irregularity.title, irregularity.summary, *irregularity.keywords]
    ).lower()
    return all(word in haystack for word in words)


def irregularity_groups(code: Code, query: str = "") -> list[PhaseGroup]:
    """The irregularities a user can ask about under ``code``, grouped by phase in table order."""
    words = query.lower().split()
    groups = {phase: PhaseGroup(phase, title, []) for phase, title in PHASES.items()}
    for irregularity, fallback in sorted(available(code), key=lambda pair: not pair[0].common):
        if words and not _matches(irregularity, words):
            continue
        groups.setdefault(irregularity.phase, PhaseGroup(irregularity.phase, irregularity.phase, [])).items.append(
            IrregularityItem(
                irregularity.title,
                irregularity.summary,
                settle_url(code.id, irregularity.id),
                f"General laws: {fallback.title}" if fallback else None,
            )
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
                code_line(code),
                code.title,
                code.edition,
                code_url(code.id),
                url_for("pages.irregularities", code=code.id),
                f"extends {library.codes[code.extends].title}" if code.extends in library.codes else None,
            )
            for code in codes
        ]
        groups.append((all(c.kind == "general" for c in codes), GameGroup(codes[0].game_title, items)))
    return [group for _, group in sorted(groups, key=lambda pair: pair[0])]


# ---------------------------------------------------------------- law and code pages


def path_to(irregularity: Irregularity, remedy_id: str) -> dict[str, str] | None:
    """Answers that reach ``remedy_id`` (the first path found), for a link to that ruling."""
    stack: list[tuple[str, dict[str, str]]] = [(irregularity.start, {})]
    seen: set[str] = set()
    while stack:
        node, answers = stack.pop()
        if node == remedy_id:
            return answers
        if node in seen or node not in irregularity.questions:
            continue
        seen.add(node)
        question = irregularity.questions[node]
        for answer in reversed(question.answers):
            stack.append((answer.next, {**answers, question.id: answer.id}))
    return None


@dataclass
class CitingRemedy:
    irregularity: str
    title: str
    url: str


@dataclass
class LawPage:
    code_id: str
    code_title: str
    code_url: str
    number: str
    title: str
    section: str
    section_url: str
    quotes: list[QuoteView]
    text: Markup
    digest_label: str
    basis: str
    basis_note: str | None
    notes: Markup | None
    see_also: list[LawBrief]
    cited_by_laws: list[LawBrief]
    cited_by_remedies: list[CitingRemedy]
    elsewhere: list[LinkItem]
    verification: str
    previous: LawBrief | None
    next: LawBrief | None


def law_page(library: Library, code: Code, law: Law) -> LawPage:
    laws, remedies = code.citing(law.number)
    citing = []
    for remedy in remedies:
        irregularity = code.irregularities[remedy.irregularity]
        citing.append(
            CitingRemedy(irregularity.title, remedy.title, remedy_url(library, code.id, irregularity.id, remedy.id))
        )

    elsewhere: list[LinkItem] = []
    seen: set[tuple[str, str]] = {(code.id, law.number)}

    def add(other: Code, number: str, why: str) -> None:
        if (other.id, number) in seen or number not in other.laws:
            return
        seen.add((other.id, number))
        target = other.laws[number]
        elsewhere.append(
            LinkItem(f"{code_line(other)}: Law {number}, {target.title} ({why})", law_url(other.id, number))
        )

    for other_id, number in law.same_as.items():
        if other_id in library.codes:
            add(library.codes[other_id], number, "the same law in that edition")
    if law.origin != code.id and law.origin in library.codes:
        add(library.codes[law.origin], law.number, "inherited from that code unchanged")
    for other in library.codes.values():
        theirs = other.laws.get(law.number)
        if other.id != code.id and theirs is not None:
            if theirs.origin == law.origin:
                add(other, law.number, "the same law, inherited")
            elif code.id in other.lineage:
                add(other, law.number, "the same number in a later code that extends this one")
            elif other.id in code.lineage:
                add(other, law.number, "the same number in the code this one extends")
        for number, item in other.laws.items():
            if item.same_as.get(code.id) == law.number:
                add(other, number, "the same law in that edition")

    numbers = list(code.laws)
    index = numbers.index(law.number)
    previous = law_brief(code, code.laws[numbers[index - 1]]) if index > 0 else None
    following = law_brief(code, code.laws[numbers[index + 1]]) if index + 1 < len(numbers) else None
    section = code.sections.get(law.section)
    return LawPage(
        code_id=code.id,
        code_title=code_line(code),
        code_url=code_url(code.id),
        number=law.number,
        title=law.title,
        section=section.title if section else law.section,
        section_url=code_url(code.id, f"section-{law.section}"),
        quotes=[quote_view(q, code) for q in law.quotes],
        text=law_text(code, law.text, terms=True),
        digest_label=DIGEST,
        basis=BASIS.get(law.basis, law.basis),
        basis_note=law.basis_note,
        notes=law_text(code, law.notes) if law.notes else None,
        see_also=[law_brief(code, code.laws[c.number]) for c in law.see_also if c.number in code.laws],
        cited_by_laws=[law_brief(code, item) for item in laws],
        cited_by_remedies=citing,
        elsewhere=elsewhere,
        verification=code.verification,
        previous=previous,
        next=following,
    )


@dataclass
class SectionView:
    id: str
    title: str
    laws: list[LawBrief]


@dataclass
class TableView:
    id: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    cites: list[LawBrief]
    notes: str | None
    unsure: list[str]  # the rows (by their first cell) the sources do not confirm


@dataclass
class ValueView:
    label: str
    value: str
    cites: list[LawBrief]
    note: str | None
    unsure: str | None = None


@dataclass
class CodePage:
    title: str
    game: str
    edition: str
    year: int
    body: str
    general: str | None  # what a code of general laws is for
    summary: str | None
    verification: str
    extends: LinkItem | None
    fallback: LinkItem | None
    sources: list[str]
    sections: list[SectionView]
    irregularities: list[PhaseGroup]
    settle_url: str
    etiquette: list[LinkItem]
    etiquette_url: str
    tables: list[TableView]
    values: list[ValueView]
    glossary: list[LinkItem]
    glossary_url: str
    scoring_url: str
    api_url: str


def _briefs(code: Code, cites: Iterable[Any]) -> list[LawBrief]:
    return [law_brief(code, code.laws[c.number]) for c in cites if c.number in code.laws]


def _value_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k.replace('-', ' ')} {v}" for k, v in value.items())
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def score_tables(code: Code) -> list[TableView]:
    return [
        TableView(
            t.id, t.title, list(t.columns), [list(r) for r in t.rows], _briefs(code, t.cites), t.notes, list(t.unsure)
        )
        for t in code.score_tables
    ]


def score_values(code: Code) -> list[ValueView]:
    return [
        ValueView(v.id.replace("-", " ").capitalize(), _value_text(v.value), _briefs(code, v.cites), v.note, v.unsure)
        for v in code.score_values.values()
    ]


def code_page(library: Library, code: Code) -> CodePage:
    sections = {sid: SectionView(sid, s.title, []) for sid, s in code.sections.items()}
    for law in code.laws.values():
        sections.setdefault(law.section, SectionView(law.section, law.section, [])).laws.append(law_brief(code, law))
    parent = library.codes.get(code.extends) if code.extends else None
    return CodePage(
        title=code.title,
        game=code.game_title,
        edition=code.edition,
        year=code.year,
        body=code.body,
        general="General laws: they answer where a game's own code is silent." if code.kind == "general" else None,
        summary=code.summary,
        verification=code.verification,
        extends=LinkItem(code_line(parent), code_url(parent.id)) if parent else None,
        fallback=LinkItem(code_line(code.fallback), code_url(code.fallback.id)) if code.fallback else None,
        sources=[s.citation for s in code.sources.values()],
        sections=[s for s in sections.values() if s.laws],
        irregularities=irregularity_groups(code),
        settle_url=url_for("pages.irregularities", code=code.id),
        etiquette=[
            LinkItem(f"{item.number + '. ' if item.number else ''}{item.title}", etiquette_url(code.id, item.id))
            for item in code.etiquette.values()
        ],
        etiquette_url=etiquette_url(code.id),
        tables=score_tables(code),
        values=score_values(code),
        glossary=[LinkItem(t.term, glossary_url(code.id, t.id)) for t in code.glossary.values()],
        glossary_url=glossary_url(code.id),
        scoring_url=url_for("pages.scoring", code=code.id),
        api_url=url_for("api.code", code=code.id),
    )


@dataclass
class EtiquetteView:
    id: str
    number: str | None
    title: str
    text: Markup
    why: str | None
    quotes: list[QuoteView]
    see_also: list[LawBrief]
    proper: tuple[str, ...]
    improper: tuple[str, ...]


def etiquette_views(code: Code) -> list[EtiquetteView]:
    return [
        EtiquetteView(
            item.id,
            item.number,
            item.title,
            law_text(code, item.text),
            item.why,
            [quote_view(q, code) for q in item.quotes],
            _briefs(code, item.see_also),
            item.proper,
            item.improper,
        )
        for item in code.etiquette.values()
    ]


@dataclass
class TermView:
    id: str
    term: str
    definition: Markup
    synonyms: str
    see_also: list[LawBrief]


def glossary_views(code: Code) -> list[TermView]:
    return [
        TermView(t.id, t.term, law_text(code, t.definition), ", ".join(t.synonyms), _briefs(code, t.see_also))
        for t in sorted(code.glossary.values(), key=lambda t: t.term.lower())
    ]
