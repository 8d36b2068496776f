"""One set of facts under several codes: what each code that defines an irregularity
rules on the answers given under another.

Answers are keyed by question id, and codes of one game share their irregularities' ids
and often their questions' ids, so the facts settled under one code can be applied under
another: each code takes the answers its own questions can use (``applicable``) and asks
for what it still needs. Pure: the model and the engine only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.engine import NextQuestion, Ruling, adjudicate, find_irregularity
from adjudicator.errors import LookupProblem
from adjudicator.model import NOT_SURE, Code, Irregularity, Library


def applicable(irregularity: Irregularity, answers: Mapping[str, str]) -> dict[str, str]:
    """The answers ``irregularity`` can use: those to its own questions, naming one of
    that question's answers (or "not sure"), in the order given."""
    out = {}
    for question_id, answer_id in answers.items():
        question = irregularity.questions.get(question_id)
        if question is not None and (answer_id == NOT_SURE or question.answer(answer_id) is not None):
            out[question_id] = answer_id
    return out


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """What ``code`` rules on the same facts: the answers it could use and its result."""

    code: Code
    answers: dict[str, str]
    result: NextQuestion | Ruling


def under(code: Code, irregularity_id: str, answers: Mapping[str, str]) -> Elsewhere:
    """``code``'s result for the facts in ``answers`` that it can use (its own irregularity,
    or its general laws' when it is silent). Raises LookupProblem as ``adjudicate`` does."""
    _, irregularity, _ = find_irregularity(code, irregularity_id)
    usable = applicable(irregularity, answers)
    return Elsewhere(code, usable, adjudicate(code, irregularity_id, usable))


def other_codes(library: Library, asked: Code, ruling: Ruling, answers: Mapping[str, str]) -> list[Elsewhere]:
    """Every other code that defines the ruled irregularity itself, with these facts
    applied: codes of the same game first, general laws last, library order within each.
    A code where the facts leave too many outcomes is left out."""
    exclude = {asked.id, ruling.code.id}
    irregularity_id = ruling.irregularity.id
    found: list[tuple[tuple[bool, bool], Elsewhere]] = []
    for code in library.codes.values():
        if code.id in exclude or irregularity_id not in code.irregularities:
            continue
        try:
            other = under(code, irregularity_id, answers)
        except LookupProblem:  # too many "not sure" answers there
            continue
        found.append(((code.game != asked.game, code.kind == "general"), other))
    return [item for _, item in sorted(found, key=lambda pair: pair[0])]


def rulings_of(result: NextQuestion | Ruling) -> frozenset[str] | None:
    """What a result rules, for comparing codes: the (title, what happens now) of each of
    its remedies; None while it still needs a fact."""
    if isinstance(result, NextQuestion):
        return None
    return frozenset((o.remedy.title, " ".join(o.remedy.now.split())) for o in result.outcomes)


def agreement(results: list[NextQuestion | Ruling]) -> str:
    """Whether the codes agree on these facts: ``waiting`` (one still needs a fact),
    ``same`` (every one rules the same remedies) or ``different``."""
    ruled = [rulings_of(r) for r in results]
    if any(r is None for r in ruled):
        return "waiting"
    return "same" if len(set(ruled)) == 1 else "different"
