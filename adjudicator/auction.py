"""The auction checker: the dealer and the calls in order in; each call judged, the end of the
auction, the final contract, the declarant, dummy and the leader out, with every
irregularity found and the facts the sequence already answers for its adjudication.

Pure (dataclasses in, dataclasses out). Calls are judged by the chosen code's data: its
declarations and their values (``trick-value``) and its ``bid-ranking`` rule
(``value-then-tricks`` or ``tricks-then-value``); the checker knows no code by name. A
code without both values cannot be checked. Laws are cited from those values, from the
irregularities the code defines, and from the laws tagged with a topic.

How the checker reads the rest of a sequence after an irregular call (it must assume
something to go on) is stated in each finding's ``assumed`` sentence; whether the penalty
was claimed in time is for the adjudication, which the finding links to.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from adjudicator.engine import find_irregularity
from adjudicator.errors import UnknownIrregularity
from adjudicator.model import Citation, Code, Library, id_words
from adjudicator.scoring import (
    LETTERS,
    NUMBERS,
    TableError,
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

# the facts a sequence of calls settles, by the question ids the auction codes share
WHICH_CALL = "which-call"
ADVERSARY_ACTED = "adversary-overcalled-or-doubled"
WHICH_ILLEGAL_CALL = "which-illegal-call"

# laws found by topic where the code's values do not cite them
TOPICS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "declarant": ("declarer", "declarer-determination"),
        "leader": ("opening-lead",),
        "doubling": ("illegal-double",),
    }
)


class CallError(TableError):
    """A call that cannot be read."""

    kind = "call"


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


def parse_seat(text: str, field: str = "seat") -> str:
    seat = text.strip().upper()[:1]
    if seat not in SEATS or text.strip().lower() not in {seat.lower(), SEAT_NAMES.get(seat, "").lower()}:
        raise CallError(
            f"{field} must be N, E, S or W (North, East, South, West), not {text!r}",
            field=field,
            value=text,
            choices=SEATS,
        )
    return seat


@dataclass(frozen=True, slots=True)
class Call:
    """A call as made: its kind, for a bid the level and declaration, and the seat that made
    it when the sequence says so (None: whoever's turn it was)."""

    kind: str  # "bid", "pass", "double" or "redouble"
    level: int | None = None
    denomination: str | None = None
    seat: str | None = None

    def token(self) -> str:
        word = {"pass": "P", "double": "X", "redouble": "XX"}.get(self.kind)
        if word is None:
            word = f"{self.level}{letter_of(self.denomination or '')}"
        return f"{self.seat}:{word}" if self.seat else word


def call_words(call: Call) -> str:
    if call.kind == "bid":
        return contract_words(call.level or 0, call.denomination or "", "undoubled")
    return call.kind


_BID = re.compile(r"^(?P<level>[0-9]+)\s*(?P<denomination>NT|[A-Z])$")
_WORDS = {"P": "pass", "PASS": "pass", "NO": "pass", "X": "double", "D": "double", "DOUBLE": "double",
          "XX": "redouble", "R": "redouble", "RD": "redouble", "REDOUBLE": "redouble"}  # fmt: skip


def parse_call(token: str, code: Code) -> Call:
    """``1H``, ``2NT``, ``P`` (pass), ``X`` (double), ``XX`` (redouble); ``S:1H`` names the seat."""
    text = token.strip()
    seat = None
    if ":" in text:
        where, _, text = text.partition(":")
        seat = parse_seat(where)
    word = text.strip().upper()
    if word in _WORDS:
        return Call(_WORDS[word], seat=seat)
    match = _BID.match(word)
    if not match:
        raise CallError(
            f"not a call: {token!r}; write a bid such as 1H or 2NT ({_letter_list(code)}), P to pass, "
            "X to double, XX to redouble; S:1H names the seat",
            field="call",
            value=token,
        )
    level = int(match["level"])
    if level < 1:
        raise CallError(f"a bid names one to seven tricks over the book, not {level}", field="call", value=token)
    letter = "N" if match["denomination"] == "NT" else match["denomination"]
    name = LETTERS.get(letter)
    if name is None or name not in denominations(code):
        raise CallError(
            f"{letter!r} is not a declaration of {code.id}; its declarations: {_letter_list(code)}",
            field="call",
            value=token,
            choices=[letter_of(d) for d in denominations(code)],
        )
    return Call("bid", level, name, seat)


def _letter_list(code: Code) -> str:
    return ", ".join(f"{letter_of(d)} {denomination_label(d)}" for d in denominations(code))


def parse_calls(tokens: Sequence[str] | str, code: Code) -> list[Call]:
    """Calls separated by spaces or commas (or given one by one); errors name the call by number."""
    if isinstance(tokens, str):
        tokens = [t for t in re.split(r"[\s,]+", tokens) if t]
    calls = []
    for number, token in enumerate(tokens, 1):
        for word in (t for t in re.split(r"[\s,]+", token) if t) if " " in token or "," in token else [token]:
            try:
                calls.append(parse_call(word, code))
            except CallError as exc:
                raise CallError(
                    f"call {number}: {exc}", field=exc.field, value=exc.value, choices=exc.choices
                ) from None
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
        kind = "higher" if va > vb else "lower" if va < vb else "equally"
        return f"{a} names as many tricks as {b} in a {kind}-valued declaration ({va} against {vb} a trick)"
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


# ---------------------------------------------------------------- judging


@dataclass(frozen=True, slots=True)
class Finding:
    """An irregularity in the sequence: its id (shared by the codes), the call, what
    happened in plain words, the facts the sequence answers (question id -> answer id,
    only those the ruling code asks), and how the checker read the rest."""

    irregularity: str | None  # None: no irregularity id fits (e.g. a call after the auction closed)
    title: str
    call: int  # the call's number, from 1
    seat: str
    summary: str
    facts: Mapping[str, str]
    ruled_by: str | None  # the code that rules on it (this code or its fallback); None if no code does
    assumed: str | None
    cites: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One call judged: who made it, whose turn it was, and what the code says of it."""

    number: int
    seat: str
    turn: str
    call: Call
    words: str
    verdict: str  # plain words: "sufficient: ...", "a legal double of ..."
    cites: tuple[Citation, ...]
    findings: tuple[Finding, ...] = ()

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
    closed: bool
    passed_out: bool
    status: str  # plain words: closed, passed out, or what is still needed
    contract: Contract | None
    declarant: Role | None
    dummy: Role | None
    leader: Role | None
    findings: tuple[Finding, ...]
    ranking: str
    ranking_cites: tuple[Citation, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def tokens(self) -> list[str]:
        return [c.token() for c in self.calls]


def _topic_laws(code: Code, role: str) -> tuple[Citation, ...]:
    topics = set(TOPICS[role])
    return tuple(Citation(law.number) for law in code.laws.values() if topics & set(law.topics))


def _irregularity(
    code: Code, irregularity_id: str
) -> tuple[str, str | None, tuple[Citation, ...], dict[str, set[str]]]:
    """(title, the code that rules, its citations, question id -> answer ids) for an
    irregularity id under ``code``; the title is the id in words when no code rules on it."""
    try:
        ruling, irregularity, _ = find_irregularity(code, irregularity_id)
    except UnknownIrregularity:
        return id_words(irregularity_id), None, (), {}
    cites = irregularity.cites or tuple(
        dict.fromkeys(c for remedy in irregularity.remedies.values() for c in remedy.cites)
    )
    questions = {q.id: {a.id for a in q.answers} for q in irregularity.questions.values()}
    return irregularity.title, ruling.id, cites if ruling.id == code.id else (), questions


_About = Callable[[str], tuple[str, str | None, tuple[Citation, ...], dict[str, set[str]]]]
"""``_irregularity`` for one code, each irregularity looked up once."""


def _asked(questions: Mapping[str, set[str]], facts: Mapping[str, str]) -> dict[str, str]:
    """The facts the ruling code actually asks about (``questions``), with answers it offers."""
    return {q: a for q, a in facts.items() if a in questions.get(q, set())}


class _State:
    """The auction as the checker reads it so far."""

    def __init__(self, dealer: str) -> None:
        self.turn = dealer
        self.bid: tuple[int, str] | None = None
        self.bidder: str | None = None
        self.doubled_by: str | None = None
        self.redoubled_by: str | None = None
        self.passes = 0
        self.calls = 0
        self.closed = False
        self.passed_out = False
        self.barred: dict[str, int] = {}  # seat -> number of the insufficient call that barred it
        self.first_named: dict[tuple[str, str], str] = {}  # (partnership, declaration) -> seat

    @property
    def doubling(self) -> str:
        return "redoubled" if self.redoubled_by else "doubled" if self.doubled_by else "undoubled"


def check_auction(code: Code, dealer: str, calls: Sequence[Call]) -> Auction:
    """Judge every call in order under ``code``; see the module docstring."""
    require_checkable(code)
    dealer = parse_seat(dealer, "dealer")
    ranking = code.score_values["bid-ranking"]
    ranking_cites = ranking.cites
    doubling_cites = _topic_laws(code, "doubling")
    state = _State(dealer)
    judgements: list[Judgement] = []
    findings: list[Finding] = []
    notes: list[str] = []
    rightful: str | None = None  # after a call out of turn: the player whose turn it was
    about: _About = functools.cache(functools.partial(_irregularity, code))

    def find(irregularity_id: str | None, number: int, seat: str, summary: str, facts=None, assumed=None, title=None):
        if irregularity_id is None:
            found = Finding(None, title or summary, number, seat, summary, MappingProxyType({}), None, assumed, ())
        else:
            name, ruled_by, cites, questions = about(irregularity_id)
            filled = _asked(questions, facts or {})
            found = Finding(
                irregularity_id, name, number, seat, summary, MappingProxyType(filled), ruled_by, assumed, cites
            )
        return found

    for number, call in enumerate(calls, 1):
        turn = state.turn
        seat = call.seat or turn
        problems: list[Finding] = []
        verdict = ""
        cites: tuple[Citation, ...] = ()
        name = SEAT_NAMES[seat]
        if state.closed:
            problems.append(
                find(
                    None,
                    number,
                    seat,
                    f"{name} called {call_words(call)} after the auction had closed",
                    title="A call after the auction closed",
                    assumed="The checker leaves it out: the auction had already ended.",
                )  # fmt: skip
            )
            judgements.append(
                Judgement(number, seat, turn, call, call_words(call), "after the close", (), tuple(problems))
            )
            findings.extend(problems)
            continue
        was_rightful, rightful = rightful, None
        if seat != turn and seat == was_rightful:
            notes.append(
                f"Call {number}: {name}, whose turn it was before the call out of turn, called next; "
                "the checker takes the order of calling as kept."
            )
        elif seat != turn:
            problems.append(
                find(
                    "call-out-of-turn",
                    number,
                    seat,
                    f"{name} called {call_words(call)} when it was {SEAT_NAMES[turn]}'s turn",
                    {WHICH_CALL: call.kind},
                    "The checker lets the call stand and goes on from the caller's left.",
                )
            )
            rightful = turn
        if seat in state.barred and call.kind in ("bid", "double", "redouble"):
            problems.append(
                find(
                    "bid-while-barred",
                    number,
                    seat,
                    f"{name} made a call other than a pass while barred by the penalty for his partner's "
                    f"insufficient bid (call {state.barred[seat]}), if that penalty was exacted",
                    assumed="The checker lets the call stand.",
                )
            )
        if call.kind == "pass":
            state.passes += 1
            verdict = "pass"
            if state.bid is not None and state.passes == 3 and state.calls >= 3:
                verdict = "pass: the third in a row, which closes the auction"
            elif state.bid is None and state.passes == 4:
                verdict = "pass: the fourth, and nobody has bid"
        elif call.kind == "bid":
            verdict, cites = _bid(code, state, number, seat, call, problems, find, ranking_cites)
        else:
            verdict, cites = _double(code, state, number, seat, call, problems, find, doubling_cites)
        state.calls += 1
        if state.bid is not None and state.passes >= 3 and state.calls >= 4:
            state.closed = True
        elif state.bid is None and state.passes >= 4:
            state.closed = state.passed_out = True
        state.turn = left_of(seat)
        judgements.append(Judgement(number, seat, turn, call, call_words(call), verdict, cites, tuple(problems)))
        findings.extend(problems)

    # insufficient bids: did an adversary of the offender bid or double afterwards?
    findings = [_settle_later(f, judgements, about) for f in findings]
    judgements = [replace(j, findings=tuple(f for f in findings if f.call == j.number)) for j in judgements]
    return _result(code, dealer, calls, judgements, findings, state, notes, ranking_cites)


def _bid(code, state, number, seat, call, problems, find, ranking_cites):
    name = SEAT_NAMES[seat]
    new = (call.level, call.denomination)
    if call.level > MAX_LEVEL:
        seven = (MAX_LEVEL, call.denomination)
        usable = state.bid is None or outranks(code, seven, state.bid)
        problems.append(
            find(
                "impossible-bid",
                number,
                seat,
                f"{name} bid {call_words(call)}: more than seven tricks over the book cannot be made",
                assumed=(
                    f"The checker reads it as {contract_words(*seven, 'undoubled')} (one of the penalties "
                    "some codes give) to go on."
                    if usable
                    else "The checker leaves it out: not even seven in that declaration would be sufficient."
                ),
            )
        )
        if usable:
            _take_bid(state, seat, seven)
        state.passes = 0
        return "impossible: more than seven", ()
    if state.bid is not None and not outranks(code, new, state.bid):
        reason = ranking_reason(code, new, state.bid)
        level = lowest_sufficient(code, call.denomination, state.bid)
        if level is not None:
            assumed = (
                f"The checker reads it as {contract_words(level, call.denomination, 'undoubled')}, the lowest "
                f"sufficient bid in the same declaration, with {SEAT_NAMES[partner_of(seat)]} barred until an "
                "adversary bids or doubles."
            )
        else:
            assumed = "The checker leaves it out: no bid in that declaration would be sufficient."
        problems.append(
            find(
                "insufficient-bid",
                number,
                seat,
                f"{name} bid {call_words(call)}, which does not outrank "
                f"{contract_words(*state.bid, 'undoubled')}: {reason}",
                assumed=assumed,
            )
        )
        if level is not None:
            _take_bid(state, seat, (level, call.denomination))
            state.barred[partner_of(seat)] = number
        state.passes = 0
        return f"insufficient: {reason}", tuple(ranking_cites)
    verdict = (
        f"sufficient: {ranking_reason(code, new, state.bid)}" if state.bid is not None else "the first bid: sufficient"
    )
    _take_bid(state, seat, new)
    state.passes = 0
    return verdict, tuple(ranking_cites)


def _take_bid(state: _State, seat: str, bid: tuple[int, str]) -> None:
    state.bid = bid
    state.bidder = seat
    state.doubled_by = state.redoubled_by = None
    state.first_named.setdefault((PARTNERSHIPS[seat], bid[1]), seat)
    for barred in [s for s in state.barred if not are_partners(s, seat)]:
        del state.barred[barred]  # an adversary of the barred player has bid


def _double(code, state, number, seat, call, problems, find, doubling_cites):
    name = SEAT_NAMES[seat]
    state.passes = 0
    if call.kind == "double":
        problem, answer = None, None
        if state.bid is None:
            problem = "there is no bid to double"
        elif are_partners(seat, state.bidder):
            problem, answer = "a player may not double his own side's bid", "doubled-own-side"
        elif state.doubled_by is not None:
            problem = "the bid is already doubled: each side doubles once"
        if problem is None:
            state.doubled_by = seat
            for barred in [s for s in state.barred if not are_partners(s, seat)]:
                del state.barred[barred]  # an adversary of the barred player has doubled
            target = f"{SEAT_NAMES[state.bidder]}'s {contract_words(*state.bid, 'undoubled')}"
            return f"a legal double of {target}, an adversary's bid", doubling_cites
    else:
        problem, answer = None, None
        if state.bid is None:
            problem = "there is no bid to redouble"
        elif state.redoubled_by is not None:
            problem, answer = "the bid is already redoubled: a bid is redoubled once", "redoubled-twice"
        elif state.doubled_by is None:
            problem = "the bid has not been doubled"
        elif not are_partners(seat, state.bidder):
            problem = "only the side whose bid was doubled may redouble"
            answer = (
                "redoubled-partner-double"
                if are_partners(seat, state.doubled_by) and seat != state.doubled_by
                else None
            )
        if problem is None:
            state.redoubled_by = seat
            target = f"{SEAT_NAMES[state.bidder]}'s {contract_words(*state.bid, 'undoubled')}"
            return f"a legal redouble of {target}, doubled by {SEAT_NAMES[state.doubled_by]}", doubling_cites
    facts = {WHICH_ILLEGAL_CALL: answer} if answer else {}
    problems.append(
        find(
            "illegal-double",
            number,
            seat,
            f"{name}'s {call.kind}: {problem}",
            facts,
            "The checker does not count it in the contract; whether it stands is for the adjudication.",
        )
    )
    return f"not allowed: {problem}", doubling_cites


def _settle_later(finding: Finding, judgements: list[Judgement], about: _About) -> Finding:
    """For an insufficient bid: whether an adversary of the offender has since bid or doubled."""
    if finding.irregularity != "insufficient-bid":
        return finding
    acted = any(
        j.number > finding.call and not are_partners(j.seat, finding.seat) and j.call.kind in ("bid", "double")
        for j in judgements
    )
    settled = _asked(about("insufficient-bid")[3], {ADVERSARY_ACTED: "yes" if acted else "no"})
    return replace(finding, facts=MappingProxyType({**finding.facts, **settled}))


def _result(code, dealer, calls, judgements, findings, state, notes, ranking_cites) -> Auction:
    contract = declarant = dummy = leader = None
    if state.passed_out:
        status = "Passed out: all four players passed; there is no contract."
        notes.append(
            "Whether the dealer may pass at all depends on the code: in some the dealer must open the bidding."
        )
    elif state.closed:
        status = "Closed: three passes in a row after the last bid, double or redouble."
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
    if state.bid is not None:
        level, denomination = state.bid
        side = PARTNERSHIPS[state.bidder]
        words = contract_words(level, denomination, state.doubling)
        contract = Contract(level, denomination, state.doubling, side, words)
        first = state.first_named[(side, denomination)]
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
        closed=state.closed,
        passed_out=state.passed_out,
        status=status,
        contract=contract,
        declarant=declarant,
        dummy=dummy,
        leader=leader,
        findings=tuple(findings),
        ranking=ranking,
        ranking_cites=tuple(ranking_cites),
        notes=tuple(notes),
    )


RANKING_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "value-then-tricks": "by value in points (tricks times the trick value); at equal value, more tricks rank higher",
        "tricks-then-value": "by tricks first; at equal tricks, the higher-valued declaration",
    }
)


def auction_lines(result: Auction, code: Code) -> list[str]:
    """The checked auction in plain text: each call, the outcome, the irregularities."""
    lines = [
        f"Auction under {code.title} ({code.year}); {SEAT_NAMES[result.dealer]} dealt",
        f"Bids rank {RANKING_WORDS.get(result.ranking, result.ranking)}{cites_text(result.ranking_cites)}",
        "",
    ]
    for j in result.judgements:
        turn = "" if j.seat == j.turn else f" (it was {SEAT_NAMES[j.turn]}'s turn)"
        lines.append(f"  {j.number:>2}. {SEAT_NAMES[j.seat]:5} {j.words:22} {j.verdict}{cites_text(j.cites)}{turn}")
        for f in j.findings:
            lines.append(f"      ! {f.title}: {f.summary}{cites_text(f.cites)}")
            if f.facts:
                lines.append("        facts: " + ", ".join(f"{q}={a}" for q, a in f.facts.items()))
            if f.assumed:
                lines.append(f"        {f.assumed}")
    lines += ["", result.status]
    if result.contract is not None:
        lines.append(f"Contract: {result.contract.words}, by {PAIR_NAMES[result.contract.side]}")
    for label, role in (("Declarant", result.declarant), ("Dummy", result.dummy), ("Leader", result.leader)):
        if role is not None:
            lines.append(f"{label}: {SEAT_NAMES[role.seat]} ({role.why}){cites_text(role.cites)}")
    lines += list(result.notes)
    return lines
