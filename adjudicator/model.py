"""The domain model: a Library of Codes; each Code holds Laws and Irregularities.

These are plain frozen dataclasses built by the loader from the law files, after
``extends`` has been resolved: a Code is the *effective* code, and every Law, Remedy
and Irregularity remembers the code it came from (``origin``) and where it was written
(``where``). Nothing here imports anything but the standard library and, inside the
lookups that raise them, adjudicator.errors.

Words (one word, one meaning): a **code** is one game in one edition; a **law** a
numbered provision of a code; an **irregularity** what went wrong; a **question** and
its **answers** establish the facts; a **remedy** is the prescribed outcome; a
**ruling** is a remedy with the facts that led to it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

NOT_SURE = "not-sure"
"""The answer id any question accepts: the ruling then shows every outcome."""

PHASES: Mapping[str, str] = {
    "cutting-and-dealing": "Cutting and dealing",
    "bidding": "Bidding and declaring",
    "play": "The play",
    "scoring": "Scoring",
    "general": "At any time",
}
"""When an irregularity happens, in table order, with the heading shown to users."""

FEATURES: Mapping[str, str] = {
    "tricks": "play to tricks (so a lead, a revoke, a quitted trick)",
    "trumps": "a trump suit",
    "bidding": "an auction or calls (bids, passes, doubles)",
    "partnerships": "fixed partners (so partners' consultation and remarks)",
    "dummy": "a dummy hand",
    "stock": "a stock, talon or widow to draw from",
    "declarations": "declarations or melds that score (point, sequences, bezique...)",
    "stakes": "stakes settled in money or counters at each deal",
}
"""What a game may have; a code declares its game's, and irregularities their needs."""

ACTS: Mapping[str, str] = {
    "calls": "calls",
    "leads": "leads",
    "plays": "plays",
    "deals": "deals",
    "cuts": "cuts",
    "shuffles": "shuffles",
    "draws": "draws",
    "discards": "discards",
    "declares": "declares",
    "scores": "scores",
    "pays": "pays",
    "decides": "decides",
}
"""What the next player to act does (``next: {who: ..., does: ...}``)."""

BIDDING_NEXT = ("reopens", "goes-on", "closed")
"""After a remedy in the auction: it reopens (everyone may call again), goes on from the
next player, or is closed (the contract stands)."""

DEAL_NEXT = ("goes-on", "replayed", "redealt", "void", "ends")
"""What becomes of the deal: play goes on; the hand is played again with the same cards;
the cards are dealt again; the deal does not count; the deal is over (score it)."""

LAW_NUMBER = r"[A-Za-z0-9][A-Za-z0-9.\-]*?"
"""A law number as printed, in a citation (lazy: a clause that follows is left to CLAUSES)."""
CLAUSES = r"(\([a-z0-9]+\))*"
"""A citation's clauses: ``(c)``, ``(a)(2)``."""
PRINTED_NUMBER = re.compile(r"\d+[a-z]?(\(\w+\))*(-\d+)?")
"""A law number as a code prints it: 50, 50a, 37(c), or 4-6 for laws printed together."""
CITATION = re.compile(rf"^(?P<number>{LAW_NUMBER})(?P<clause>{CLAUSES})$")


def sentence_key(text: str) -> str:
    """A sentence as compared: lower case, every run of white space one space. Two
    sentences with the same key read the same (an example of conduct, a quiz choice)."""
    return " ".join(text.lower().split())


_DIGITS = re.compile(r"[0-9]{1,9}")


def whole_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``; None when it is not one. ASCII
    digits only, at most nine: ``str.isdigit()`` would take '²' or '٣' (which ``int()``
    refuses) and any number of digits (``int()`` refuses more than 4,300)."""
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def id_words(identifier: str) -> str:
    """An id in words, where the data gives none: ``not-sure`` -> ``Not sure``."""
    return identifier.replace("-", " ").capitalize()


@dataclass(frozen=True, slots=True)
class Where:
    """Where something was written: a file path and a 1-based line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class Citation:
    """A reference to a law by number, optionally to a clause: ``37(c)``."""

    number: str
    clause: str = ""

    @classmethod
    def parse(cls, text: str) -> Citation:
        match = CITATION.match(text)
        if not match:
            raise ValueError(f"not a law citation: {text!r}")
        return cls(match["number"], match["clause"])

    def __str__(self) -> str:
        return f"{self.number}{self.clause}"


@dataclass(frozen=True, slots=True)
class Source:
    key: str
    citation: str
    url: str | None = None
    seed: str | None = None
    title: str = ""
    year: int | None = None
    author: str | None = None


@dataclass(frozen=True, slots=True)
class Quote:
    """Words quoted verbatim from a source; ``kind`` says whether they are the law's own."""

    source: str
    words: str
    kind: str = "law-text"  # or "commentary": a handbook's words about the law
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Law:
    number: str
    title: str
    section: str
    text: str
    topics: tuple[str, ...]
    quotes: tuple[Quote, ...]
    see_also: tuple[Citation, ...]
    basis: str
    basis_note: str | None
    same_as: Mapping[str, str]
    notes: str | None
    origin: str
    where: Where
    printed_in: str | None = None  # the source it is printed in, where not the code's

    @property
    def printed(self) -> bool:
        """Whether the number is one the code prints (50, 50a, 37(c), 4-6 for laws 4 to 6),
        not an id we gave a rule the book does not number (NAP-HGM-05, FR-5, Dummy-II)."""
        return bool(PRINTED_NUMBER.fullmatch(self.number))

    @property
    def own_words(self) -> tuple[Quote, ...]:
        """The quotes that are the code's own words (not commentary)."""
        return tuple(q for q in self.quotes if q.kind == "law-text")


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str


@dataclass(frozen=True, slots=True)
class EtiquetteItem:
    id: str
    number: str | None
    title: str
    text: str
    why: str | None
    topics: tuple[str, ...]
    quotes: tuple[Quote, ...]
    see_also: tuple[Citation, ...]
    origin: str
    where: Where
    proper: tuple[str, ...] = ()  # conduct at the table that keeps the rule
    improper: tuple[str, ...] = ()  # conduct that breaks it


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    term: str
    definition: str
    synonyms: tuple[str, ...]
    see_also: tuple[Citation, ...]
    origin: str
    where: Where
    plain: bool = False  # an everyday word at the table: questions may use it without help


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """A table of figures; a row is named by its first cell. ``unsure`` names the rows whose
    figures the sources do not confirm: they are shown marked, and no quiz asks about them."""

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    cites: tuple[Citation, ...]
    notes: str | None
    origin: str
    where: Where
    unsure: tuple[str, ...] = ()

    def is_unsure(self, row: tuple[str, ...]) -> bool:
        return bool(row) and row[0] in self.unsure


@dataclass(frozen=True, slots=True)
class ScoreValue:
    """One figure of a scoring scheme (a number, numbers keyed by e.g. suit, or a named
    rule such as ``tricks-then-value``), with the laws it rests on."""

    id: str
    value: int | str | Mapping[str, int]
    cites: tuple[Citation, ...]
    note: str | None
    origin: str
    where: Where
    unsure: str | None = None  # why the sources do not confirm it (never quizzed)


@dataclass(frozen=True, slots=True)
class Effect:
    """A structured consequence: points to a side, tricks moved, stakes paid, a new deal..."""

    kind: str
    who: str | None = None
    to: str | None = None
    from_: str | None = None
    amount: int | None = None
    unit: str | None = None
    detail: str | None = None
    at_most: int | None = None  # a cap, not an amount


@dataclass(frozen=True, slots=True)
class Next:
    """What happens after the remedy: who acts (a role) and what he does (an ACTS id); the
    bidding (a BIDDING_NEXT id); the deal (a DEAL_NEXT id); what stands; a worked example."""

    who: str | None = None
    does: str | None = None
    bidding: str | None = None
    deal: str | None = None
    stands: str | None = None
    example: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Unsure:
    """Where the sources are unsure or silent: what fact or law is missing (None in the older
    plain-text form), who decides meanwhile (a role), and a plain note."""

    missing: str | None
    decides: str | None
    note: str | None


@dataclass(frozen=True, slots=True)
class Choice:
    id: str
    text: str
    effects: tuple[Effect, ...]
    next: Next | None = None


@dataclass(frozen=True, slots=True)
class Options:
    """What the non-offending side may choose, who chooses, and until when."""

    chooser: str
    consult: str  # "allowed" | "forbidden" | "not-stated"
    consult_note: str | None
    until: str | None
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Remedy:
    id: str
    title: str
    now: str
    options: Options | None
    effects: tuple[Effect, ...]
    until: str | None
    then: str | None
    cites: tuple[Citation, ...]
    notes: str | None
    unsure: Unsure | None
    irregularity: str
    origin: str
    where: Where
    next: Next | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        """Identity for coverage: the code that wrote it, its irregularity, its id."""
        return (self.origin, self.irregularity, self.id)


@dataclass(frozen=True, slots=True)
class Answer:
    id: str
    label: str
    next: str
    fact: str | None
    where: Where


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    ask: str
    help: str | None
    answers: tuple[Answer, ...]
    where: Where

    def answer(self, answer_id: str) -> Answer | None:
        for answer in self.answers:
            if answer.id == answer_id:
                return answer
        return None


@dataclass(frozen=True, slots=True)
class Irregularity:
    id: str
    title: str
    phase: str
    summary: str
    keywords: tuple[str, ...]
    start: str
    questions: Mapping[str, Question]
    remedies: Mapping[str, Remedy]
    cites: tuple[Citation, ...]
    origin: str
    where: Where
    needs: frozenset[str] = frozenset()  # FEATURES the game must have for this to happen
    common: bool = False  # often goes wrong: listed first in its phase
    covers: tuple[str, ...] = ()  # fallback irregularities whose point this one settles


@dataclass(frozen=True, slots=True)
class Choosing:
    """A code's line in its game's chooser, and whether it is the usual choice."""

    line: str
    usual: bool
    where: Where


@dataclass(frozen=True, slots=True)
class Code:
    """One game in one edition, effective (``extends`` already applied)."""

    id: str
    game: str
    game_title: str
    title: str
    edition: str
    year: int
    body: str
    kind: str  # "code", or "general" for laws that apply to any game as a fallback
    verification: str
    summary: str | None
    extends: str | None
    lineage: tuple[str, ...]  # this code, then its parents, nearest first
    sources: Mapping[str, Source]
    roles: Mapping[str, str]
    sections: Mapping[str, Section]
    laws: Mapping[str, Law]
    etiquette: Mapping[str, EtiquetteItem]
    glossary: Mapping[str, Term]
    score_tables: tuple[ScoreTable, ...]
    score_values: Mapping[str, ScoreValue]
    irregularities: Mapping[str, Irregularity]
    where: Where
    inapplicable: frozenset[str] = frozenset()  # fallback irregularities this game cannot have
    fallback: Code | None = field(default=None, compare=False, repr=False)
    features: frozenset[str] | None = None  # what the game has (FEATURES ids); None: not declared
    players: tuple[int, int] | None = None  # fewest and most players
    choose: Choosing | None = None  # its line in the game's chooser (never inherited)
    printed_in: str | None = None  # the source (its key) the laws are printed in

    def can_have(self, irregularity: Irregularity) -> bool:
        """Whether this code's game has what ``irregularity`` needs (undeclared: assume so)."""
        return self.features is None or irregularity.needs <= self.features

    def law(self, citation: Citation | str) -> Law | None:
        number = citation.number if isinstance(citation, Citation) else Citation.parse(citation).number
        return self.laws.get(number)

    def numbered(self, number: str) -> Law:
        """The law printed as ``number``; UnknownLaw (naming the valid numbers) if none."""
        from adjudicator.errors import UnknownLaw

        try:
            return self.laws[number]
        except KeyError:
            raise UnknownLaw(number, list(self.laws), field="number", where=self.id) from None

    def citing(self, number: str) -> tuple[tuple[Law, ...], tuple[Remedy, ...]]:
        """What in this code cites law ``number``: laws (by see-also) and remedies."""
        laws = tuple(
            law for law in self.laws.values() if law.number != number and any(c.number == number for c in law.see_also)
        )
        remedies = tuple(
            remedy
            for irregularity in self.irregularities.values()
            for remedy in irregularity.remedies.values()
            if any(c.number == number for c in remedy.cites)
        )
        return laws, remedies


@dataclass(frozen=True, slots=True)
class Library:
    """Every code of laws, by id, in a stable order (game, then year)."""

    codes: Mapping[str, Code]

    def code(self, code_id: str) -> Code:
        from adjudicator.errors import UnknownCode

        try:
            return self.codes[code_id]
        except KeyError:
            raise UnknownCode(code_id, list(self.codes), field="code") from None

    def games(self) -> dict[str, list[Code]]:
        """Codes grouped by game, in library order."""
        grouped: dict[str, list[Code]] = {}
        for code in self.codes.values():
            grouped.setdefault(code.game, []).append(code)
        return grouped
