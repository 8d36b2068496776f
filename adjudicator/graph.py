"""Walks of an irregularity's graph of questions, other than the engine's own.

``path_to`` finds answers that reach a remedy, so that a law page, a lesson or a search
hit can link to the ruling that rests on a law. Pure: it reads the model only.
"""

from __future__ import annotations

from adjudicator.model import Irregularity


def path_to(irregularity: Irregularity, remedy_id: str) -> dict[str, str] | None:
    """Answers (question id -> answer id) that reach ``remedy_id`` from the irregularity's
    start: the first path in written order (each question's answers tried in the order
    the law file gives them). None when no path reaches it. A node met twice is walked
    once, so a cycle in unchecked data cannot hang it."""
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
        for answer in reversed(question.answers):  # reversed: the first answer is walked first
            stack.append((answer.next, {**answers, question.id: answer.id}))
    return None
