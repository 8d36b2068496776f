"""The adjudication engine: from a code, an irregularity and the answers so far, either
the next question that matters or the ruling.

Pure and stateless: it walks the model's objects and does no I/O. Answers are keyed by
question id, so an answer given once applies wherever that question is met, and answers
to questions off the path are simply not used (a changed early answer keeps the later
ones that still apply). Any question may be answered ``not-sure``: the engine then
follows every answer, asks whatever the branches still need, and the ruling shows each
possible outcome keyed by the answers that decide it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.errors import BrokenIrregularity, TooUncertain, UnknownAnswer, UnknownIrregularity, UnknownQuestion
from adjudicator.model import NOT_SURE, Answer, Citation, Code, Irregularity, Law, Question, Remedy

MAX_OUTCOMES = 64
"""More than this many outcomes means too many "not sure" answers to be a useful ruling."""


@dataclass(frozen=True, slots=True)
class Step:
    """One fact on the way: a question and the answer given (or assumed, after "not sure")."""

    question: Question
    answer: Answer
    assumed: bool = False

    @property
    def fact(self) -> str:
        return self.answer.fact or f"{self.question.ask} {self.answer.label}."


@dataclass(frozen=True, slots=True)
class CitedLaw:
    citation: Citation
    law: Law | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One possible end: the remedy, the path that reached it, the assumptions it rests on."""

    steps: tuple[Step, ...]
    remedy: Remedy
    laws: tuple[CitedLaw, ...]

    @property
    def assumed(self) -> tuple[Step, ...]:
        return tuple(step for step in self.steps if step.assumed)


@dataclass(frozen=True, slots=True)
class NextQuestion:
    """The engine needs one more fact: ``question``, reached through ``steps``."""

    code: Code
    irregularity: Irregularity
    question: Question
    steps: tuple[Step, ...]
    fallback_for: Code | None = None

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """(answer id, label) pairs, "not sure" last."""
        return (*((a.id, a.label) for a in self.question.answers), (NOT_SURE, "Not sure"))


@dataclass(frozen=True, slots=True)
class Ruling:
    """The remedy (or, after "not sure", every possible remedy) and the facts behind it."""

    code: Code
    irregularity: Irregularity
    outcomes: tuple[Outcome, ...]
    facts: tuple[Step, ...]
    unsure: tuple[Question, ...]
    fallback_for: Code | None = None

    @property
    def is_certain(self) -> bool:
        return len(self.outcomes) == 1

    @property
    def remedy(self) -> Remedy | None:
        return self.outcomes[0].remedy if self.is_certain else None

    @property
    def answers(self) -> dict[str, str]:
        """The answers that were used, in the order asked (for a clean permalink)."""
        used: dict[str, str] = {step.question.id: step.answer.id for step in self.facts}
        for question in self.unsure:
            used[question.id] = NOT_SURE
        for outcome in self.outcomes:
            for step in outcome.steps:
                used.setdefault(step.question.id, step.answer.id)
        return used


def find_irregularity(code: Code, irregularity_id: str) -> tuple[Code, Irregularity, Code | None]:
    """The code that rules on ``irregularity_id`` (the code itself, or its general-laws
    fallback when the code is silent), the irregularity, and the code it stands in for."""
    if irregularity_id in code.irregularities:
        return code, code.irregularities[irregularity_id], None
    fallback = code.fallback
    if fallback is not None:
        found = fallback.irregularities.get(irregularity_id)
        if found is not None and _falls_back(code, found):
            return fallback, found, code
    choices = [irregularity.id for irregularity, _ in available(code)]
    raise UnknownIrregularity(irregularity_id, choices, field="irregularity", where=code.id)


def _falls_back(code: Code, irregularity: Irregularity) -> bool:
    """Whether the fallback's ``irregularity`` answers under ``code``: the code is silent on
    it (no irregularity of that id, none of its own that covers it), it is not inapplicable,
    and the game has what it needs."""
    if irregularity.id in code.irregularities or irregularity.id in code.inapplicable:
        return False
    if any(irregularity.id in own.covers for own in code.irregularities.values()):
        return False
    return code.can_have(irregularity)


def available(code: Code) -> list[tuple[Irregularity, Code | None]]:
    """Every irregularity a user can ask about under ``code``: its own, then those only its
    fallback provides (paired with the fallback code)."""
    own = [(irregularity, None) for irregularity in code.irregularities.values()]
    if code.fallback is None:
        return own
    extra = [(i, code.fallback) for i in code.fallback.irregularities.values() if _falls_back(code, i)]
    return own + extra


def _validate(irregularity: Irregularity, answers: Mapping[str, str], code: Code) -> None:
    for question_id, answer_id in answers.items():
        question = irregularity.questions.get(question_id)
        if question is None:
            raise UnknownQuestion(
                question_id, list(irregularity.questions), field=question_id, where=f"{code.id} {irregularity.id}"
            )
        if answer_id != NOT_SURE and question.answer(answer_id) is None:
            raise UnknownAnswer(
                answer_id,
                [a.id for a in question.answers] + [NOT_SURE],
                field=question_id,
                where=f"question {question_id!r}",
            )


def cited_laws(code: Code, remedy: Remedy) -> tuple[CitedLaw, ...]:
    return tuple(CitedLaw(citation, code.law(citation)) for citation in remedy.cites)


def adjudicate(code: Code, irregularity_id: str, answers: Mapping[str, str]) -> NextQuestion | Ruling:
    """Return the next question that matters, or the ruling.

    Raises UnknownIrregularity, UnknownQuestion or UnknownAnswer (each listing the valid
    choices) for ids that do not exist, and BrokenIrregularity (path and line of the answer
    at fault) if an answer leads to no question or remedy or back to a question on its own
    path: law files that were never checked, which the walk neither follows nor loops on.
    """
    ruling_code, irregularity, fallback_for = find_irregularity(code, irregularity_id)
    _validate(irregularity, answers, ruling_code)

    finished: list[Outcome] = []
    pending: list[tuple[Question, tuple[Step, ...]]] = []
    stack: list[tuple[str, tuple[Step, ...]]] = [(irregularity.start, ())]
    while stack:
        node, steps = stack.pop()
        remedy = irregularity.remedies.get(node)
        if remedy is not None:
            finished.append(Outcome(steps, remedy, cited_laws(ruling_code, remedy)))
            continue
        question = irregularity.questions.get(node)
        if question is None or any(step.question.id == node for step in steps):
            raise _broken(irregularity, node, steps)
        given = answers.get(question.id)
        if given is None:
            pending.append((question, steps))
        elif given == NOT_SURE:
            for answer in reversed(question.answers):  # reversed: explored in written order
                stack.append((answer.next, (*steps, Step(question, answer, assumed=True))))
        else:
            answer = question.answer(given)
            if answer is None:  # cannot happen after _validate; keeps the type checker honest
                raise UnknownAnswer(given, [a.id for a in question.answers], field=question.id)
            stack.append((answer.next, (*steps, Step(question, answer))))
        if len(finished) + len(pending) + len(stack) > MAX_OUTCOMES:
            raise TooUncertain(field=question.id, where=irregularity.id, limit=MAX_OUTCOMES)

    if pending:
        question, steps = pending[0]
        return NextQuestion(ruling_code, irregularity, question, steps, fallback_for)

    facts = _common_prefix([o.steps for o in finished])
    unsure = []
    for outcome in finished:
        for step in outcome.steps:
            if step.assumed and step.question not in unsure:
                unsure.append(step.question)
    return Ruling(ruling_code, irregularity, tuple(finished), facts, tuple(unsure), fallback_for)


def unsure_of_the_rest(code: Code, irregularity_id: str, answers: Mapping[str, str]) -> Ruling | None:
    """The ruling when every question the answers still lead to is answered "not sure":
    every outcome still possible. None when that leaves more than MAX_OUTCOMES."""
    given = dict(answers)
    try:
        while isinstance(result := adjudicate(code, irregularity_id, given), NextQuestion):
            given[result.question.id] = NOT_SURE
    except TooUncertain:
        return None
    return result


def _broken(irregularity: Irregularity, node: str, steps: tuple[Step, ...]) -> BrokenIrregularity:
    """The error for a walk that reached ``node``, which is missing or already on the path
    (the checks reject both; the engine meets them only in law files never checked)."""
    where = steps[-1].answer.where if steps else irregularity.where
    came = f"answer {steps[-1].answer.id!r} of question {steps[-1].question.id!r}" if steps else "start"
    name = f"irregularity {irregularity.id!r}"
    if node in irregularity.questions:
        cycle = " -> ".join([*(s.question.id for s in steps[[s.question.id for s in steps].index(node) :]), node])
        message = f"{name}: {came} leads back to {node!r}, a cycle ({cycle})"
    else:
        message = f"{name}: {came} leads to {node!r}, which is neither a question nor a remedy"
    return BrokenIrregularity(where.path, where.line, f"{message}; run `adjudicator check`")


def _common_prefix(paths: list[tuple[Step, ...]]) -> tuple[Step, ...]:
    if not paths:
        return ()
    prefix: list[Step] = []
    for steps in zip(*paths, strict=False):
        first = steps[0]
        if first.assumed or any(s != first for s in steps):
            break
        prefix.append(first)
    return tuple(prefix)
