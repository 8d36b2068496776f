"""Quizzes generated from the law data, never written by hand.

Six kinds of item, each drawn from one part of a code:

``ruling``     "What is the ruling?": the facts of one path through an irregularity's
               question graph (its ``fact`` sentences), the choices that irregularity's
               own remedies; the marked answer is the remedy the engine rules.
``which-law``  "Which law rules on this?": the same kind of situation, the choices laws
               of the same code (the distractors from the same section, else sharing a
               topic, never a law the irregularity itself cites).
``etiquette``  "What is proper?": an etiquette item's title, the choices the code's
               etiquette texts; and "Why?": an item's text, the choices the code's reasons.
``proper-or-not`` "Is this proper?": one of an etiquette item's examples of conduct at the
               table (its ``proper`` and ``improper`` sentences), the choices Proper and
               Not proper, always in that order; the answer names the item, its text and why.
``glossary``   "What does this word mean?": a term, the choices the code's definitions.
``scoring``    A figure from a score table or a scoring value, the choices the other
               figures of the same table column (or the same scheme).

Levels: ``player`` (etiquette, proper-or-not, scoring, glossary) and ``director`` (every irregularity:
rulings and laws). A quiz is a pure function of (code, kind, level, seed): the same
arguments give the same questions, choices and order, so a quiz has a permalink and a
club can print the same sheet for a class. The size only cuts the list: the first five
questions of a ten-question quiz are the five-question quiz of the same seed.

Pure: walks the model, no I/O, no web framework.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.errors import NoQuizOfKind, UnknownLevel, UnknownQuizKind
from adjudicator.model import (
    Citation,
    Code,
    EtiquetteItem,
    Irregularity,
    Law,
    Question,
    Remedy,
    id_words,
    sentence_key,
)

KINDS: Mapping[str, str] = {
    "ruling": "What is the ruling?",
    "which-law": "Which law?",
    "etiquette": "Etiquette",
    "proper-or-not": "Proper or not",
    "glossary": "Glossary",
    "scoring": "Scoring",
}
"""Every kind of item, with its heading."""

MIXED = "mixed"
"""The kind that means every kind of the level."""

LEVELS: Mapping[str, tuple[str, ...]] = {
    "player": ("etiquette", "proper-or-not", "scoring", "glossary"),
    "director": ("ruling", "which-law"),
}
"""Which kinds a mixed quiz of each level draws on."""

LEVEL_TITLES: Mapping[str, str] = {
    "player": "Player: etiquette, scoring and words",
    "director": "Director: every irregularity, its ruling and its law",
}

MAX_CHOICES = 4
MAX_PATHS = 400
"""Paths enumerated per irregularity at most (the graphs are small; this bounds a bad one)."""
MAX_SIZE = 20
DEFAULT_SIZE = 10
MAX_SEED = 999_999


@dataclass(frozen=True, slots=True)
class Choice:
    """One possible answer: ``ref`` is the data behind it (a remedy id, a law number,
    an etiquette item or term id, a figure), ``text`` what the player reads."""

    ref: str
    text: str


@dataclass(frozen=True, slots=True)
class Item:
    """One question with its choices and the index of the right one.

    ``situation`` is what the player is told (facts, a heading); ``answers`` the facts
    as the engine's answers (question id, answer id) for ``ruling`` and ``which-law``;
    ``laws`` the law numbers the answer rests on; ``explanation`` the data's own plain
    words behind the answer (a remedy's ``now``, an etiquette item's why, a note).
    """

    id: str
    kind: str
    topic: str  # what the item is about: an irregularity, a table, an etiquette item, a term
    prompt: str
    situation: tuple[str, ...]
    choices: tuple[Choice, ...]
    answer: int
    laws: tuple[str, ...] = ()
    explanation: str | None = None
    irregularity: str | None = None
    answers: tuple[tuple[str, str], ...] = ()
    remedy: str | None = None
    source: str | None = None  # the etiquette item, term, table or value the item comes from

    @property
    def correct(self) -> Choice:
        return self.choices[self.answer]

    @property
    def facts(self) -> dict[str, str]:
        """The engine's answers (question id -> answer id) that tell this situation."""
        return dict(self.answers)


@dataclass(frozen=True, slots=True)
class Quiz:
    code: str
    kind: str
    level: str
    seed: int
    items: tuple[Item, ...]

    def score(self, picks: Sequence[int]) -> int:
        """How many of ``picks`` (choice indexes, in question order) are right."""
        return sum(1 for item, pick in zip(self.items, picks, strict=False) if pick == item.answer)


# ---------------------------------------------------------------- paths through an irregularity


@dataclass(frozen=True, slots=True)
class Path:
    """The answers from an irregularity's start to one remedy, with their fact sentences."""

    steps: tuple[tuple[Question, str], ...]  # (question, answer id)
    facts: tuple[str, ...]
    remedy: Remedy

    @property
    def answers(self) -> tuple[tuple[str, str], ...]:
        return tuple((q.id, a) for q, a in self.steps)


def paths(irregularity: Irregularity, limit: int = MAX_PATHS) -> list[Path]:
    """Every path from the start to a remedy, in the order written (depth first).

    A path whose answer lacks a ``fact`` sentence is left out: it cannot be told.
    """
    found: list[Path] = []
    stack: list[tuple[str, tuple[tuple[Question, str], ...], tuple[str, ...]]] = [(irregularity.start, (), ())]
    while stack and len(found) < limit:
        node, steps, facts = stack.pop()
        remedy = irregularity.remedies.get(node)
        if remedy is not None:
            found.append(Path(steps, facts, remedy))
            continue
        question = irregularity.questions.get(node)
        if question is None or any(q.id == question.id for q, _ in steps):
            continue  # a dangling target or a cycle: `adjudicator check` reports both
        for answer in reversed(question.answers):
            if answer.fact:
                stack.append((answer.next, (*steps, (question, answer.id)), (*facts, answer.fact)))
    return found


def clear_paths(irregularity: Irregularity) -> list[Path]:
    """The paths whose facts can be told without ambiguity: no other path with the same
    fact sentences reaches a different remedy, and no fact repeats within the path."""
    every = paths(irregularity)
    remedies: dict[frozenset[str], set[str]] = {}
    for path in every:
        remedies.setdefault(frozenset(path.facts), set()).add(path.remedy.id)
    return [p for p in every if len(remedies[frozenset(p.facts)]) == 1 and len(set(p.facts)) == len(p.facts)]


# ---------------------------------------------------------------- helpers


def _distinct(candidates: Iterable[Choice], correct: Choice) -> list[Choice]:
    """Candidates whose text differs from the correct one's and from each other's."""
    seen = {sentence_key(correct.text)}
    out = []
    for choice in candidates:
        if sentence_key(choice.text) not in seen:
            seen.add(sentence_key(choice.text))
            out.append(choice)
    return out


def _choose(rng: random.Random, correct: Choice, tiers: Sequence[Sequence[Choice]]) -> tuple[tuple[Choice, ...], int]:
    """Up to MAX_CHOICES - 1 distractors, from the first tier first (each tier shuffled),
    then the correct choice placed among them at random."""
    picked: list[Choice] = []
    used = {sentence_key(correct.text)}
    for tier in tiers:
        pool = [c for c in _distinct(tier, correct) if sentence_key(c.text) not in used]
        rng.shuffle(pool)
        for choice in pool[: MAX_CHOICES - 1 - len(picked)]:
            used.add(sentence_key(choice.text))
            picked.append(choice)
    at = rng.randrange(len(picked) + 1)
    picked.insert(at, correct)
    return tuple(picked), at


def law_label(law: Law) -> str:
    return f"Law {law.number}. {law.title}" if law.printed else law.title


def _laws_of(code: Code, cites: Iterable[Citation | str]) -> tuple[str, ...]:
    out: list[str] = []
    for cite in cites:
        try:
            number = cite.number if isinstance(cite, Citation) else Citation.parse(cite.strip()).number
        except ValueError:
            continue
        if number in code.laws and number not in out:
            out.append(number)
    return tuple(out)


# ---------------------------------------------------------------- stems: an item before its choices


@dataclass(frozen=True, slots=True)
class Stem:
    """An item without its distractors: ``build`` draws them with the quiz's random source,
    unless the stem has fixed ``choices`` (Proper, Not proper), which keep their order."""

    id: str
    kind: str
    topic: str
    prompt: str
    situation: tuple[str, ...]
    correct: Choice
    tiers: tuple[tuple[Choice, ...], ...]
    laws: tuple[str, ...] = ()
    explanation: str | None = None
    irregularity: str | None = None
    answers: tuple[tuple[str, str], ...] = ()
    remedy: str | None = None
    source: str | None = None
    choices: tuple[Choice, ...] = ()

    def build(self, rng: random.Random) -> Item:
        if self.choices:
            choices, answer = self.choices, self.choices.index(self.correct)
        else:
            choices, answer = _choose(rng, self.correct, self.tiers)
        return Item(
            id=self.id, kind=self.kind, topic=self.topic, prompt=self.prompt, situation=self.situation,
            choices=choices, answer=answer, laws=self.laws, explanation=self.explanation,
            irregularity=self.irregularity, answers=self.answers, remedy=self.remedy, source=self.source,
        )  # fmt: skip


def _what_went_wrong(irregularity: Irregularity) -> str:
    return f"What went wrong: {irregularity.title}."


def _answers_id(path: Path) -> str:
    return ",".join(f"{q}={a}" for q, a in path.answers) or "-"


def ruling_stems(code: Code) -> Iterator[Stem]:
    for irregularity in code.irregularities.values():
        titles = {sentence_key(r.title) for r in irregularity.remedies.values()}
        if len(titles) < 2:
            continue  # one possible remedy: nothing to choose between
        for path in clear_paths(irregularity):
            correct = Choice(path.remedy.id, path.remedy.title)
            others = tuple(Choice(r.id, r.title) for r in irregularity.remedies.values() if r.id != path.remedy.id)
            yield Stem(
                id=f"ruling:{irregularity.id}:{_answers_id(path)}",
                kind="ruling",
                topic=irregularity.id,
                prompt=KINDS["ruling"],
                situation=(_what_went_wrong(irregularity), *path.facts),
                correct=correct,
                tiers=(others,),
                laws=_laws_of(code, path.remedy.cites),
                explanation=path.remedy.now,
                irregularity=irregularity.id,
                answers=path.answers,
                remedy=path.remedy.id,
            )


def _cited_by(code: Code, irregularity: Irregularity) -> set[str]:
    cited = set(_laws_of(code, irregularity.cites))
    for remedy in irregularity.remedies.values():
        cited.update(_laws_of(code, remedy.cites))
    return cited


def which_law_stems(code: Code) -> Iterator[Stem]:
    """One item per irregularity and law it rests on: the shortest clear path to the first
    remedy whose first cited law it is."""
    if len(code.laws) < 2:
        return
    labels = {number: Choice(number, law_label(law)) for number, law in code.laws.items()}
    titles = {number: sentence_key(law.title) for number, law in code.laws.items()}
    topics = {number: set(law.topics) for number, law in code.laws.items()}
    for irregularity in code.irregularities.values():
        excluded = _cited_by(code, irregularity)
        chosen: dict[str, Path] = {}
        for path in sorted(clear_paths(irregularity), key=lambda p: len(p.steps)):
            laws = _laws_of(code, path.remedy.cites)
            if laws and laws[0] not in chosen:
                chosen[laws[0]] = path
        pool = [o for o in code.laws.values() if o.number not in excluded and irregularity.id not in o.topics]
        for number, path in chosen.items():
            law = code.laws[number]
            tiers: tuple[list[Choice], list[Choice], list[Choice]] = ([], [], [])
            for other in pool:
                if titles[other.number] == titles[number]:
                    continue
                tier = 0 if other.section == law.section else 1 if topics[other.number] & topics[number] else 2
                tiers[tier].append(labels[other.number])
            if not any(tiers):
                continue
            correct = labels[number]
            yield Stem(
                id=f"which-law:{irregularity.id}:{number}",
                kind="which-law",
                topic=irregularity.id,
                prompt="Which law rules on this?",
                situation=(_what_went_wrong(irregularity), *path.facts),
                correct=correct,
                tiers=tuple(tuple(t) for t in tiers),
                laws=(number,),
                explanation=law.text,
                irregularity=irregularity.id,
                answers=path.answers,
                remedy=path.remedy.id,
            )


def etiquette_stems(code: Code) -> Iterator[Stem]:
    items = list(code.etiquette.values())
    if len({sentence_key(i.text) for i in items}) >= 2:
        for item in items:
            yield Stem(
                id=f"etiquette:proper:{item.id}",
                kind="etiquette",
                topic=item.id,
                prompt="What is proper?",
                situation=(f"At the table: {item.title}.",),
                correct=Choice(item.id, item.text),
                tiers=(tuple(Choice(o.id, o.text) for o in items if o.id != item.id),),
                laws=_laws_of(code, item.see_also),
                explanation=item.why,
                source=item.id,
            )
    reasons = [i for i in items if i.why]
    if len({sentence_key(i.why or "") for i in reasons}) >= 2:
        for item in reasons:
            yield Stem(
                id=f"etiquette:why:{item.id}",
                kind="etiquette",
                topic=item.id,
                prompt="Why does etiquette ask this?",
                situation=(item.text,),
                correct=Choice(item.id, item.why or ""),
                tiers=(tuple(Choice(o.id, o.why or "") for o in reasons if o.id != item.id),),
                laws=_laws_of(code, item.see_also),
                source=item.id,
            )


PROPER = Choice("proper", "Proper")
NOT_PROPER = Choice("improper", "Not proper")
"""The two choices of an "is this proper?" item, in this order; the ref names the list
(``proper`` or ``improper``) the sentence comes from."""


def rule_label(item: EtiquetteItem) -> str:
    """An etiquette item by its title, and its number where the code numbers it."""
    return f"{item.title} (etiquette {item.number})" if item.number else item.title


def _rule(item: EtiquetteItem) -> str:
    return f"{rule_label(item)}: {item.text}" + (f" Why: {item.why}" if item.why else "")


def proper_or_not_stems(code: Code) -> Iterator[Stem]:
    """One item per example of conduct: its sentence, Proper or Not proper. A sentence
    the code lists both ways (``adjudicator check`` reports it) is not asked; one listed
    twice the same way is asked once, under the first item that lists it."""
    verdicts: dict[str, set[str]] = {}
    for item in code.etiquette.values():
        for choice, sentences in ((PROPER, item.proper), (NOT_PROPER, item.improper)):
            for sentence in sentences:
                verdicts.setdefault(sentence_key(sentence), set()).add(choice.ref)
    asked: set[str] = set()
    for item in code.etiquette.values():
        for choice, sentences in ((PROPER, item.proper), (NOT_PROPER, item.improper)):
            for n, sentence in enumerate(sentences, 1):
                key = sentence_key(sentence)
                if len(verdicts[key]) > 1 or key in asked:
                    continue
                asked.add(key)
                yield Stem(
                    id=f"proper-or-not:{item.id}:{choice.ref}:{n}",
                    kind="proper-or-not",
                    topic=item.id,
                    prompt="Is this proper?",
                    situation=(sentence,),
                    correct=choice,
                    tiers=(),
                    choices=(PROPER, NOT_PROPER),
                    laws=_laws_of(code, item.see_also),
                    explanation=_rule(item),
                    source=item.id,
                )


def glossary_stems(code: Code) -> Iterator[Stem]:
    terms = list(code.glossary.values())
    if len({sentence_key(t.definition) for t in terms}) < 2:
        return
    for term in terms:
        yield Stem(
            id=f"glossary:{term.id}",
            kind="glossary",
            topic=term.id,
            prompt=f"What does \u201c{term.term}\u201d mean?",
            situation=(),
            correct=Choice(term.id, term.definition),
            tiers=(tuple(Choice(o.id, o.definition) for o in terms if o.id != term.id),),
            laws=_laws_of(code, term.see_also),
            explanation=f"Also called: {', '.join(term.synonyms)}." if term.synonyms else None,
            source=term.id,
        )


EMPTY_CELLS = frozenset({"", "-", "\u2013", "\u2014"})
"""What a score table's cell holds when it gives no figure: never an answer nor a choice."""


def _is_law_column(name: str) -> bool:
    return sentence_key(name) in ("law", "laws")


def scoring_stems(code: Code) -> Iterator[Stem]:
    """From each score table: a row's figure in one column, the choices that column's other
    figures; from each scoring value that is a number (or numbers by key), the choices the
    scheme's other numbers. A row the table marks unsure is neither asked nor offered."""
    for table in code.score_tables:
        width = len(table.columns)
        rows = [r for r in table.rows if len(r) == width and r[0].strip()]
        keys = [sentence_key(r[0]) for r in rows]
        sure = [r for r in rows if not table.is_unsure(r)]
        law_column = next((j for j, name in enumerate(table.columns) if _is_law_column(name)), None)
        for row in sure:
            if keys.count(sentence_key(row[0])) > 1:
                continue  # two rows of the same name: the question would not say which
            row_laws = _laws_of(code, row[law_column].split(",")) if law_column is not None else ()
            for j in range(1, width):
                cell = row[j].strip()
                if j == law_column or cell in EMPTY_CELLS:
                    continue
                others = tuple(Choice(o[j], o[j]) for o in sure if o is not row and o[j].strip() not in EMPTY_CELLS)
                if not _distinct(others, Choice(cell, cell)):
                    continue
                yield Stem(
                    id=f"scoring:table:{table.id}:{keys.index(sentence_key(row[0]))}:{j}",
                    kind="scoring",
                    topic=f"table:{table.id}",
                    prompt=table.columns[j].rstrip("?:. ") + "?",
                    situation=(f"{table.title}.", f"{table.columns[0]}: {row[0]}."),
                    correct=Choice(cell, cell),
                    tiers=(others,),
                    laws=row_laws or _laws_of(code, table.cites),
                    explanation=table.notes,
                    source=f"table:{table.id}",
                )
    figures: list[tuple[str, str, int]] = []  # (value id, label, number)
    for value in code.score_values.values():
        if isinstance(value.value, bool) or value.unsure:  # a figure the sources do not confirm is never asked
            continue
        if isinstance(value.value, int):
            figures.append((value.id, id_words(value.id), value.value))
        elif isinstance(value.value, Mapping):
            for key, number in value.value.items():
                if isinstance(number, int) and not isinstance(number, bool):
                    figures.append((value.id, f"{id_words(value.id)} ({key.replace('-', ' ')})", number))
    for value_id, label, number in figures:
        value = code.score_values[value_id]
        same = tuple(Choice(str(n), str(n)) for vid, lbl, n in figures if vid == value_id and lbl != label)
        rest = tuple(Choice(str(n), str(n)) for vid, _, n in figures if vid != value_id)
        correct = Choice(str(number), str(number))
        if not _distinct((*same, *rest), correct):
            continue
        yield Stem(
            id=f"scoring:value:{value_id}:{label}",
            kind="scoring",
            topic=f"value:{value_id}",
            prompt=f"What is the figure for \u201c{label}\u201d?",
            situation=(),
            correct=correct,
            tiers=(same, rest),
            laws=_laws_of(code, value.cites),
            explanation=value.note,
            source=f"value:{value_id}",
        )


STEMS = {
    "ruling": ruling_stems,
    "which-law": which_law_stems,
    "etiquette": etiquette_stems,
    "proper-or-not": proper_or_not_stems,
    "glossary": glossary_stems,
    "scoring": scoring_stems,
}


# ---------------------------------------------------------------- banks and quizzes


_MADE: dict[tuple[int, str], tuple[Code, tuple[Stem, ...]]] = {}
"""Stems already drawn, by (id of the code object, kind): a code is immutable, so its stems
never change; the code is kept beside them so that its id cannot be reused meanwhile."""


def stems(code: Code, kind: str) -> list[Stem]:
    """Every possible item of ``kind`` under ``code``, before its distractors are drawn."""
    if kind not in STEMS:
        raise UnknownQuizKind(kind, list(KINDS), field="kind", where=code.id)
    made = _MADE.get((id(code), kind))
    if made is None or made[0] is not code:
        if len(_MADE) > 256:
            _MADE.clear()
        made = _MADE[(id(code), kind)] = (code, tuple(STEMS[kind](code)))
    return list(made[1])


def bank(code: Code, kind: str, seed: int = 0) -> list[Item]:
    """Every item of ``kind`` under ``code``, with distractors drawn from ``seed``."""
    rng = random.Random(f"{code.id}|bank|{kind}|{seed}")  # noqa: S311 - a repeatable quiz, not a secret
    return [stem.build(rng) for stem in stems(code, kind)]


def supported(code: Code) -> dict[str, int]:
    """The kinds the code's data supports, with how many items each has."""
    counts = {kind: len(stems(code, kind)) for kind in KINDS}
    return {kind: n for kind, n in counts.items() if n}


def levels(code: Code) -> dict[str, tuple[str, ...]]:
    """The levels the code's data supports, with the kinds each draws on."""
    have = supported(code)
    out = {}
    for level, kinds in LEVELS.items():
        usable = tuple(k for k in kinds if k in have)
        if usable:
            out[level] = usable
    return out


def _interleave(groups: Sequence[Sequence[Stem]]) -> list[Stem]:
    out: list[Stem] = []
    for i in range(max((len(g) for g in groups), default=0)):
        out.extend(g[i] for g in groups if i < len(g))
    return out


def _order(rng: random.Random, items: list[Stem]) -> list[Stem]:
    """Shuffled so that topics take turns (a quiz does not ask five revokes running)."""
    topics: dict[str, list[Stem]] = {}
    for stem in items:
        topics.setdefault(stem.topic, []).append(stem)
    groups = list(topics.values())
    for group in groups:
        rng.shuffle(group)
    rng.shuffle(groups)
    return _interleave(groups)


def _pools(code: Code, kind: str, level: str) -> dict[str, list[Stem]]:
    """The stems a quiz of ``kind`` at ``level`` draws on, by kind; raises if there is
    nothing to ask (the error lists what the code's data does have)."""
    if level not in LEVELS:
        raise UnknownLevel(level, list(LEVELS), field="level", where=code.id)
    if kind != MIXED and kind not in KINDS:
        raise UnknownQuizKind(kind, [MIXED, *KINDS], field="kind", where=code.id)
    kinds = LEVELS[level] if kind == MIXED else (kind,)
    pools = {k: found for k in kinds if (found := stems(code, k))}
    if pools:
        return pools
    if kind == MIXED:
        raise UnknownLevel(level, list(levels(code)), field="level", where=f"{code.id}'s data")
    raise NoQuizOfKind(kind, [MIXED, *supported(code)], field="kind", where=f"{code.id}'s data")


def make_quiz(code: Code, *, kind: str = MIXED, level: str = "player", seed: int = 0, size: int = DEFAULT_SIZE) -> Quiz:
    """The quiz of (code, kind, level, seed): ``size`` items at most (fewer if the data has
    fewer). A mixed quiz takes the level's kinds in turn; within a kind, topics take turns.
    The level only matters to a mixed quiz: a quiz of one kind is the same at either level."""
    pools = _pools(code, kind, level)
    rng = random.Random(f"{code.id}|{kind}|{seed}")  # noqa: S311 - a repeatable quiz, not a secret
    if kind == MIXED:
        rng = random.Random(f"{code.id}|{kind}|{level}|{seed}")  # noqa: S311
    per_kind = [_order(rng, pool) for pool in pools.values()]
    rng.shuffle(per_kind)
    chosen = _once_each(_interleave(per_kind), max(0, min(size, MAX_SIZE)))
    return Quiz(code.id, kind, level, seed, tuple(stem.build(rng) for stem in chosen))


def situation_keys(stem: Stem | Item) -> set[tuple[str, ...]]:
    """What makes two questions the same situation: the same facts told (the same row of a
    score table asked by another column too), or the same irregularity ruled the same way (a "what is the ruling?" and a "which law?" on one path,
    or two paths to one remedy)."""
    keys = {("told", *(stem.situation or (stem.prompt,)))}  # a figure asked by its prompt alone
    if stem.irregularity is not None and stem.remedy is not None:
        keys.add(("ruled", stem.irregularity, stem.remedy))
    return keys


def _once_each(stems_: Iterable[Stem], size: int) -> list[Stem]:
    """The first ``size`` stems in order, skipping any that asks a situation already asked."""
    chosen: list[Stem] = []
    seen: set[tuple[str, ...]] = set()
    for stem in stems_:
        if len(chosen) >= size:
            break
        keys = situation_keys(stem)
        if keys & seen:
            continue
        seen |= keys
        chosen.append(stem)
    return chosen
