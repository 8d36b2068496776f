"""The Auction score sheet: hands in; entries above and below the line out, each figure
with the law it rests on; games and rubbers as they complete, the rubber bonus, the totals,
the plus-and-minus settlement and the time-limit (party) scoring.

Pure (dataclasses in, dataclasses out, no I/O). Every figure comes from the chosen code's
``scoring.values``, whose ids are shared by every auction code (``trick-value``,
``honours-multiple``, ``undertrick``, ``game``, ``rubber-bonus`` ...); the scorer knows no
code by name. A code without ``trick-value`` and ``game`` cannot be scored at all; a figure
a code lacks (or gives as a word such as ``unknown`` instead of a number) is shown as
unknown, with the code's note, and is never invented.

What is fixed here is what makes the game Auction in every code: six tricks of book,
thirteen tricks, two games a rubber, trick points below the line only for a contract made,
honours as held, slams for either side.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from adjudicator.errors import NotOffered, SheetError
from adjudicator.model import Citation, Code, Library, whole_number

SIDES = ("we", "they")
SIDE_LABELS: Mapping[str, str] = MappingProxyType({"we": "We", "they": "They"})
BOOK = 6
TRICKS = 13
GAMES_IN_RUBBER = 2
DOUBLINGS = ("undoubled", "doubled", "redoubled")
DOUBLING_MARKS: Mapping[str, str] = MappingProxyType({"undoubled": "", "doubled": "X", "redoubled": "XX"})
DEFAULT_DOUBLING_MULTIPLE: Mapping[str, int] = MappingProxyType({"undoubled": 1, "doubled": 2, "redoubled": 4})
"""What doubling means (twice, four times the trick value), used only when a code's data has
no ``doubling-multiple`` value; the figure then says so."""
NO_TRUMP = "no-trump"
HONOUR_HOLDINGS = (
    "three",
    "four-divided",
    "five-divided",
    "four-in-one-hand",
    "four-in-one-hand-fifth-in-partners",
    "five-in-one-hand",
)
ACE_HOLDINGS = ("three", "four-divided", "four-in-one-hand")
HOLDING_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "three": "three (simple honours), however held",
        "four-divided": "four, divided between partners",
        "five-divided": "five, divided between partners",
        "four-in-one-hand": "four in one hand",
        "four-in-one-hand-fifth-in-partners": "four in one hand, the fifth in partner's",
        "five-in-one-hand": "five in one hand",
    }
)
ACE_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "three": "three aces, however held",
        "four-divided": "four aces, divided",
        "four-in-one-hand": "four aces in one hand",
    }
)
LETTERS: Mapping[str, str] = MappingProxyType(
    {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "R": "royal-spades", "N": NO_TRUMP}
)
"""One letter for each declaration id shared by the auction codes (R: royal spades)."""
NUMBERS = (
    "nil", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
)  # fmt: skip
NOT_APPLICABLE = "not-applicable"
"""A value given as this word: the code has no such score (no limit, nothing entered)."""


def offered(library: Library, missing: Callable[[Code], list[str]]) -> list[Code]:
    """The codes of ``library`` that lack nothing (``missing`` lists what a code lacks)."""
    return [code for code in library.codes.values() if not missing(code)]


def require(code: Code, tool: str, missing: Callable[[Code], list[str]], library: Library | None = None) -> None:
    lacking = missing(code)
    if lacking:
        raise NotOffered(code.id, tool, lacking, [c.id for c in offered(library, missing)] if library else [])


# ---------------------------------------------------------------- what the code says


def missing_values(code: Code) -> list[str]:
    """The required values the code lacks: ``trick-value`` by declaration, ``game`` a number."""
    missing = [] if _numbers(code, "trick-value") else ["trick-value"]
    if look(code, "game").number is None:
        missing.append("game")
    return missing


def scorable_codes(library: Library) -> list[Code]:
    return offered(library, missing_values)


def require_scorable(code: Code, library: Library | None = None) -> None:
    require(code, "score sheet", missing_values, library)


def trick_values(code: Code) -> Mapping[str, int]:
    """The value of one trick in each declaration the code has."""
    return _numbers(code, "trick-value")


def _numbers(code: Code, value_id: str) -> Mapping[str, int]:
    """A value keyed by id (only its whole numbers)."""
    found = code.score_values.get(value_id)
    if found is None or not isinstance(found.value, Mapping):
        return {}
    return {k: v for k, v in found.value.items() if isinstance(v, int)}


def denominations(code: Code) -> list[str]:
    """The declarations the code scores, cheapest first (the order of their trick values)."""
    values = _numbers(code, "trick-value")
    return sorted(values, key=lambda d: (values[d], d))


def denomination_label(denomination: str) -> str:
    return "no trumps" if denomination == NO_TRUMP else denomination.replace("-", " ")


def letter_of(denomination: str) -> str:
    for letter, name in LETTERS.items():
        if name == denomination:
            return letter
    raise SheetError(f"no letter for the declaration {denomination!r}", field="denomination", value=denomination)


@dataclass(frozen=True, slots=True)
class Looked:
    """A figure looked up in the code's values: the number (None when the code has none),
    the laws it rests on, the value's note, and the ids looked at."""

    number: int | None
    cites: tuple[Citation, ...]
    note: str | None
    ids: tuple[str, ...]
    why_unknown: str | None = None
    applies: bool = True  # False: the code gives the value as "not-applicable"
    unsure: str | None = None  # why the sources do not confirm the figure


def look(code: Code, value_id: str, key: str | None = None) -> Looked:
    found = code.score_values.get(value_id)
    if found is None:
        return Looked(None, (), None, (value_id,), f"this code's scoring data has no {value_id!r} figure")
    raw = found.value
    if key is not None:
        if not isinstance(raw, Mapping):
            return Looked(None, found.cites, found.note, (value_id,), f"{value_id!r} is not given by {key!r}")
        if key not in raw:
            return Looked(None, found.cites, found.note, (value_id,), f"{value_id!r} gives no figure for {key!r}")
        raw = raw[key]
    if raw == NOT_APPLICABLE:
        return Looked(None, found.cites, found.note, (value_id,), None, applies=False, unsure=found.unsure)
    if isinstance(raw, bool) or not isinstance(raw, int):
        why = f"{value_id!r} is given as {raw!r}, not a number"
        return Looked(None, found.cites, found.note, (value_id,), why, unsure=found.unsure)
    return Looked(raw, found.cites, found.note, (value_id,), unsure=found.unsure)


def rule_word(code: Code, value_id: str) -> str | None:
    """A value given as a rule word (``honours``, ``each-as-first``); None if absent or a number."""
    found = code.score_values.get(value_id)
    return found.value if found is not None and isinstance(found.value, str) else None


def _both(first: Looked, second: Looked) -> tuple[tuple[Citation, ...], tuple[str, ...]]:
    cites = tuple(dict.fromkeys((*first.cites, *second.cites)))
    return cites, (*first.ids, *second.ids)


# ---------------------------------------------------------------- hands


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours as held (not as won): the side that held the majority, and how they were split."""

    side: str
    holding: str


@dataclass(frozen=True, slots=True)
class Revoke:
    """Established revokes by one side in the hand: the side, how many, and the declarer's
    choice of penalty (``tricks`` or ``points``) for his adversaries' revokes, where the
    code gives him one (``revoke-penalty-tricks``)."""

    side: str
    count: int = 1
    choice: str | None = None

    def token(self) -> str:
        parts = ["r", self.side]
        if self.count != 1:
            parts.append(str(self.count))
        if self.choice is not None:
            parts.append(self.choice)
        return ".".join(parts)


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points another law puts in the honour column (a code's ``penalty-ID`` value): the
    side that scores them and the id."""

    side: str
    penalty: str

    def token(self) -> str:
        return f"p.{self.side}.{self.penalty}"


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as entered: who declared what, how it was doubled, how many tricks the
    declaring side took in play (all thirteen counted), honours as held, chicane, the
    established revokes and the penalties other laws put in the honour column."""

    declarer: str
    level: int
    denomination: str
    doubling: str
    tricks: int
    honours: Honours | None = None
    chicane: str | None = None
    revokes: tuple[Revoke, ...] = ()
    penalties: tuple[Penalty, ...] = ()

    @property
    def needed(self) -> int:
        return BOOK + self.level

    @property
    def made(self) -> bool:
        """Made by the tricks taken in play (tricks taken for a revoke aside)."""
        return self.tricks >= self.needed

    @property
    def contract(self) -> str:
        return f"{self.level}{letter_of(self.denomination)}{DOUBLING_MARKS[self.doubling]}"

    def token(self) -> str:
        """The hand as one URL-safe word: ``we.3HX.11.h.we.three.c.they.r.they.tricks``."""
        parts = [self.declarer, self.contract, str(self.tricks)]
        if self.honours is not None:
            parts += ["h", self.honours.side, self.honours.holding]
        if self.chicane is not None:
            parts += ["c", self.chicane]
        parts += [r.token() for r in self.revokes]
        parts += [p.token() for p in self.penalties]
        return ".".join(parts)


UNPLAYED: Mapping[str, str] = MappingProxyType({"passed": "passed-out", "void": "void-deal"})
"""The words for a deal that is not scored, and the code's value that says so."""


@dataclass(frozen=True, slots=True)
class Unplayed:
    """A deal that scores nothing: passed out (``passed``: all four passed, where the code
    lets the dealer pass) or void (``void``), with any penalty points entered for it."""

    kind: str  # "passed" | "void"
    penalties: tuple[Penalty, ...] = ()

    @property
    def declarer(self) -> None:
        return None

    def token(self) -> str:
        return ".".join([self.kind, *(p.token() for p in self.penalties)])


Entry = Hand | Unplayed
"""One line of the score sheet."""


def contract_words(level: int, denomination: str, doubling: str) -> str:
    """``three hearts doubled``, ``one spade``, ``one no trump``."""
    suit = denomination_label(denomination)
    suit = suit[:-1] if level == 1 and suit.endswith("s") else suit
    words = f"{NUMBERS[level] if level < len(NUMBERS) else level} {suit}"
    return words if doubling == "undoubled" else f"{words} {doubling}"


TIMES = ("", "once", "twice", "three times")


def _times(count: int) -> str:
    return TIMES[count] if count < len(TIMES) else f"{count} times"


def hand_words(hand: Entry) -> str:
    """``We: three hearts doubled, eleven tricks (made five)``; ``Passed out``."""
    if isinstance(hand, Unplayed):
        what = "Passed out" if hand.kind == "passed" else "A void deal"
        return f"{what}: {'only the penalties entered are scored' if hand.penalties else 'nothing is scored'}"
    result = hand.tricks - BOOK
    if hand.made:
        outcome = f"made {NUMBERS[result]}" if result > 0 else "made"
    else:
        outcome = f"{NUMBERS[hand.needed - hand.tricks]} down"
    if hand.revokes:  # tricks taken for a revoke may change it: the figures say how it ends
        outcome += " in the play"
    tricks = NUMBERS[hand.tricks] if hand.tricks < len(NUMBERS) else str(hand.tricks)
    words = (
        f"{SIDE_LABELS[hand.declarer]}: {contract_words(hand.level, hand.denomination, hand.doubling)}, "
        f"{tricks} trick{'s' if hand.tricks != 1 else ''} ({outcome})"
    )
    for r in hand.revokes:
        chose = {
            "tricks": "; the declarer took the penalty in tricks",
            "points": "; the declarer took the penalty in points",
        }.get(r.choice or "", "")
        words += f"; {SIDE_LABELS[r.side]} revoked {_times(r.count)}{chose}"
    return words


_CONTRACT = re.compile(
    r"^(?P<level>[0-9]+)(?P<letter>NT|[A-Za-z])(?P<x>x{0,2})$", re.IGNORECASE
)  # 3NT as 3N, as the checker reads it


def parse_contract(text: str, code: Code) -> tuple[int, str, str]:
    """``3HX`` -> (3, "hearts", "doubled"), checked against the code's declarations."""
    match = _CONTRACT.match(text.strip())
    if not match:
        raise SheetError(
            f"not a contract: {text!r}; write the level, a letter ({', '.join(_letters(code))}) "
            "and X for doubled or XX for redoubled, e.g. 3HX",
            field="contract",
            value=text,
        )
    level = int(match["level"])
    if not 1 <= level <= 7:
        raise SheetError(f"a contract is one to seven tricks over the book, not {level}", field="level", value=text)
    letter = match["letter"].upper()
    denomination = _denomination("N" if letter == "NT" else letter, code)
    doubling = DOUBLINGS[len(match["x"])]
    return level, denomination, doubling


def _letters(code: Code) -> list[str]:
    return [letter_of(d) for d in denominations(code) if d in LETTERS.values()]


def _denomination(letter: str, code: Code) -> str:
    name = LETTERS.get(letter)
    if name is None or name not in denominations(code):
        choices = [f"{letter_of(d)} ({denomination_label(d)})" for d in denominations(code) if d in LETTERS.values()]
        raise SheetError(
            f"{letter!r} is not a declaration of {code.title}; its declarations: {', '.join(choices)}",
            field="denomination",
            value=letter,
            choices=_letters(code),
        )
    return name


def _side(text: str, field: str) -> str:
    side = text.strip().lower()
    if side not in SIDES:
        raise SheetError(f"{field} must be 'we' or 'they', not {text!r}", field=field, value=text, choices=SIDES)
    return side


def holdings_for(denomination: str) -> tuple[str, ...]:
    return ACE_HOLDINGS if denomination == NO_TRUMP else HONOUR_HOLDINGS


PENALTY_PREFIX = "penalty-"
REVOKE_CHOICES = ("tricks", "points")


def penalty_ids(code: Code) -> list[str]:
    """The penalties other laws put in the honour column, as the sheet names them: every
    ``penalty-ID`` value of the code that is a number."""
    return [
        vid[len(PENALTY_PREFIX) :]
        for vid, v in code.score_values.items()
        if vid.startswith(PENALTY_PREFIX) and isinstance(v.value, int) and not isinstance(v.value, bool)
    ]


def _penalties(code: Code, penalties: Iterable[tuple[str, str]]) -> tuple[Penalty, ...]:
    out = []
    known = penalty_ids(code)
    for side, penalty in penalties:
        if penalty not in known:
            offered_ = ", ".join(known) if known else "none: this code's data gives no such penalty"
            raise SheetError(
                f"{penalty!r} is not a penalty in the honour column under {code.title}; its penalties: {offered_}",
                field="penalty",
                value=penalty,
                choices=known,
            )
        out.append(Penalty(_side(side, "penalty side"), penalty))
    return tuple(out)


def _revokes(code: Code, declarer: str, revokes: Iterable[tuple[str, int, str | None]]) -> tuple[Revoke, ...]:
    out: dict[str, Revoke] = {}
    for side, count, choice in revokes:
        side = _side(side, "revoke side")
        if "revoke-penalty" not in code.score_values:
            raise SheetError(
                f"{code.title} gives no revoke penalty here, so a revoke cannot be scored",
                field="revoke",
                value=side,
            )
        if side in out:
            raise SheetError(
                f"the revokes of {SIDE_LABELS[side]} are entered twice; write .r.{side}.N once, N their number",
                field="revoke",
                value=side,
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= TRICKS:
            raise SheetError(f"a side revokes 1 to 13 times in a hand, not {count!r}", field="revoke", value=str(count))
        if choice is not None and choice not in REVOKE_CHOICES:
            raise SheetError(
                f"the declarer's choice is tricks or points, not {choice!r}",
                field="revoke",
                value=choice,
                choices=REVOKE_CHOICES,
            )
        if side == declarer and choice is not None:
            raise SheetError(
                "the choice between tricks and points is the declarer's, for his adversaries' revoke; "
                f"{SIDE_LABELS[side]} declared, so write .r.{side} alone",
                field="revoke",
                value=choice,
            )
        out[side] = Revoke(side, count, choice)
    tricks = look(code, "revoke-penalty-tricks")
    theirs = out.get(_other(declarer))
    if theirs is not None and declarer not in out:  # when both sides revoke, the choice does not arise
        if theirs.choice is None and tricks.number is not None:
            points = look(code, "revoke-penalty", "adversary").number
            side = theirs.side
            raise SheetError(
                f"for the adversaries' revoke the declarer chooses: .r.{side}.tricks ({tricks.number} of their "
                f"tricks added to his) or .r.{side}.points ({points if points is not None else 'the points'} "
                "above the line)",
                field="revoke",
                value=side,
                choices=REVOKE_CHOICES,
            )
        if theirs.choice == "tricks" and tricks.number is None:
            raise SheetError(
                f"{code.title} gives no penalty in tricks for a revoke",
                field="revoke",
                value="tricks",
                choices=("points",),
            )
    return tuple(out.values())


def make_hand(
    code: Code,
    *,
    declarer: str,
    level: int,
    denomination: str,
    doubling: str = "undoubled",
    tricks: int,
    honours: tuple[str, str] | None = None,
    chicane: str | None = None,
    revokes: Iterable[tuple[str, int, str | None]] = (),
    penalties: Iterable[tuple[str, str]] = (),
) -> Hand:
    """Build a hand, checking every part against the code (errors name the part)."""
    declarer = _side(declarer, "declarer")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
        raise SheetError(f"the level is one to seven tricks over the book, not {level!r}", field="level")
    if denomination not in denominations(code):
        raise SheetError(
            f"{denomination!r} is not a declaration of {code.title}",
            field="denomination",
            value=str(denomination),
            choices=denominations(code),
        )
    if doubling not in DOUBLINGS:
        raise SheetError(f"doubling is one of {', '.join(DOUBLINGS)}", field="doubling", value=str(doubling))
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise SheetError(f"the declaring side takes 0 to 13 tricks, not {tricks!r}", field="tricks")
    held = None
    if honours is not None:
        side, holding = honours
        allowed = holdings_for(denomination)
        if holding not in allowed:
            what = "aces at no trumps" if denomination == NO_TRUMP else "honours in a trump suit"
            raise SheetError(
                f"{holding!r} is not a holding of {what}; one of {', '.join(allowed)}",
                field="honours",
                value=str(holding),
                choices=allowed,
            )
        held = Honours(_side(side, "honours side"), holding)
    if chicane is not None:
        if denomination == NO_TRUMP:
            raise SheetError("chicane (a hand without a trump) needs a trump suit", field="chicane", value=chicane)
        chicane = _side(chicane, "chicane")
    return Hand(
        declarer,
        level,
        denomination,
        doubling,
        tricks,
        held,
        chicane,
        _revokes(code, declarer, revokes),
        _penalties(code, penalties),
    )


def make_unplayed(code: Code, kind: str, penalties: Iterable[tuple[str, str]] = ()) -> Unplayed:
    """A deal that scores nothing: ``passed`` (where the code lets the dealer pass) or ``void``."""
    if kind not in UNPLAYED:
        raise SheetError(
            f"a deal not scored is passed or void, not {kind!r}", field="hand", value=kind, choices=UNPLAYED
        )
    if UNPLAYED[kind] not in code.score_values:
        found = code.score_values.get("dealer-opening")
        why = (
            f"under this code the dealer must open the bidding{cites_text(found.cites)}, so a deal is never passed out"
            if kind == "passed" and found is not None and found.value == "must-bid"
            else f"{code.title} does not say what a {'passed-out' if kind == 'passed' else 'void'} deal scores"
        )
        raise SheetError(f"{kind!r}: {why}", field="hand", value=kind)
    return Unplayed(kind, _penalties(code, penalties))


def parse_hand(token: str, code: Code) -> Entry:
    """``we.3HX.11`` (+ ``.h.SIDE.HOLDING`` honours, ``.c.SIDE`` chicane, ``.r.SIDE[.N][.tricks|.points]``
    revokes, ``.p.SIDE.PENALTY`` penalties), or ``passed`` / ``void`` (+ penalties) -> the entry."""
    parts = token.strip().split(".")
    if parts[0].lower() in UNPLAYED:
        return make_unplayed(code, parts[0].lower(), [item for _, item in _tail(parts[1:], token, allowed="p")])
    if len(parts) < 3:
        raise SheetError(
            f"not a hand: {token!r}; write SIDE.CONTRACT.TRICKS, e.g. we.3HX.11 (add .h.we.three for honours), "
            "or passed or void for a deal not scored",
            field="hand",
            value=token,
        )
    declarer, contract, tricks = parts[:3]
    level, denomination, doubling = parse_contract(contract, code)
    taken = whole_number(tricks, 0, 999_999_999)  # the range is make_hand's to check
    if taken is None:
        raise SheetError(f"tricks must be a number from 0 to 13, not {tricks!r}", field="tricks", value=tricks)
    honours = chicane = None
    revokes: list[tuple[str, int, str | None]] = []
    penalties: list[tuple[str, str]] = []
    for tag, item in _tail(parts[3:], token, allowed="hcrp"):
        if tag == "h":
            honours = item
        elif tag == "c":
            chicane = item[0]
        elif tag == "r":
            revokes.append(item)
        else:
            penalties.append(item)
    return make_hand(
        code,
        declarer=declarer,
        level=level,
        denomination=denomination,
        doubling=doubling,
        tricks=taken,
        honours=honours,
        chicane=chicane,
        revokes=revokes,
        penalties=penalties,
    )


_TAGS = {
    "h": ".h.SIDE.HOLDING (honours)",
    "c": ".c.SIDE (chicane)",
    "r": ".r.SIDE[.N][.tricks|.points] (a revoke)",
    "p": ".p.SIDE.PENALTY (a penalty in the honour column)",
}


def _tail(rest: list[str], token: str, allowed: str) -> list[tuple[str, Any]]:
    """The tagged parts after the tricks (or after ``passed`` / ``void``), in order."""
    out: list[tuple[str, Any]] = []
    while rest:
        tag = rest[0].lower()
        if tag in allowed and tag == "h" and len(rest) >= 3:
            out.append(("h", (rest[1], rest[2].lower())))
            rest = rest[3:]
        elif tag in allowed and tag == "c" and len(rest) >= 2:
            out.append(("c", (rest[1],)))
            rest = rest[2:]
        elif tag in allowed and tag == "r" and len(rest) >= 2:
            side, rest = rest[1], rest[2:]
            count: int | None = 1
            if rest and rest[0][:1].isdigit():
                count = whole_number(rest[0], 0, 999_999_999)
                if count is None:
                    raise SheetError(f"not a number of revokes: {rest[0]!r}", field="revoke", value=rest[0])
                rest = rest[1:]
            choice = None
            if rest and rest[0].lower() in REVOKE_CHOICES:
                choice, rest = rest[0].lower(), rest[1:]
            out.append(("r", (side, count, choice)))
        elif tag in allowed and tag == "p" and len(rest) >= 3:
            out.append(("p", (rest[1], rest[2].lower())))
            rest = rest[3:]
        else:
            raise SheetError(
                f"cannot read {'.'.join(rest)!r} in {token!r}; what may follow: "
                + ", ".join(_TAGS[t] for t in allowed),
                field="hand",
                value=token,
            )
    return out


# ---------------------------------------------------------------- figures


@dataclass(frozen=True, slots=True)
class Figure:
    """One entry on the sheet: points to a side, above or below the line, what for, and the
    laws it rests on. ``points`` is None when the code's data has no figure for it;
    ``unsure`` says why the sources do not confirm the figure the code's data gives."""

    side: str
    column: str  # "below" | "above"
    item: str  # tricks, doubled-bonus, overtricks, undertricks, honours, chicane, grand-slam, revoke, penalty, ...
    points: int | None
    reason: str
    cites: tuple[Citation, ...]
    values: tuple[str, ...]
    note: str | None = None
    unsure: str | None = None

    @property
    def is_known(self) -> bool:
        return self.points is not None


def _figure(side: str, column: str, item: str, count: int, looked: Looked, reason: str) -> Figure:
    if not looked.applies:
        note = " ".join(filter(None, ["Not scored under this code.", looked.note]))
        return Figure(
            side,
            column,
            item,
            0,
            f"{reason} (not scored under this code)",
            looked.cites,
            looked.ids,
            note,
            looked.unsure,
        )
    if looked.number is None:
        why = looked.why_unknown or "no figure"
        note = f"Unknown: {why}." + (f" The code's note: {looked.note}" if looked.note else "")
        return Figure(side, column, item, None, reason, looked.cites, looked.ids, note, looked.unsure)
    return Figure(
        side, column, item, count * looked.number, reason, looked.cites, looked.ids, looked.note, looked.unsure
    )


def _other(side: str) -> str:
    return "they" if side == "we" else "we"


def _multiple(code: Code, doubling: str) -> Looked:
    if "doubling-multiple" in code.score_values:
        return look(code, "doubling-multiple", doubling)
    return Looked(DEFAULT_DOUBLING_MULTIPLE[doubling], (), None, ())


# what a revoking side may still score (``revoking-side-scores``), by item
REVOKING_SIDE_KEEPS: Mapping[str, frozenset[str]] = MappingProxyType(
    {"honours": frozenset({"honours", "aces"}), "honours-and-chicane": frozenset({"honours", "aces", "chicane"})}
)


@dataclass(frozen=True, slots=True)
class _Revokes:
    """What the revokes of a hand come to: tricks moved to the declarer, points to each side,
    and the sides whose scores the code stops."""

    tricks: int  # taken from the adversaries and added to the declarer's
    figures: tuple[Figure, ...]
    stopped: frozenset[str]
    both: bool


def score_hand(code: Code, hand: Entry) -> tuple[Figure, ...]:
    """Every figure one entry earns, in score-pad order: the revoke penalties, the declaring
    side's tricks and bonuses (or the adversaries' undertricks), honours, chicane, slams,
    then the penalties other laws put in the honour column. A side that revoked keeps only
    what the code lets it (``revoking-side-scores``); tricks taken for a revoke count toward
    the contract and in the trick score but earn no doubled or redoubled bonus and no slam."""
    if isinstance(hand, Unplayed):
        return _penalty_figures(code, hand.penalties, frozenset())
    revokes = _revoke_figures(code, hand)
    out: list[Figure] = list(revokes.figures)
    played: list[Figure] = []
    if not revokes.both:
        played += _contract(code, hand, revokes.tricks)
    played += _honours(code, hand)
    if hand.chicane is not None:
        played.append(_chicane(code, hand))
    if not revokes.both:
        played += _slams(code, hand)
    out += [_stop(code, f, revokes.stopped) for f in played]
    out += _penalty_figures(code, hand.penalties, revokes.stopped)
    return tuple(out)


def counted_tricks(code: Code, hand: Entry) -> int | None:
    """The declaring side's tricks toward the contract: those taken in play and those taken
    for the adversaries' revoke (None for a deal not played)."""
    if isinstance(hand, Unplayed):
        return None
    return hand.tricks + _revoke_figures(code, hand).tricks


def _contract(code: Code, hand: Hand, penalty_tricks: int) -> list[Figure]:
    out: list[Figure] = []
    declarer, adversaries = hand.declarer, _other(hand.declarer)
    value = look(code, "trick-value", hand.denomination)
    name = denomination_label(hand.denomination)
    counted = hand.tricks + penalty_tricks
    if counted >= hand.needed:
        over_book = counted - BOOK
        multiple = _multiple(code, hand.doubling)
        cites, ids = _both(value, multiple)
        if penalty_tricks:
            taken = look(code, "revoke-penalty-tricks")
            cites, ids = tuple(dict.fromkeys((*cites, *taken.cites))), (*ids, *taken.ids)
        each = None if value.number is None or multiple.number is None else value.number * multiple.number
        times = "" if hand.doubling == "undoubled" else f"{value.number}, {hand.doubling}"
        reason = f"{over_book} trick{'s' if over_book != 1 else ''} over the book at {each if each is not None else '?'} ({name}{' ' + times if times else ''})"
        if penalty_tricks:
            reason += f", {NUMBERS[penalty_tricks]} of them taken for the adversaries' revoke"
        looked = Looked(each, cites, None, ids, value.why_unknown or multiple.why_unknown)
        out.append(_figure(declarer, "below", "tricks", over_book, looked, reason))
        if hand.doubling != "undoubled":
            bonus = look(code, f"{hand.doubling}-bonus")
            if hand.made:
                out.append(
                    _figure(
                        declarer, "above", f"{hand.doubling}-bonus", 1, bonus, f"for making a {hand.doubling} contract"
                    )
                )
            else:
                taken = look(code, "revoke-penalty-tricks")
                out.append(
                    Figure(
                        declarer,
                        "above",
                        f"{hand.doubling}-bonus",
                        0,
                        f"no bonus for a {hand.doubling} contract: it was made only with the tricks taken for a revoke",
                        tuple(dict.fromkeys((*taken.cites, *bonus.cites))),
                        (*taken.ids, *bonus.ids),
                        taken.note,
                        taken.unsure,
                    )
                )
            over = hand.tricks - hand.needed  # tricks taken for a revoke earn no bonus
            if over > 0:
                each_over = look(code, f"{hand.doubling}-overtrick-bonus")
                out.append(
                    _figure(
                        declarer,
                        "above",
                        "overtricks",
                        over,
                        each_over,
                        f"{over} trick{'s' if over != 1 else ''} over the contract at {each_over.number if each_over.number is not None else '?'}",
                    )
                )
    else:
        short = hand.needed - counted
        each = look(code, "undertrick", hand.doubling)
        reason = f"{short} trick{'s' if short != 1 else ''} short of the contract at {each.number if each.number is not None else '?'} ({hand.doubling})"
        figure = _figure(adversaries, "above", "undertricks", short, each, reason)
        out.append(_loss_limit(code, hand, figure))
    return out


def _revoke_figures(code: Code, hand: Hand) -> _Revokes:
    """The revoke penalties of a hand, and what they do to the rest of its score."""
    if not hand.revokes:
        return _Revokes(0, (), frozenset(), False)
    by = {r.side: r for r in hand.revokes}
    declarer, adversaries = hand.declarer, _other(hand.declarer)
    further = code.score_values.get("revoke-further-penalty")
    each_as_first = further is not None and further.value == "each-as-first"
    out: list[Figure] = []
    if declarer in by and adversaries in by:
        rule = look(code, "both-sides-revoked")
        found = code.score_values.get("both-sides-revoked")
        if found is not None and found.value == "further-revokes-only":
            for side in SIDES:
                extra = by[_other(side)].count - 1
                if extra > 0:
                    each = look(code, "revoke-further-penalty")
                    cites = tuple(dict.fromkeys((*found.cites, *each.cites)))
                    looked = Looked(
                        each.number,
                        cites,
                        found.note,
                        (found.id, *each.ids),
                        each.why_unknown,
                        unsure=found.unsure or each.unsure,
                    )
                    out.append(
                        _figure(
                            side,
                            "above",
                            "revoke",
                            extra,
                            looked,
                            f"both sides revoked: {extra} further revoke{'s' if extra != 1 else ''} by "
                            f"{SIDE_LABELS[_other(side)]} at {each.number if each.number is not None else '?'}",
                        )
                    )
        else:
            note = rule.note or "the code does not say how revokes by both sides are scored"
            for side in SIDES:
                out.append(
                    Figure(
                        side,
                        "above",
                        "revoke",
                        None,
                        f"both sides revoked: the penalty for {SIDE_LABELS[_other(side)]}'s revoke",
                        rule.cites,
                        rule.ids,
                        f"Unknown: {note}",
                        rule.unsure,
                    )
                )
        stop = _keeps_rule(code)
        cites = tuple(dict.fromkeys((*(found.cites if found else ()), *stop.cites)))
        out.append(
            Figure(
                declarer,
                "above",
                "not-scored",
                0,
                "both sides revoked: no tricks, bonuses, under-tricks or slams are scored in this hand",
                cites,
                ("both-sides-revoked", *stop.ids),
                found.note if found else None,
                found.unsure if found else None,
            )
        )
        return _Revokes(0, tuple(out), frozenset(SIDES), True)
    penalty_tricks = 0
    for side, revoke in by.items():
        who = "declarer" if side == declarer else "adversary"
        first = look(code, "revoke-penalty", who)
        counts_as_first = revoke.count if each_as_first else 1
        whose = f"a revoke by {SIDE_LABELS[side]}, {'the declaring side' if who == 'declarer' else 'the adversaries'}"
        if revoke.choice == "tricks":
            taken = look(code, "revoke-penalty-tricks")
            room = TRICKS - hand.tricks - penalty_tricks
            penalty_tricks += min(room, (taken.number or 0) * counts_as_first)
        else:
            to = _other(side)
            out.append(
                _figure(
                    to,
                    "above",
                    "revoke",
                    counts_as_first,
                    first,
                    f"for {whose}" + (f", {_times(counts_as_first)}" if counts_as_first > 1 else ""),
                )
            )
        extra = revoke.count - counts_as_first
        if extra > 0:
            each = look(code, "revoke-further-penalty")
            out.append(
                _figure(
                    _other(side),
                    "above",
                    "revoke",
                    extra,
                    each,
                    f"{extra} further revoke{'s' if extra != 1 else ''} by {SIDE_LABELS[side]} at "
                    f"{each.number if each.number is not None else '?'}",
                )
            )
    return _Revokes(penalty_tricks, tuple(out), frozenset(by), False)


def _keeps_rule(code: Code) -> Looked:
    found = code.score_values.get("revoking-side-scores")
    if found is None:
        return Looked(None, (), None, ("revoking-side-scores",), "the code does not say what a revoking side scores")
    return Looked(None, found.cites, found.note, (found.id,), unsure=found.unsure)


def _stop(code: Code, figure: Figure, stopped: frozenset[str]) -> Figure:
    """A figure a revoking side may not score, as nothing, with the law that says so."""
    if figure.side not in stopped or figure.points == 0:
        return figure
    found = code.score_values.get("revoking-side-scores")
    keeps = REVOKING_SIDE_KEEPS.get(str(found.value)) if found is not None else None
    if keeps is not None and figure.item in keeps:
        return figure
    rule = _keeps_rule(code)
    if keeps is None:
        return replace(
            figure, note=f"Unknown whether it counts: {rule.why_unknown or 'the rule is not one the sheet knows'}."
        )
    what = " and ".join(
        sorted({{"honours": "its honours", "aces": "its honours", "chicane": "chicane"}[k] for k in keeps})
    )
    return Figure(
        figure.side,
        figure.column,
        figure.item,
        0,
        f"{figure.reason}: not scored, a side that revokes scores only {what} in the hand",
        tuple(dict.fromkeys((*rule.cites, *figure.cites))),
        (*rule.ids, *figure.values),
        rule.note,
        rule.unsure,
    )


def _penalty_figures(code: Code, penalties: Iterable[Penalty], stopped: frozenset[str]) -> tuple[Figure, ...]:
    out = []
    for p in penalties:
        looked = look(code, PENALTY_PREFIX + p.penalty)
        figure = _figure(p.side, "above", "penalty", 1, looked, f"penalty: {p.penalty.replace('-', ' ')}")
        out.append(_stop(code, figure, stopped))
    return tuple(out)


def _loss_limit(code: Code, hand: Hand, figure: Figure) -> Figure:
    """The limit some codes set on the loss from a one-spade contract (``one-spade-loss-limit``)."""
    found = code.score_values.get("one-spade-loss-limit")
    if found is None or found.value == NOT_APPLICABLE or hand.level != 1 or hand.denomination != "spades":
        return figure
    if isinstance(found.value, Mapping):
        limit = look(code, "one-spade-loss-limit", hand.doubling)
        if limit.number is None and hand.doubling not in found.value:
            return figure  # no limit at this doubling
    elif hand.doubling == "redoubled":
        limit = Looked(
            None,
            found.cites,
            found.note,
            (found.id,),
            "the code gives its one-spade loss limit as one figure, without saying whether it holds when redoubled",
        )
    else:
        limit = look(code, "one-spade-loss-limit")
    cites = tuple(dict.fromkeys((*figure.cites, *limit.cites)))
    ids = (*figure.values, *limit.ids)
    if limit.number is None:
        note = f"Unknown: {limit.why_unknown}." + (f" The code's note: {limit.note}" if limit.note else "")
        return Figure(figure.side, figure.column, figure.item, None, figure.reason, cites, ids, note)
    if figure.points is None or figure.points <= limit.number:
        return Figure(figure.side, figure.column, figure.item, figure.points, figure.reason, cites, ids, figure.note)
    reason = f"{figure.reason}, limited to {limit.number} on a one-spade contract"
    return Figure(figure.side, figure.column, figure.item, limit.number, reason, cites, ids, limit.note)


def _honours(code: Code, hand: Hand) -> list[Figure]:
    if hand.honours is None:
        return []
    side, holding = hand.honours.side, hand.honours.holding
    if hand.denomination == NO_TRUMP:
        aces = look(code, "aces-at-no-trump", holding)
        return [_figure(side, "above", "aces", 1, aces, ACE_LABELS[holding])]
    multiple = look(code, "honours-multiple", holding)
    value = look(code, "trick-value", hand.denomination)
    cites, ids = _both(multiple, value)
    number = None if multiple.number is None or value.number is None else multiple.number * value.number
    reason = f"honours: {HOLDING_LABELS[holding]}, {multiple.number if multiple.number is not None else '?'} \u00d7 {value.number} ({denomination_label(hand.denomination)})"
    looked = Looked(number, cites, None, ids, multiple.why_unknown or value.why_unknown, multiple.applies)
    return [_figure(side, "above", "honours", 1, looked, reason)]


def _chicane(code: Code, hand: Hand) -> Figure:
    side = hand.chicane or "we"
    multiple = look(code, "chicane-multiple")
    value = look(code, "trick-value", hand.denomination)
    cites, ids = _both(multiple, value)
    if multiple.number == 0 or not multiple.applies:
        return Figure(side, "above", "chicane", 0, "chicane: not scored under this code", cites, ids, multiple.note)
    number = None if multiple.number is None or value.number is None else multiple.number * value.number
    reason = f"chicane (a hand without a trump): {multiple.number if multiple.number is not None else '?'} \u00d7 {value.number}"
    looked = Looked(number, cites, multiple.note, ids, multiple.why_unknown or value.why_unknown)
    return _figure(side, "above", "chicane", 1, looked, reason)


def _slams(code: Code, hand: Hand) -> list[Figure]:
    out = []
    for side, tricks in ((hand.declarer, hand.tricks), (_other(hand.declarer), TRICKS - hand.tricks)):
        if tricks == TRICKS:
            out.append(
                _figure(side, "above", "grand-slam", 1, look(code, "grand-slam"), "grand slam: all thirteen tricks")
            )
        elif tricks == TRICKS - 1:
            out.append(
                _figure(side, "above", "little-slam", 1, look(code, "little-slam"), "little slam: twelve tricks")
            )
    return out


# ---------------------------------------------------------------- the sheet


@dataclass(frozen=True, slots=True)
class Game:
    """A game won: by whom, its number in the rubber, and the trick points each side made in it."""

    number: int
    winner: str
    below: Mapping[str, int]
    cites: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One entry of the sheet as scored. ``made``: whether the contract was made, counting
    tricks taken for a revoke (None for a deal not played); ``cites`` and ``note``: for a
    deal not played, the law that says it scores nothing."""

    number: int  # on the sheet, from 1
    hand: Entry
    words: str
    rubber: int
    game: int  # the game of the rubber it was played in
    figures: tuple[Figure, ...]
    game_won: Game | None = None
    rubber_won: str | None = None
    made: bool | None = None
    cites: tuple[Citation, ...] = ()
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """Plus and minus (seed 003): each side's total, the smaller taken from the larger."""

    plus: str | None  # None when the totals are equal
    points: int
    totals: Mapping[str, int]
    complete: bool  # False when a figure of the rubber is unknown
    cites: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class Rubber:
    number: int
    hands: tuple[ScoredHand, ...]
    games: tuple[Game, ...]
    games_won: Mapping[str, int]
    winner: str | None  # the side that won two games
    bonuses: tuple[Figure, ...]  # the rubber bonus; at a time limit, the bonus for each game won
    above: Mapping[str, int]
    below: Mapping[str, int]
    totals: Mapping[str, int]
    unknown: tuple[Figure, ...]
    settlement: Settlement | None  # a finished rubber, or any rubber at the time limit
    stopped_at_time_limit: bool = False

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def figures(self) -> tuple[Figure, ...]:
        return _entries(self.hands, self.bonuses)

    @property
    def game_in_progress(self) -> Mapping[str, int]:
        """Trick points below the line in the game not yet won."""
        done = len(self.games)
        points = dict.fromkeys(SIDES, 0)
        for h in self.hands:
            if h.game > done:
                for f in h.figures:
                    if f.column == "below" and f.points is not None:
                        points[f.side] += f.points
        return points


@dataclass(frozen=True, slots=True)
class Sheet:
    code: str
    hands: tuple[Entry, ...]
    rubbers: tuple[Rubber, ...]
    time_limit: bool
    net: Mapping[str, int]  # plus and minus, summed over the settled rubbers
    gross: Mapping[str, int]  # every point of every rubber, bonuses included (party scoring)
    complete: bool  # no unknown figure anywhere
    notes: tuple[str, ...] = field(default=())

    @property
    def tokens(self) -> list[str]:
        return [h.token() for h in self.hands]


def _entries(hands: Iterable[ScoredHand], bonuses: Iterable[Figure]) -> tuple[Figure, ...]:
    """Every figure of a rubber: each hand's, then the bonuses."""
    return (*(f for h in hands for f in h.figures), *bonuses)


def _sum(figures: Iterable[Figure], side: str, column: str | None = None) -> int:
    return sum(f.points or 0 for f in figures if f.side == side and (column is None or f.column == column))


def _close(
    code: Code,
    number: int,
    hands: list[ScoredHand],
    games: list[Game],
    time_limit: bool,
) -> Rubber:
    games_won = {side: sum(1 for g in games if g.winner == side) for side in SIDES}
    winner = next((side for side in SIDES if games_won[side] >= GAMES_IN_RUBBER), None)
    bonuses: list[Figure] = []
    stopped = False
    if winner is not None:
        bonuses.append(
            _figure(winner, "above", "rubber-bonus", 1, look(code, "rubber-bonus"), "for winning the rubber")
        )
    elif time_limit and hands:
        stopped = True
        bonus = look(code, "party-game-bonus")
        for game in games:
            bonuses.append(
                _figure(
                    game.winner,
                    "above",
                    "party-game-bonus",
                    1,
                    bonus,
                    f"game {game.number} won, in a rubber stopped at the time limit",
                )
            )
    figures = _entries(hands, bonuses)
    above = {side: _sum(figures, side, "above") for side in SIDES}
    below = {side: _sum(figures, side, "below") for side in SIDES}
    totals = {side: above[side] + below[side] for side in SIDES}
    unknown = tuple(f for f in figures if not f.is_known)
    settlement = None
    if winner is not None or stopped:
        cites: tuple[Citation, ...] = ()
        for vid in ("rubber-bonus", "party-game-bonus") if stopped else ("rubber-bonus",):
            if vid in code.score_values:
                cites = tuple(dict.fromkeys((*cites, *code.score_values[vid].cites)))
        difference = abs(totals["we"] - totals["they"])
        plus = None if difference == 0 else max(SIDES, key=lambda s: totals[s])
        settlement = Settlement(plus, difference, MappingProxyType(dict(totals)), not unknown, cites)
    return Rubber(
        number=number,
        hands=tuple(hands),
        games=tuple(games),
        games_won=MappingProxyType(games_won),
        winner=winner,
        bonuses=tuple(bonuses),
        above=MappingProxyType(above),
        below=MappingProxyType(below),
        totals=MappingProxyType(totals),
        unknown=unknown,
        settlement=settlement,
        stopped_at_time_limit=stopped,
    )


def score_sheet(code: Code, hands: Sequence[Entry], *, time_limit: bool = False) -> Sheet:
    """Score every hand in order: games are won at the code's ``game`` figure below the
    line, a rubber ends when one side has won two games (the next hand starts a new one).
    With ``time_limit`` the last rubber, if unfinished, is scored as it stands with the
    code's ``party-game-bonus`` for each game won."""
    require_scorable(code)
    game_at = look(code, "game")
    if game_at.number is None:  # cannot happen after require_scorable; keeps the type checker honest
        raise NotOffered(code.id, "score sheet", ["game"], [])
    rubbers: list[Rubber] = []
    current: list[ScoredHand] = []
    games: list[Game] = []
    below = dict.fromkeys(SIDES, 0)
    for number, hand in enumerate(hands, 1):
        figures = score_hand(code, hand)
        for f in figures:
            if f.column == "below" and f.points is not None:
                below[f.side] += f.points
        game_won = None
        rubber_won = None
        leader = max(SIDES, key=lambda s: below[s])
        if below[leader] >= game_at.number:
            game_won = Game(len(games) + 1, leader, MappingProxyType(dict(below)), game_at.cites)
        scored = ScoredHand(
            number, hand, hand_words(hand), len(rubbers) + 1, len(games) + 1, figures, game_won, **_outcome(code, hand)
        )
        if game_won is not None:
            games.append(game_won)
            below = dict.fromkeys(SIDES, 0)
            if sum(1 for g in games if g.winner == game_won.winner) >= GAMES_IN_RUBBER:
                rubber_won = game_won.winner
        if rubber_won is not None:
            scored = replace(scored, rubber_won=rubber_won)
        current.append(scored)
        if rubber_won is not None:
            rubbers.append(_close(code, len(rubbers) + 1, current, games, time_limit))
            current, games = [], []
    if current:
        rubbers.append(_close(code, len(rubbers) + 1, current, games, time_limit))
    net = dict.fromkeys(SIDES, 0)
    for rubber in rubbers:
        s = rubber.settlement
        if s is not None and s.plus is not None:
            net[s.plus] += s.points
            net[_other(s.plus)] -= s.points
    gross = {side: sum(r.totals[side] for r in rubbers) for side in SIDES}
    complete = all(not r.unknown for r in rubbers)
    notes = []
    played = [h for h in hands if isinstance(h, Hand)]
    if "doubling-multiple" not in code.score_values and any(h.made and h.doubling != "undoubled" for h in played):
        notes.append(
            "A double multiplies the trick value by {doubled} and a redouble by {redoubled}, as doubling means; "
            "the code's data gives no doubling-multiple figure.".format(**DEFAULT_DOUBLING_MULTIPLE)
        )
    if not complete:
        notes.append("Some figures are unknown: this code's data does not give them. Totals count only known figures.")
    return Sheet(
        code=code.id,
        hands=tuple(hands),
        rubbers=tuple(rubbers),
        time_limit=time_limit,
        net=MappingProxyType(net),
        gross=MappingProxyType(gross),
        complete=complete,
        notes=tuple(notes),
    )


def _outcome(code: Code, hand: Entry) -> dict[str, Any]:
    """Whether the contract was made (tricks taken for a revoke counted), or, for a deal not
    played, the law that says it scores nothing."""
    if isinstance(hand, Unplayed):
        found = code.score_values[UNPLAYED[hand.kind]]
        return {"cites": found.cites, "note": found.note}
    counted = counted_tricks(code, hand)
    return {"made": counted is not None and counted >= hand.needed}


def parse_hands(tokens: Iterable[str], code: Code) -> list[Entry]:
    """Parse many hand tokens; an error names the hand by its number."""
    hands = []
    for number, token in enumerate(tokens, 1):
        try:
            hands.append(parse_hand(token, code))
        except SheetError as exc:
            raise SheetError(f"hand {number}: {exc}", field=exc.field, value=exc.value, choices=exc.choices) from None
    return hands


# ---------------------------------------------------------------- as plain text


def cites_text(cites: Iterable[Citation]) -> str:
    """The laws a line of the table tools rests on, as the plain text shows them: `` [Law 3, 47a]``."""
    numbers = ", ".join(str(c) for c in cites)
    return f" [Law {numbers}]" if numbers else ""


def _points(figure: Figure) -> str:
    return "unknown" if figure.points is None else str(figure.points)


def sheet_lines(sheet: Sheet, code: Code) -> list[str]:
    """The sheet as a score pad in plain text: every hand's figures with their laws, each
    game and rubber as it completes, the totals and the settlement."""
    lines = [f"Score sheet under {code.title} ({code.year})"]
    for rubber in sheet.rubbers:
        lines += ["", f"Rubber {rubber.number}" + ("" if rubber.finished else " (in progress)")]
        for scored in rubber.hands:
            lines.append(f"  {scored.number}. {scored.words}{cites_text(scored.cites)}")
            if scored.note:
                lines.append(f"       {scored.note}")
            for f in scored.figures:
                where = "below the line" if f.column == "below" else "above the line"
                lines.append(f"       {SIDE_LABELS[f.side]:4} {_points(f):>7} {where}: {f.reason}{cites_text(f.cites)}")
                if f.note and not f.is_known:
                    lines.append(f"            {f.note}")
                if f.unsure:
                    lines.append(f"            Unconfirmed: {f.unsure}")
            if scored.game_won:
                g = scored.game_won
                lines.append(f"       {SIDE_LABELS[g.winner]} win game {g.number}{cites_text(g.cites)}")
        for f in rubber.bonuses:
            lines.append(f"  {SIDE_LABELS[f.side]:4} {_points(f):>7} above the line: {f.reason}{cites_text(f.cites)}")
        games = ", ".join(f"{SIDE_LABELS[s]} {rubber.games_won[s]}" for s in SIDES)
        lines.append(f"  Games: {games}")
        for side in SIDES:
            lines.append(
                f"  {SIDE_LABELS[side]:4} above {rubber.above[side]:>5}  below {rubber.below[side]:>5}  "
                f"total {rubber.totals[side]:>5}"
            )
        s = rubber.settlement
        if s is not None:
            how = "stopped at the time limit" if rubber.stopped_at_time_limit else "the rubber"
            if s.plus is None:
                lines.append(f"  Settlement ({how}): the totals are equal; nobody is plus")
            else:
                lines.append(
                    f"  Settlement ({how}): {SIDE_LABELS[s.plus]} +{s.points}, "
                    f"{SIDE_LABELS[_other(s.plus)]} -{s.points}{cites_text(s.cites)}"
                    + ("" if s.complete else " (some figures unknown)")
                )
    lines.append("")
    lines.append("Plus and minus: " + ", ".join(f"{SIDE_LABELS[s]} {sheet.net[s]:+d}" for s in SIDES))
    lines.append("Gross (no stakes): " + ", ".join(f"{SIDE_LABELS[s]} {sheet.gross[s]}" for s in SIDES))
    lines += list(sheet.notes)
    return lines
