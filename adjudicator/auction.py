"""The auction checker: the dealer and the calls in order in (with any claim of a penalty
where it was made); each call judged when it is made, the end of the auction, the final
contract, the declarant, dummy and the leader out, with every irregularity ruled as the
code rules it.

Pure (dataclasses in, dataclasses out). Calls are judged by the chosen code's data: its
declarations and their values (``trick-value``), its ``bid-ranking`` rule
(``value-then-tricks`` or ``tricks-then-value``), whether the dealer may pass
(``dealer-opening``), what follows four passes (``passed-out``), who calls after a pass out
of turn (``pass-out-of-turn-order``) and the law that closes the auction (``auction-end``);
the checker knows no code by name. A code without ``trick-value`` and ``bid-ranking``
cannot be checked.

It rules what happened, not what might be claimed. An irregular call is adjudicated under
the ruling code's own irregularity, its questions answered from the sequence by the
question ids the auction codes share (``which-call``, ``self-corrected``,
``claimed-in-time``, ``which-illegal-call``, ``adversary-overcalled-or-doubled``). Where
the code makes the penalty depend on a claim made in time, the claim window stays open
until an adversary of the offender calls: a claim recorded before then (``S:claim:raise``)
is carried out and the checker goes on from it; without one the penalty is gone and the
call stands as made, so later calls are judged against it as it stands. Where the window
is still open at the end of the sequence, every outcome is shown with who may choose and
until when. A choice is carried out by its effects (a new deal, the bid corrected, a
player barred, points to the side not in fault) and, where the code's effect is only words,
by the choice ids the auction codes share (``final-declaration``, ``stands``, ``cancelled``).
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from adjudicator.engine import NextQuestion, Ruling, adjudicate, find_irregularity
from adjudicator.errors import CallError, TooUncertain, UnknownIrregularity
from adjudicator.model import NOT_SURE, Citation, Code, Effect, Irregularity, Library, Remedy, Unsure, id_words
from adjudicator.scoring import (
    LETTERS,
    NUMBERS,
    cites_text,
    contract_words,
    denomination_label,
    denominations,
    letter_of,
    offered,
    require,
    trick_values,
)

SEATS = ("N", "E", "S", "W")
"""Clockwise, the order of calling: each player's left-hand neighbour calls next."""
SEAT_NAMES: Mapping[str, str] = MappingProxyType({"N": "North", "E": "East", "S": "South", "W": "West"})
PARTNERSHIPS: Mapping[str, str] = MappingProxyType({"N": "NS", "S": "NS", "E": "EW", "W": "EW"})
PAIR_NAMES: Mapping[str, str] = MappingProxyType({"NS": "North and South", "EW": "East and West"})
RANKINGS = ("value-then-tricks", "tricks-then-value")
MAX_LEVEL = 7
MAX_WRITTEN = 13
"""Bids of eight to thirteen are read (and judged impossible); a larger number is not a call."""

CLAIM = "claim"
RAISE = "raise"
PENALTY = "penalty"
"""The words after ``claim:`` when the code's penalty is no choice: ``raise`` for one that
corrects the bid, ``penalty`` for any other; a choice the code gives is named by its id."""

# the facts a sequence of calls settles, by the question ids the auction codes share
WHICH_CALL = "which-call"
SELF_CORRECTED = "self-corrected"
ADVERSARY_ACTED = "adversary-overcalled-or-doubled"
CAN_BE_RAISED = "can-be-raised"  # whether a bid of seven or fewer in its declaration would be sufficient
WHICH_ILLEGAL_CALL = "which-illegal-call"
WHY_BARRED = "why-barred"
BARRED_BY_PARTNER = "partner-insufficient"
CLAIM_QUESTIONS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "claimed-in-time": ("yes", "no"),
        "claimed-in-time-double": ("yes", "no"),
        "first-after-bid": ("pointed-out", "adversary-called"),
    }
)
"""The questions on which a penalty turns on a claim made before an adversary of the
offender calls: question id -> (the answer when the claim came first, when the call did)."""
# choices the checker carries out by their shared ids (their effects are words only)
FINAL_DECLARATION = "final-declaration"
CANCELLED = "cancelled"
# the irregularities whose "corrected" effect the checker carries out, and how
INSUFFICIENT = "insufficient-bid"
IMPOSSIBLE = "impossible-bid"
BARRED_BID = "bid-while-barred"

# the rule words of the code's values
MUST_BID = "must-bid"
NEXT_DEALER = "next-dealer"
UNCHANGED = "unchanged"
IN_TURN = "in-turn"

STATUSES: Mapping[str, str] = MappingProxyType(
    {
        "claimed": "the penalty was claimed in time and is carried out",
        "too-late": "the penalty was not claimed in time: it is gone and the call stands as made",
        "claimed-too-late": "a claim came after the time the code sets: it does not count",
        "open": "the time to claim has not run out where the sequence stops",
        "not-chosen": "the code gives a choice without a time limit, and none is recorded",
        "applies": "the code's penalty applies without any claim",
        "no-penalty": "the code gives no penalty",
        "for-the-director": "the code does not provide for it, or its facts need the director",
    }
)

# laws found by topic where the code's values do not cite them
TOPICS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "declarant": ("declarer", "declarer-determination"),
        "leader": ("opening-lead",),
        "doubling": ("illegal-double",),
    }
)


def missing_values(code: Code) -> list[str]:
    missing = [] if denominations(code) else ["trick-value"]
    ranking = code.score_values.get("bid-ranking")
    if ranking is None or ranking.value not in RANKINGS:
        missing.append("bid-ranking")
    return missing


def checkable_codes(library: Library) -> list[Code]:
    return offered(library, missing_values)


def require_checkable(code: Code, library: Library | None = None) -> None:
    require(code, "auction to check", missing_values, library)


# ---------------------------------------------------------------- seats and calls


def left_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def are_partners(a: str, b: str) -> bool:
    return PARTNERSHIPS[a] == PARTNERSHIPS[b]


def adversaries_of(seat: str) -> tuple[str, str]:
    """The two adversaries of ``seat``, in the order of SEATS (North before South)."""
    return tuple(sorted((left_of(seat), partner_of(left_of(seat))), key=SEATS.index))  # type: ignore[return-value]


def _seat_is(text: str) -> str | None:
    seat = text.strip().upper()[:1]
    if seat in SEATS and text.strip().lower() in {seat.lower(), SEAT_NAMES[seat].lower()}:
        return seat
    return None


def parse_seat(text: str, field: str = "seat") -> str:
    seat = _seat_is(text)
    if seat is None:
        raise CallError(
            f"{field} must be N, E, S or W (North, East, South, West), not {text!r}",
            field=field,
            value=text,
            choices=SEATS,
        )
    return seat


def names(seats: Sequence[str]) -> str:
    """``North``, ``North or South``."""
    return " or ".join(SEAT_NAMES[s] for s in seats)


@dataclass(frozen=True, slots=True)
class Call:
    """A call as made: its kind, for a bid the level and declaration, and the seat that made
    it when the sequence says so (None: whoever's turn it was). A claim of a penalty is
    written among the calls where it was made: kind ``claim``, the seat that claimed (None:
    an adversary entitled to) and the word of its choice (None: the code's only penalty)."""

    kind: str  # "bid", "pass", "double", "redouble" or "claim"
    level: int | None = None
    denomination: str | None = None
    seat: str | None = None
    choice: str | None = None

    @property
    def is_claim(self) -> bool:
        return self.kind == CLAIM

    def token(self) -> str:
        if self.is_claim:
            word = CLAIM + (f":{self.choice}" if self.choice else "")
        else:
            word = {"pass": "P", "double": "X", "redouble": "XX"}.get(self.kind) or ""
            if not word:
                word = f"{self.level}{letter_of(self.denomination or '')}"
        return f"{self.seat}:{word}" if self.seat else word


def call_words(call: Call) -> str:
    if call.kind == "bid":
        return contract_words(call.level or 0, call.denomination or "", "undoubled")
    return call.kind


_BID = re.compile(r"^(?P<level>[0-9]+)\s*(?P<denomination>NT|[A-Z])$")
_CHOICE = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_WORDS = {"P": "pass", "PASS": "pass", "NO": "pass", "X": "double", "D": "double", "DOUBLE": "double",
          "XX": "redouble", "R": "redouble", "RD": "redouble", "REDOUBLE": "redouble"}  # fmt: skip
NOTATION = (
    "write a bid such as 1H or 2NT ({letters}), P to pass, X to double, XX to redouble; S:1H names the "
    "seat; claim (or S:claim:new-deal) records a penalty claimed after the call it punishes"
)


def parse_call(token: str, code: Code) -> Call:
    """``1H``, ``2NT``, ``P`` (pass), ``X`` (double), ``XX`` (redouble); ``S:1H`` names the
    seat; ``claim``, ``claim:WORD``, ``S:claim:WORD`` record a claim."""
    text = token.strip()
    seat = None
    parts = text.split(":")
    if len(parts) > 1 and parts[0].strip().lower() != CLAIM:
        seat = parse_seat(parts[0])
        parts = parts[1:]
    if parts[0].strip().lower() == CLAIM:
        if len(parts) > 2:
            raise CallError(
                f"not a claim: {token!r}; write claim, claim:WORD or S:claim:WORD", field="call", value=token
            )
        choice = parts[1].strip().lower() if len(parts) == 2 else None
        if choice is not None and not _CHOICE.match(choice):
            raise CallError(
                f"not a claim: {token!r}; after claim: comes the word of the choice, such as new-deal",
                field="call",
                value=token,
            )
        return Call(CLAIM, seat=seat, choice=choice)
    if len(parts) > 1:
        raise CallError(
            f"not a call: {token!r}; {NOTATION.format(letters=_letter_list(code))}", field="call", value=token
        )
    word = parts[0].strip().upper()
    if word in _WORDS:
        return Call(_WORDS[word], seat=seat)
    match = _BID.match(word)
    if not match:
        raise CallError(
            f"not a call: {token!r}; {NOTATION.format(letters=_letter_list(code))}", field="call", value=token
        )
    level = int(match["level"])
    if level < 1:
        raise CallError(f"a bid names one to seven tricks over the book, not {level}", field="call", value=token)
    if level > MAX_WRITTEN:
        raise CallError(f"a bid names one to seven tricks over the book, not {level}", field="call", value=token)
    letter = "N" if match["denomination"] == "NT" else match["denomination"]
    name = LETTERS.get(letter)
    if name is None or name not in denominations(code):
        raise CallError(
            f"{letter!r} is not a declaration of {code.title}; its declarations: {_letter_list(code)}",
            field="call",
            value=token,
            choices=[letter_of(d) for d in denominations(code)],
        )
    return Call("bid", level, name, seat)


def _letter_list(code: Code) -> str:
    return ", ".join(f"{letter_of(d)} {denomination_label(d)}" for d in denominations(code))


def parse_calls(tokens: Sequence[str] | str, code: Code) -> list[Call]:
    """Calls separated by spaces or commas (or given one by one); errors name the call by
    number (a claim by the call it follows)."""
    if isinstance(tokens, str):
        tokens = [tokens]
    calls: list[Call] = []
    number = 0
    for token in tokens:
        for word in (t for t in re.split(r"[\s,]+", token) if t):
            is_claim = CLAIM in word.lower().split(":")
            where = f"the claim after call {number}" if is_claim else f"call {number + 1}"
            try:
                call = parse_call(word, code)
            except CallError as exc:
                raise CallError(f"{where}: {exc}", field=exc.field, value=exc.value, choices=exc.choices) from None
            number += not call.is_claim
            calls.append(call)
    return calls


# ---------------------------------------------------------------- ranking


def bid_key(code: Code, level: int, denomination: str) -> tuple[int, ...]:
    """What the code's ``bid-ranking`` compares: points then tricks, or tricks then the
    declaration's value."""
    each = trick_values(code)[denomination]
    if code.score_values["bid-ranking"].value == "tricks-then-value":
        return (level, each)
    return (level * each, level)


def outranks(code: Code, new: tuple[int, str], old: tuple[int, str]) -> bool:
    return bid_key(code, *new) > bid_key(code, *old)


def ranking_reason(code: Code, new: tuple[int, str], old: tuple[int, str]) -> str:
    """Why ``new`` does or does not outrank ``old``, in the code's terms."""
    value = trick_values(code)
    a, b = contract_words(*new, "undoubled"), contract_words(*old, "undoubled")
    if code.score_values["bid-ranking"].value == "tricks-then-value":
        if new[0] != old[0]:
            more = new[0] > old[0]
            return f"{a} names {'more' if more else 'fewer'} tricks than {b}"
        if new == old:
            return f"{a} only repeats the bid"
        va, vb = value[new[1]], value[old[1]]
        kind = "a higher" if va > vb else "a lower" if va < vb else "an equally"
        return f"{a} names as many tricks as {b} in {kind}-valued declaration ({va} against {vb} a trick)"
    pa, pb = new[0] * value[new[1]], old[0] * value[old[1]]
    if pa != pb:
        return f"{a} is worth {pa} points, {b} {pb}"
    if new[0] == old[0]:
        return f"{a} and {b} are both worth {pa} points in as many tricks"
    return f"{a} and {b} are both worth {pa} points; the bid of more tricks ranks higher"


def lowest_sufficient(code: Code, denomination: str, old: tuple[int, str]) -> int | None:
    for level in range(1, MAX_LEVEL + 1):
        if outranks(code, (level, denomination), old):
            return level
    return None


# ---------------------------------------------------------------- what the checker returns


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the code lets happen after an irregular call: a choice the side not in
    fault may make (``word``, as ``claim:WORD`` writes it), or, with ``word`` None, what
    happens when nobody claims in time."""

    word: str | None
    text: str
    remedy: str  # the remedy's id in the ruling code
    title: str
    stands: bool  # True: the call stands as made (the condonation)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim recorded in the sequence: who made it (None: not named), the word chosen, and
    the number of the call it came after."""

    seat: str | None
    word: str
    after: int
    in_time: bool


@dataclass(frozen=True, slots=True)
class Points:
    """Points a claimed penalty gives the side not in fault, in the honour column."""

    side: str  # "NS" | "EW"
    points: int
    why: str
    cites: tuple[Citation, ...]
    call: int


@dataclass(frozen=True, slots=True)
class Finding:
    """An irregularity in the sequence, ruled when it was made: its id (shared by the codes),
    the call, what happened in plain words, the facts the sequence answers (question id ->
    answer id, only those the ruling code asks), the engine's ruling on them (while a claim
    is still open: one outcome for each answer), and what it comes to (``status``, one of
    STATUSES), with every option the code gives, who may choose and until when, the claim if
    one was recorded, and what the checker did and who calls next (``then``)."""

    irregularity: str | None  # None: no irregularity id fits (e.g. a call after the auction closed)
    title: str
    call: int  # the call's number, from 1
    seat: str
    summary: str
    facts: Mapping[str, str]
    ruled_by: str | None  # the code that rules on it (this code or its fallback); None if no code does
    cites: tuple[Citation, ...]
    status: str
    verdict: str  # what the code says of it now, in plain words
    ruling: Ruling | NextQuestion | None = None
    remedy: Remedy | None = None  # the remedy in force, once the sequence settles it
    options: tuple[Option, ...] = ()
    chooser: tuple[str, ...] = ()  # the seats that may choose
    until: str | None = None
    claim: Claim | None = None
    then: tuple[str, ...] = ()
    points: tuple[Points, ...] = ()
    unsure: Unsure | None = None  # where the ruling code is silent or unsure (its ruling's code words it)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One call judged: who made it, whose turn it was, what the code says of it, and who
    calls next (None once the auction has ended)."""

    number: int
    seat: str
    turn: str
    call: Call
    words: str
    verdict: str  # plain words: "sufficient: ...", "a legal double of ..."
    cites: tuple[Citation, ...]
    findings: tuple[Finding, ...] = ()
    next: str | None = None

    @property
    def ok(self) -> bool:
        return not self.findings


@dataclass(frozen=True, slots=True)
class Role:
    """A player the auction names (declarant, dummy, leader) and the laws that say so."""

    seat: str
    why: str
    cites: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class Contract:
    level: int
    denomination: str
    doubling: str
    side: str  # "NS" | "EW"
    words: str


@dataclass(frozen=True, slots=True)
class Auction:
    code: str
    dealer: str
    calls: tuple[Call, ...]
    judgements: tuple[Judgement, ...]
    ended: str | None  # "closed", "passed-out", "new-deal", or None while the auction is open
    status: str  # plain words: how it ended, or what is still needed
    status_cites: tuple[Citation, ...]
    contract: Contract | None
    declarant: Role | None
    dummy: Role | None
    leader: Role | None
    findings: tuple[Finding, ...]
    ranking: str
    ranking_cites: tuple[Citation, ...]
    next_call: str | None = None  # whose turn it is, while the auction is open
    next_dealer: str | None = None  # after a passed-out deal, where the code names him
    points: tuple[Points, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def closed(self) -> bool:
        return self.ended == "closed"

    @property
    def passed_out(self) -> bool:
        return self.ended == "passed-out"

    @property
    def tokens(self) -> list[str]:
        return [c.token() for c in self.calls]


# ---------------------------------------------------------------- the code's data


def _topic_laws(code: Code, role: str) -> tuple[Citation, ...]:
    topics = set(TOPICS[role])
    return tuple(Citation(law.number) for law in code.laws.values() if topics & set(law.topics))


def _rule_word(code: Code, value_id: str) -> tuple[str | None, tuple[Citation, ...], str | None]:
    """A rule word of the code's values (``may-pass``), its laws and note; None if absent."""
    found = code.score_values.get(value_id)
    if found is None or not isinstance(found.value, str):
        return None, (), None
    return found.value, found.cites, found.note


@dataclass(frozen=True, slots=True)
class _About:
    """An irregularity under a code: the code that rules on it (None if none does), the
    irregularity, and its citations when this code is the one that rules."""

    code: Code | None
    irregularity: Irregularity | None
    title: str
    cites: tuple[Citation, ...]


def _about(code: Code, irregularity_id: str) -> _About:
    try:
        ruling, irregularity, _ = find_irregularity(code, irregularity_id)
    except UnknownIrregularity:
        return _About(None, None, id_words(irregularity_id), ())
    cites = irregularity.cites or tuple(
        dict.fromkeys(c for remedy in irregularity.remedies.values() for c in remedy.cites)
    )
    return _About(ruling, irregularity, irregularity.title, cites if ruling.id == code.id else ())


def _asked(irregularity: Irregularity, facts: Mapping[str, str]) -> dict[str, str]:
    """The facts the irregularity actually asks about, with answers it offers."""
    out = {}
    for q, a in facts.items():
        question = irregularity.questions.get(q)
        if question is not None and question.answer(a) is not None:
            out[q] = a
    return out


def _rule(about: _About, facts: Mapping[str, str], open_claim: str | None = None) -> Ruling | NextQuestion | None:
    """The engine's ruling on the facts; questions the sequence cannot settle answered "not
    sure" (so every outcome shows), the claim question too while it is still ``open_claim``.
    Without ``open_claim``, a claim question reached is returned as the NextQuestion."""
    if about.code is None or about.irregularity is None:
        return None
    answers = dict(facts)
    if open_claim is not None:
        answers[open_claim] = NOT_SURE
    for _ in range(len(about.irregularity.questions) + 1):
        try:
            result = adjudicate(about.code, about.irregularity.id, answers)
        except TooUncertain:
            return None
        if isinstance(result, Ruling):
            return result
        if result.question.id in CLAIM_QUESTIONS and open_claim is None:
            return result
        answers[result.question.id] = NOT_SURE
    return None  # pragma: no cover - every question answered


def _claim_question(about: _About, facts: Mapping[str, str]) -> str | None:
    """The question on which the ruling turns on a claim made in time, if it does."""
    result = _rule(about, facts)
    return result.question.id if isinstance(result, NextQuestion) and result.question.id in CLAIM_QUESTIONS else None


def _claimed(facts: Mapping[str, str], question: str | None, first: bool) -> dict[str, str]:
    """The facts with the claim question answered: the claim came ``first``, or the call did."""
    if question is None:
        return dict(facts)
    return {**facts, question: CLAIM_QUESTIONS[question][0 if first else 1]}


def _remedy_on(about: _About, facts: Mapping[str, str]) -> Remedy | None:
    result = _rule(about, facts)
    return result.remedy if isinstance(result, Ruling) else None


_PENALTIES = ("new-deal", "corrected", "barred", "score", "tricks", "replay", "deal-void")
_CHANGES = ("new-deal", "corrected", "score", "tricks", "replay", "deal-void")


def _is_penalty(effects: Sequence[Effect]) -> bool:
    """Whether the effects punish: a new deal, a correction, a bar, points or tricks; an
    effect in words only (``other``) where it does not come with ``no-penalty``."""
    kinds = {e.kind for e in effects}
    return bool(kinds & set(_PENALTIES)) or ("other" in kinds and "no-penalty" not in kinds)


def _punishes(effects: Sequence[Effect]) -> bool:
    """Whether the effects carry a penalty the checker can apply (not words only)."""
    return any(e.kind in _PENALTIES for e in effects)


def _stands(choice_id: str, effects: Sequence[Effect]) -> bool:
    """Whether a choice leaves the call standing as made (the condonation)."""
    return choice_id not in (FINAL_DECLARATION, CANCELLED) and not any(e.kind in _CHANGES for e in effects)


def _choices(remedy: Remedy) -> list[Option]:
    """The options of a remedy a claim chooses among: its choices, or its one penalty."""
    if remedy.options is not None:
        return [Option(c.id, c.text, remedy.id, c.text, _stands(c.id, c.effects)) for c in remedy.options.choices]
    if _is_penalty(remedy.effects):
        word = RAISE if any(e.kind == "corrected" for e in remedy.effects) else PENALTY
        return [Option(word, remedy.now, remedy.id, remedy.title, False)]
    return []


def _effects_of(remedy: Remedy, word: str) -> tuple[Effect, ...]:
    if remedy.options is not None:
        for c in remedy.options.choices:
            if c.id == word:
                return (*c.effects, *remedy.effects)
    return remedy.effects


def _chooser(remedy: Remedy | None, offender: str) -> tuple[str, ...]:
    """The seats that may choose the penalty for ``offender``'s call."""
    role = remedy.options.chooser if remedy is not None and remedy.options is not None else "either-adversary"
    if role == "offender-left-adversary":
        return (left_of(offender),)
    return adversaries_of(offender)


def _pass_order(code: Code, about: _About) -> tuple[str | None, tuple[Citation, ...], bool]:
    """Who calls after a pass out of turn: ``unchanged`` (the player whose turn it was),
    ``in-turn`` (the offender's left, as though it had been in turn) or None (the code does
    not say); the laws that say so; and whether the player who passed may come back in only
    if the bid he passed has been overbid or doubled. From the code's value
    ``pass-out-of-turn-order``, else from what its ruling on a pass out of turn says happens next."""
    rule, cites, _ = _rule_word(code, "pass-out-of-turn-order")
    if rule is not None:
        return rule, cites, rule == UNCHANGED
    remedy = _remedy_on(about, {WHICH_CALL: "pass"}) if about.irregularity is not None else None
    who = remedy.next.who if remedy is not None and remedy.next is not None else None
    order = {"player-in-turn": UNCHANGED, "offender-left": IN_TURN}.get(who or "")
    return order, remedy.cites if order and remedy else (), False


# ---------------------------------------------------------------- the checker


@dataclass
class _Bar:
    since: int  # the number of the call whose penalty barred him
    lifts: bool  # True: freed once an adversary bids or doubles


@dataclass
class _State:
    """The auction as the checker reads it so far."""

    turn: str
    also: str | None = None  # a second player who may call next (the code is silent on who)
    bid: tuple[int, str] | None = None
    bidder: str | None = None
    doubled_by: str | None = None
    redoubled_by: str | None = None
    passes: int = 0
    calls: int = 0
    ended: str | None = None
    barred: dict[str, _Bar] = field(default_factory=dict)
    first_named: dict[tuple[str, str], str] = field(default_factory=dict)
    bids: list[tuple[str, tuple[int, str], int]] = field(default_factory=list)  # (seat, bid, call number)
    passed_early: dict[str, tuple] = field(default_factory=dict)  # seat -> what stood when he passed out of turn

    @property
    def doubling(self) -> str:
        return "redoubled" if self.redoubled_by else "doubled" if self.doubled_by else "undoubled"

    def standing(self) -> tuple:
        return (self.bid, self.bidder, self.doubled_by, self.redoubled_by)


@dataclass
class _Draft:
    """A finding while the sequence is read: it changes as later calls and claims come."""

    number: int
    seat: str
    irregularity: str | None
    summary: str
    facts: dict[str, str]
    about: _About | None
    title: str
    cites: tuple[Citation, ...] = ()  # for a finding no irregularity rules on: the laws it rests on
    status: str = "no-penalty"
    window: str | None = None  # the claim question, when the penalty turns on a claim made in time
    claimable: bool = False  # a claim may choose (a choice, or a penalty in points)
    claim: Claim | None = None
    closed_by: int | None = None  # the number of the adversary's call that closed the claim window
    then: list[str] = field(default_factory=list)
    points: list[Points] = field(default_factory=list)
    before: _State | None = None  # the auction before the call (to cancel it)
    call: Call | None = None
    said: str | None = None  # the verdict, for a finding no irregularity of the code rules on

    @property
    def is_open(self) -> bool:
        return self.window and self.claim is None and self.closed_by is None


class _Checker:
    """Reads a sequence call by call (and claim by claim); ``result`` gives the Auction."""

    def __init__(self, code: Code, dealer: str) -> None:
        self.code = code
        self.dealer = dealer
        self.state = _State(dealer)
        self.items: list[Call] = []
        self.judgements: list[Judgement] = []
        self.next: dict[int, str | None] = {}  # call number -> who calls next
        self.drafts: list[_Draft] = []
        self.number = 0
        self.about = functools.cache(functools.partial(_about, code))
        self.ranking_cites = code.score_values["bid-ranking"].cites
        self.doubling_cites = _topic_laws(code, "doubling")
        self.order, self.order_cites, self.back_in_only = _pass_order(code, self.about("call-out-of-turn"))

    def read(self, item: Call) -> None:
        self.items.append(item)
        if item.is_claim:
            self.claim(item)
        else:
            self.call(item)
        if self.number:
            self.next[self.number] = None if self.state.ended else self.state.turn

    # ------------------------------------------------ findings

    def find(self, irregularity_id: str | None, seat: str, summary: str, facts=None, **kw) -> _Draft:
        """A finding at the call being read, its status as far as the call itself settles it."""
        about = self.about(irregularity_id) if irregularity_id else None
        draft = _Draft(self.number, seat, irregularity_id, summary, dict(facts or {}), about, kw.pop("title", ""), **kw)
        draft.title = draft.title or (about.title if about else summary)
        if about is None or about.irregularity is None:
            draft.status = "for-the-director"
        else:
            # at the moment of the call: not corrected as a slip, and no adversary has acted since
            settled = {SELF_CORRECTED: "no", ADVERSARY_ACTED: "no", WHY_BARRED: BARRED_BY_PARTNER, **draft.facts}
            draft.facts = _asked(about.irregularity, settled)
            draft.window = _claim_question(about, draft.facts)
            ruling = None if draft.window else _rule(about, draft.facts)
            remedy = ruling.remedy if isinstance(ruling, Ruling) else None
            if draft.window:
                draft.status, draft.claimable = "open", True
            elif remedy is None:  # it turns on a fact the calls do not show
                penalties = [o.remedy for o in ruling.outcomes] if isinstance(ruling, Ruling) else []
                quiet = penalties and not any(_punishes(r.effects) or r.options for r in penalties)
                draft.status = "no-penalty" if quiet else "for-the-director"
            elif remedy.options is not None or any(e.kind == "score" for e in remedy.effects):
                draft.status, draft.claimable = "not-chosen", True
            elif _punishes(remedy.effects):
                draft.status = "applies"
            elif (
                remedy.next is not None
                and remedy.next.who == "director"
                or not any(e.kind == "no-penalty" for e in remedy.effects)
                and (remedy.unsure or any(e.kind == "other" for e in remedy.effects))
            ):
                draft.status = "for-the-director"
        self.drafts.append(draft)
        return draft

    def close_windows(self, seat: str) -> None:
        """A call by ``seat``: the claim windows it closes (an adversary of the offender called).
        The penalty is gone where the code says so; where it does not, the director decides."""
        for d in self.drafts:
            if d.is_open and not are_partners(seat, d.seat) and d.about is not None:
                d.closed_by = self.number
                late = _remedy_on(d.about, _claimed(d.facts, d.window, first=False))
                gone = late is not None and any(e.kind == "penalty-forfeited" for e in late.effects)
                d.status = "too-late" if gone else "for-the-director"

    # ------------------------------------------------ calls

    def call(self, call: Call) -> None:
        self.number += 1
        state = self.state
        turn = state.turn
        seat = call.seat or turn
        if state.ended:
            self.after_end(call, seat, turn)
            return
        self.close_windows(seat)
        before = copy.deepcopy(state)
        start = len(self.drafts)
        in_turn = seat in (turn, state.also)
        if state.also is not None and seat == state.also:
            state.passes += 1  # the pass out of turn before it is read as made in turn
        state.also = None
        if not in_turn:
            self.find(
                "call-out-of-turn",
                seat,
                f"{SEAT_NAMES[seat]} called {call_words(call)} when it was {SEAT_NAMES[turn]}'s turn",
                {WHICH_CALL: call.kind},
            )
        if state.calls == 0 and call.kind == "pass" and seat == self.dealer:
            self.dealer_pass(seat)
        self.back_in(call, seat)
        if seat in state.barred and call.kind in ("bid", "double", "redouble"):
            self.find(
                BARRED_BID,
                seat,
                f"{SEAT_NAMES[seat]} {'bid' if call.kind == 'bid' else call.kind + 'd'} while barred by the "
                f"penalty claimed for call {state.barred[seat].since}",
            )
        cites: tuple[Citation, ...] = ()
        if call.kind == "pass":
            verdict = self.pass_(seat, in_turn)
        elif call.kind == "bid":
            verdict, cites = self.bid(call, seat)
        else:
            verdict, cites = self.double(call, seat)
        if call.kind != "pass" or in_turn or self.order == IN_TURN:
            state.turn = left_of(seat)
        if state.bid is not None and state.passes >= 3 and state.calls >= 4:
            state.ended = "closed"
        elif state.bid is None and state.passes >= 4:
            state.ended = "passed-out"
        self.judgements.append(Judgement(self.number, seat, turn, call, call_words(call), verdict, cites))
        for d in self.drafts[start:]:
            d.before, d.call = before, call
            self.rule_now(d)

    def pass_(self, seat: str, in_turn: bool) -> str:
        state = self.state
        state.calls += 1
        if in_turn or self.order == IN_TURN:
            state.passes += 1
        elif self.order == UNCHANGED:
            if self.back_in_only:
                state.passed_early[seat] = state.standing()
        else:
            state.also = left_of(seat)  # the code is silent: his left-hand neighbour may call next too
        if state.bid is not None and state.passes == 3 and state.calls >= 4:
            return "pass: the third in a row, which closes the auction"
        if state.bid is None and state.passes == 4:
            return "pass: the fourth, and nobody has bid"
        return "pass" if in_turn else "pass, out of turn"

    def after_end(self, call: Call, seat: str, turn: str) -> None:
        how = {"closed": "closed", "passed-out": "been passed out", "new-deal": "ended in a new deal"}
        _, cites, _ = _rule_word(self.code, "auction-end")
        draft = self.find(
            None,
            seat,
            f"{SEAT_NAMES[seat]} called {call_words(call)} after the auction had {how[self.state.ended or 'closed']}",
            title="A call after the auction ended",
            cites=cites if self.state.ended == "closed" else (),
        )
        draft.call = call
        draft.said = "It does not count: the auction had already ended."
        self.judgements.append(Judgement(self.number, seat, turn, call, call_words(call), "after the end", ()))

    def dealer_pass(self, seat: str) -> None:
        rule, cites, note = _rule_word(self.code, "dealer-opening")
        if rule != MUST_BID:
            return
        draft = self.find(
            None,
            seat,
            f"{SEAT_NAMES[seat]}, the dealer, passed: under this code the dealer must open the bidding",
            title="The dealer passed",
            cites=cites,
        )
        draft.said = (f"{note} " if note else "") + (
            "The code sets no penalty and does not say what becomes of the pass: call the director or umpire."
        )
        draft.then.append("The checker reads on from the next player.")

    def back_in(self, call: Call, seat: str) -> None:
        """A player who passed out of turn, at his own turn: he may come back in only if the
        bid he passed has been overbid or doubled."""
        state = self.state
        if seat not in state.passed_early or seat != state.turn:
            return
        passed = state.passed_early.pop(seat)
        if call.kind != "pass" and state.standing() == passed:
            draft = self.find(
                None,
                seat,
                f"{SEAT_NAMES[seat]} called {call_words(call)} at his turn, though the bid he passed out of turn "
                "has been neither overbid nor doubled",
                title="Back in after a pass out of turn",
                cites=self.order_cites,
            )
            draft.said = (
                "After a pass out of turn he may come back in only if the bid he passed has been overbid or "
                "doubled; the code sets no penalty for this: call the director or umpire."
            )

    def bid(self, call: Call, seat: str) -> tuple[str, tuple[Citation, ...]]:
        code, state = self.code, self.state
        state.calls += 1
        state.passes = 0
        name = SEAT_NAMES[seat]
        new = (call.level or 0, call.denomination or "")
        if new[0] > MAX_LEVEL:
            self.find(
                IMPOSSIBLE, seat, f"{name} bid {call_words(call)}: more than seven tricks over the book cannot be made"
            )
            verdict = "impossible: more than seven"
        elif state.bid is not None and not outranks(code, new, state.bid):
            reason = ranking_reason(code, new, state.bid)
            raisable = lowest_sufficient(code, new[1], state.bid) is not None
            self.find(
                INSUFFICIENT,
                seat,
                f"{name} bid {call_words(call)}, which does not outrank "
                f"{SEAT_NAMES[state.bidder or seat]}'s {contract_words(*state.bid, 'undoubled')}: {reason}",
                {CAN_BE_RAISED: "yes" if raisable else "no"},
            )
            verdict = f"insufficient: {reason}"
        elif state.bid is not None:
            verdict = f"sufficient: {ranking_reason(code, new, state.bid)}"
        else:
            verdict = "the first bid: sufficient"
        state.bid, state.bidder = new, seat
        state.doubled_by = state.redoubled_by = None
        state.first_named.setdefault((PARTNERSHIPS[seat], new[1]), seat)
        state.bids.append((seat, new, self.number))
        self.free(seat)
        return verdict, tuple(self.ranking_cites)

    def free(self, seat: str) -> None:
        """``seat`` bid or doubled: the adversaries it frees from a bar that lifts."""
        for barred in [s for s, bar in self.state.barred.items() if bar.lifts and not are_partners(s, seat)]:
            del self.state.barred[barred]

    def double(self, call: Call, seat: str) -> tuple[str, tuple[Citation, ...]]:
        state = self.state
        state.calls += 1
        state.passes = 0
        problem, answer = None, None
        bid = state.bid
        target = f"{SEAT_NAMES[state.bidder]}'s {contract_words(*bid, 'undoubled')}" if bid and state.bidder else ""
        if call.kind == "double":
            if bid is None:
                problem = "there is no bid to double"
            elif are_partners(seat, state.bidder or seat):
                problem, answer = "a player may not double his own side's bid", "doubled-own-side"
            elif state.doubled_by is not None:
                problem, answer = "the bid is already doubled: each side doubles once", "doubled-twice"
            else:
                state.doubled_by = seat
                self.free(seat)
                return f"a legal double of {target}, an adversary's bid", self.doubling_cites
        elif bid is None:
            problem = "there is no bid to redouble"
        elif state.redoubled_by is not None:
            problem, answer = "the bid is already redoubled: a bid is redoubled once", "redoubled-twice"
        elif state.doubled_by is None:
            problem = "the bid has not been doubled"
        elif seat == state.doubled_by:
            problem = "a player may not redouble his own double: only the side whose bid was doubled redoubles"
        elif not are_partners(seat, state.bidder or seat):
            problem, answer = "a player may not redouble his partner's double", "redoubled-partner-double"
        else:
            state.redoubled_by = seat
            return f"a legal redouble of {target}, doubled by {SEAT_NAMES[state.doubled_by]}", self.doubling_cites
        draft = self.find(
            "illegal-double",
            seat,
            f"{SEAT_NAMES[seat]}'s {call.kind}: {problem}",
            {WHICH_ILLEGAL_CALL: answer} if answer else {},
        )
        if answer == "doubled-own-side":
            state.doubled_by = seat
        elif answer == "redoubled-partner-double":
            state.redoubled_by = seat
        if answer in ("doubled-own-side", "redoubled-partner-double"):
            draft.then.append("The call stands as made: the code forbids it, but does not take it back.")
        else:
            draft.then.append("It changes nothing in the contract.")
        return f"not allowed: {problem}", self.doubling_cites

    # ------------------------------------------------ rulings and claims

    def rule_now(self, d: _Draft) -> None:
        """What follows at once from a finding made at this call: a penalty the code applies
        without a claim, and who calls next after a call out of turn."""
        if d.status == "applies" and d.about is not None:
            remedy = _remedy_on(d.about, d.facts)
            if remedy is not None:
                self.carry_out(d, remedy, remedy.effects, None)
        if d.irregularity == "call-out-of-turn" and d.call is not None and not self.state.ended:
            state = self.state
            if d.call.kind != "pass":
                d.then.append(
                    "If it stands, the bidding goes on as though it had been made in turn: "
                    f"{SEAT_NAMES[state.turn]} calls next."
                )
            elif self.order == UNCHANGED:
                d.then.append(
                    f"A pass out of turn leaves the order of calling unchanged{cites_text(self.order_cites)}: "
                    f"{SEAT_NAMES[state.turn]}, whose turn it was, calls next; {SEAT_NAMES[d.seat]} calls again "
                    + (
                        "at his turn, and may come back in only if the bid he passed has been overbid or doubled."
                        if self.back_in_only
                        else "when his own turn comes."
                    )
                )
            elif self.order == IN_TURN:
                d.then.append(
                    f"The bidding goes on as though the pass had been in turn{cites_text(self.order_cites)}: "
                    f"{SEAT_NAMES[state.turn]} calls next."
                )
            else:
                d.then.append(
                    f"The code does not say who calls next: {SEAT_NAMES[state.turn]}, whose turn it was, or "
                    f"{SEAT_NAMES[left_of(d.seat)]}, as though the pass had been in turn; the checker reads on from "
                    "whichever of them calls."
                )

    def claim(self, item: Call) -> None:
        where = f"the claim after call {self.number}"
        target = next((d for d in reversed(self.drafts) if d.claimable and d.claim is None), None)
        remedy = self.claimed_remedy(target) if target is not None else None
        if target is None or remedy is None:
            raise CallError(
                f"{where}: there is nothing to claim: no call before it has a penalty the side not in fault "
                "may claim under this code",
                field="call",
                value=item.token(),
            )
        words = [o.word for o in _choices(remedy) if o.word]
        word = item.choice or (words[0] if len(words) == 1 else None)
        if word not in words:
            said = (
                f"{item.choice!r} is not a choice the code gives" if item.choice else "say which choice the code gives"
            )
            raise CallError(
                f"{where}: {said} for {target.title[0].lower()}{target.title[1:]} (call {target.number}): "
                + ", ".join(f"claim:{w}" for w in words),
                field="call",
                value=item.token(),
                choices=words,
            )
        allowed = _chooser(remedy, target.seat)
        if item.seat is not None and item.seat not in allowed:
            raise CallError(
                f"{where}: {SEAT_NAMES[item.seat]} may not claim it; the choice is {names(allowed)}'s",
                field="call",
                value=item.token(),
                choices=allowed,
            )
        in_time = not (target.window and target.closed_by is not None) and not (
            self.state.ended and any(e.kind == "new-deal" for e in _effects_of(remedy, word)) and target.window
        )
        target.claim = Claim(item.seat, word, self.number, in_time)
        if not in_time:
            target.status = "claimed-too-late"
            return
        target.facts = _claimed(target.facts, target.window, first=True)
        target.status = "claimed"
        self.carry_out(target, remedy, _effects_of(remedy, word), word)

    def claimed_remedy(self, d: _Draft) -> Remedy | None:
        """The remedy a claim of ``d``'s penalty chooses among."""
        if d.about is None:
            return None
        return _remedy_on(d.about, _claimed(d.facts, d.window, first=True))

    def carry_out(self, d: _Draft, remedy: Remedy, effects: Sequence[Effect], word: str | None) -> None:
        """Apply the penalty (or the choice) to the auction, and say what it did."""
        state = self.state
        side = PARTNERSHIPS[left_of(d.seat)]
        said = len(d.then)
        for e in effects:
            if e.kind == "new-deal":
                state.ended = "new-deal"
                d.then.append("The auction ends: there is a new deal (the code does not say who deals it).")
            elif e.kind == "corrected" and d.irregularity in (INSUFFICIENT, IMPOSSIBLE):
                if not self.correct(d):
                    return  # the penalty cannot be carried out as the code writes it
            elif e.kind == "barred" and e.who in ("offender", "offender-partner"):
                who = d.seat if e.who == "offender" else partner_of(d.seat)
                lifts = d.irregularity != BARRED_BID
                state.barred[who] = _Bar(d.number, lifts)
                until = (
                    f"until {names(adversaries_of(who))} bids or doubles" if lifts else "for the rest of the auction"
                )
                d.then.append(f"{SEAT_NAMES[who]} may not bid or double {until}.")
            elif e.kind == "score" and e.amount is not None:
                d.points.append(Points(side, e.amount, f"{remedy.title} (call {d.number})", remedy.cites, d.number))
                d.then.append(f"{PAIR_NAMES[side]} score {e.amount} above the line{cites_text(remedy.cites)}.")
            elif e.kind == "other" and word == FINAL_DECLARATION:
                self.final_declaration(d)
            elif e.kind == "other" and word == CANCELLED:
                self.cancel(d)
        if word is not None and len(d.then) == said:
            d.then.append("The call stands as made.")

    def correct(self, d: _Draft) -> bool:
        """The bid made sufficient in its own declaration (seven, for an impossible bid);
        False when that cannot be done."""
        state, call = self.state, d.call
        if call is None or call.level is None or call.denomination is None:
            return False
        if state.bidder != d.seat or state.bid != (call.level, call.denomination):
            d.then.append("The checker cannot carry it out: another bid has come since; call the director or umpire.")
            return False
        before = d.before.bid if d.before is not None else None
        denomination = call.denomination
        if d.irregularity == IMPOSSIBLE:
            level: int | None = MAX_LEVEL
            if before is not None and not outranks(self.code, (MAX_LEVEL, denomination), before):
                level = None
        else:
            level = lowest_sufficient(self.code, denomination, before) if before else None
        if level is None:
            d.then.append(
                f"No bid of seven or fewer {denomination_label(denomination)} outranks "
                f"{contract_words(*(before or (call.level, denomination)), 'undoubled')}, so it cannot be carried out; "
                "the code does not say what then: call the director or umpire."
            )
            return False
        state.bid = (level, denomination)
        state.bids[-1] = (d.seat, state.bid, d.number)
        d.then.append(f"{SEAT_NAMES[d.seat]}'s bid is now {contract_words(level, denomination, 'undoubled')}.")
        return True

    def final_declaration(self, d: _Draft) -> None:
        state = self.state
        last = next(((s, b) for s, b, n in reversed(state.bids) if n < d.number and not are_partners(s, d.seat)), None)
        if last is None:
            d.then.append("The side not in fault has made no bid to make final: call the director or umpire.")
            return
        seat, bid = last
        state.bid, state.bidder = bid, seat
        state.doubled_by = state.redoubled_by = None
        state.ended = "closed"
        d.then.append(
            f"{SEAT_NAMES[seat]}'s {contract_words(*bid, 'undoubled')} becomes the final bid: the auction ends."
        )

    def cancel(self, d: _Draft) -> None:
        before, state = d.before, self.state
        if before is None or (state.bids and state.bids[-1][2] > d.number):
            d.then.append("The checker cannot cancel it: another bid has come since; call the director or umpire.")
            return
        for name in ("bid", "bidder", "doubled_by", "redoubled_by", "first_named", "bids"):
            setattr(state, name, copy.deepcopy(getattr(before, name)))
        d.then.append(
            "The call is cancelled. The code does not say whether the offender calls again; the checker reads his "
            "turn as spent."
        )

    # ------------------------------------------------ the result

    def finding(self, d: _Draft) -> Finding:
        about = d.about
        ruling: Ruling | NextQuestion | None = None
        remedy = None
        options: list[Option] = []
        chooser: tuple[str, ...] = ()
        until = None
        facts = dict(d.facts)
        if d.window and d.closed_by is not None and d.claim is None or d.status == "claimed-too-late":
            facts = _claimed(facts, d.window, first=False)
        if about is not None and about.irregularity is not None:
            facts = _asked(about.irregularity, facts)
            ruling = _rule(about, facts, open_claim=d.window if d.is_open else None)
            remedy = ruling.remedy if isinstance(ruling, Ruling) else None
            if isinstance(ruling, Ruling):  # only the facts on the way to the ruling, not those it passed by
                on_path = {step.question.id for o in ruling.outcomes for step in o.steps if not step.assumed}
                facts = {q: a for q, a in facts.items() if q in on_path}
            penalty = self.claimed_remedy(d) if d.claimable else None
            if penalty is not None:
                options = _choices(penalty)
                chooser = _chooser(penalty, d.seat)
                until = penalty.options.until if penalty.options else None
            if d.window:
                gone = _remedy_on(about, _claimed(facts, d.window, first=False))
                if gone is not None:
                    options.append(Option(None, gone.now, gone.id, gone.title, True))
                deadline = f"before {names(adversaries_of(d.seat))} calls"
                until = f"{deadline}; the code: {until}" if until else deadline
        return Finding(
            irregularity=d.irregularity,
            title=d.title,
            call=d.number,
            seat=d.seat,
            summary=d.summary,
            facts=MappingProxyType(facts),
            ruled_by=about.code.id if about is not None and about.code is not None else None,
            cites=about.cites if about is not None else d.cites,
            status=d.status,
            verdict=self.verdict(d, remedy),
            ruling=ruling,
            remedy=remedy,
            options=tuple(options),
            chooser=chooser,
            until=until,
            claim=d.claim,
            then=tuple(d.then),
            points=tuple(d.points),
            unsure=remedy.unsure if remedy is not None and about and about.code else None,
        )

    def verdict(self, d: _Draft, remedy: Remedy | None) -> str:
        """The finding in one sentence: what the code says of it now."""
        if d.said is not None:
            return d.said
        adversaries = names(_chooser(self.claimed_remedy(d), d.seat) if d.claimable else adversaries_of(d.seat))
        if d.status == "claimed" and d.claim is not None:
            who = SEAT_NAMES[d.claim.seat] if d.claim.seat else adversaries
            claimed = self.claimed_remedy(d)
            chosen = [o.title for o in (_choices(claimed) if claimed else []) if o.word == d.claim.word]
            what = chosen[0].rstrip(".") if chosen else d.claim.word  # the option as the code words it, not its id
            return f"Claimed by {who} in time: {what[:1].lower()}{what[1:]}."
        if d.status == "too-late" and d.closed_by is not None:
            closer = self.judgements[d.closed_by - 1]
            return (
                f"The penalty was not claimed in time: {SEAT_NAMES[closer.seat]} called ({closer.words}, call "
                f"{closer.number}) before anyone claimed it, so it is gone and the call stands as made."
            )
        if d.status == "for-the-director" and d.closed_by is not None and remedy is not None:
            closer = self.judgements[d.closed_by - 1]
            return (
                f"Not claimed before {SEAT_NAMES[closer.seat]} called ({closer.words}, call {closer.number}); "
                f"under this code that does not settle it: {remedy.title[0].lower()}{remedy.title[1:]}."
            )
        if d.status == "claimed-too-late" and d.claim is not None:
            return (
                f"Claimed too late (after call {d.claim.after}): the penalty was gone once an adversary had called, "
                "so the call stands as made."
            )
        if d.status == "open":
            return f"{adversaries} may still claim the penalty, before either of them calls."
        if d.status == "not-chosen":
            return f"No choice is recorded: {adversaries} may choose, and the code sets no time for it here."
        if remedy is not None:
            return f"{remedy.title}."
        ruling = _rule(d.about, d.facts) if d.about is not None else None
        if isinstance(ruling, Ruling):
            keyed = []
            for o in ruling.outcomes:
                key = "; ".join(f"{s.answer.label.lower()}" for s in o.assumed)
                keyed.append(f"If {key}: {o.remedy.title}." if key else f"{o.remedy.title}.")
            asked = " ".join(dict.fromkeys(q.ask for q in ruling.unsure))
            return f"It turns on what the calls do not show: {asked} {' '.join(keyed)}"
        if d.status == "for-the-director":
            return "The code does not settle it: call the director or umpire."
        return "No penalty."

    def result(self) -> Auction:
        for d in self.drafts:  # whether an adversary of the insufficient bidder has bid or doubled since
            if d.irregularity == INSUFFICIENT and d.about is not None and d.about.irregularity is not None:
                acted = any(
                    j.number > d.number and not are_partners(j.seat, d.seat) and j.call.kind in ("bid", "double")
                    for j in self.judgements
                )
                d.facts.update(_asked(d.about.irregularity, {ADVERSARY_ACTED: "yes" if acted else "no"}))
        findings = [self.finding(d) for d in self.drafts]
        judgements = [
            replace(j, findings=tuple(f for f in findings if f.call == j.number), next=self.next.get(j.number))
            for j in self.judgements
        ]
        return _result(self.code, self.dealer, self.items, judgements, findings, self.state, self.ranking_cites)


def check_auction(code: Code, dealer: str, calls: Sequence[Call]) -> Auction:
    """Judge every call in order under ``code``, carrying out each claim where it was made;
    see the module docstring."""
    require_checkable(code)
    checker = _Checker(code, parse_seat(dealer, "dealer"))
    for item in calls:
        checker.read(item)
    return checker.result()


def _result(code, dealer, calls, judgements, findings, state, ranking_cites) -> Auction:
    contract = declarant = dummy = leader = None
    notes: list[str] = []
    next_dealer = None
    status_cites: tuple[Citation, ...] = ()
    if state.ended == "passed-out":
        rule, status_cites, _ = _rule_word(code, "passed-out")
        if rule == NEXT_DEALER:
            next_dealer = left_of(dealer)
            status = (
                f"Passed out: all four players passed; the hand is abandoned and the next dealer, "
                f"{SEAT_NAMES[next_dealer]}, deals{cites_text(status_cites)}."
            )
        else:
            opening, status_cites, _ = _rule_word(code, "dealer-opening")
            status = "Passed out: all four players passed; there is no contract." + (
                f" Under this code the dealer must open the bidding{cites_text(status_cites)}, and it has no rule "
                "for a deal passed out: call the director or umpire."
                if opening == MUST_BID
                else " The code does not say who deals next."
            )
    elif state.ended == "new-deal":
        status = "Ended: a new deal was chosen as the penalty."
    elif state.ended == "closed":
        _, status_cites, _ = _rule_word(code, "auction-end")
        status = f"Closed: three passes in a row after the last bid, double or redouble{cites_text(status_cites)}."
    elif state.bid is None:
        status = (
            f"Open: no bid yet; {4 - state.passes} more pass{'es' if 4 - state.passes != 1 else ''} "
            "would pass the deal out."
            if state.calls
            else "Open: no call yet."
        )
    else:
        needed = max(3 - state.passes, 4 - state.calls)
        status = f"Open: {NUMBERS[needed]} more pass{'es' if needed != 1 else ''} in a row would close it."
    if state.bid is not None and state.ended != "new-deal":
        level, denomination = state.bid
        side = PARTNERSHIPS[state.bidder]
        if level > MAX_LEVEL:
            notes.append(
                f"The last bid, {contract_words(level, denomination, 'undoubled')}, names more tricks than there are: "
                "no contract can be played on it; call the director or umpire."
            )
        else:
            words = contract_words(level, denomination, state.doubling)
            contract = Contract(level, denomination, state.doubling, side, words)
            first = state.first_named.get((side, denomination), state.bidder)
            why = f"the first of {PAIR_NAMES[side]} to name {denomination_label(denomination)}" + (
                f"; the final bid was {SEAT_NAMES[state.bidder]}'s" if first != state.bidder else ""
            )
            declarant = Role(first, why, _topic_laws(code, "declarant"))
            dummy = Role(partner_of(first), "the declarant's partner", declarant.cites)
            leader = Role(left_of(first), "the adversary on the declarant's left", _topic_laws(code, "leader"))
    ranking = str(code.score_values["bid-ranking"].value)
    return Auction(
        code=code.id,
        dealer=dealer,
        calls=tuple(calls),
        judgements=tuple(judgements),
        ended=state.ended,
        status=status,
        status_cites=tuple(status_cites),
        contract=contract,
        declarant=declarant,
        dummy=dummy,
        leader=leader,
        findings=tuple(findings),
        ranking=ranking,
        ranking_cites=tuple(ranking_cites),
        next_call=None if state.ended else state.turn,
        next_dealer=next_dealer,
        points=tuple(p for f in findings for p in f.points),
        notes=tuple(notes),
    )


RANKING_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "value-then-tricks": "by value in points (tricks times the trick value); at equal value, more tricks rank higher",
        "tricks-then-value": "by tricks first; at equal tricks, the higher-valued declaration",
    }
)


def fact_sentences(code: Code, finding: Finding) -> list[str]:
    """What the sequence shows of a finding, as the ruling words each fact (its answer's
    ``fact``, else the question and the answer)."""
    try:
        _, irregularity, _ = find_irregularity(code, finding.irregularity or "")
    except UnknownIrregularity:
        return []
    out = []
    for q, a in finding.facts.items():
        question = irregularity.questions.get(q)
        answer = question.answer(a) if question is not None else None
        if question is not None and answer is not None:
            out.append(answer.fact or f"{question.ask} {answer.label}.")
    return out
