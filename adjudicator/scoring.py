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

from adjudicator.errors import LookupProblem
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


class TableError(LookupProblem):
    """An entry the table tools cannot read (a hand, a call): ``field`` names the part,
    ``choices`` the valid values; subclasses name the kind of entry."""

    kind = "entry"

    def __init__(self, message: str, *, field: str, value: str = "", choices: Iterable[str] = ()) -> None:
        super().__init__(value, choices, field=field, message=message)


class SheetError(TableError):
    """A hand that cannot be scored as given."""

    kind = "hand"


class NotOffered(LookupProblem):
    """A code whose data lacks what a table tool needs: the tool is not offered for it."""

    kind = "code"

    def __init__(self, code: Code, tool: str, missing: Sequence[str], choices: Iterable[str]) -> None:
        choices = list(choices)
        super().__init__(
            code.id,
            choices,
            field="code",
            message=f"{code.id!r} has no {tool}: its scoring values lack (or do not recognise) {', '.join(missing)}; "
            f"codes that have one: {', '.join(choices) or '(none)'}",
        )


def offered(library: Library, missing: Callable[[Code], list[str]]) -> list[Code]:
    """The codes of ``library`` that lack nothing (``missing`` lists what a code lacks)."""
    return [code for code in library.codes.values() if not missing(code)]


def require(code: Code, tool: str, missing: Callable[[Code], list[str]], library: Library | None = None) -> None:
    lacking = missing(code)
    if lacking:
        raise NotOffered(code, tool, lacking, [c.id for c in offered(library, missing)] if library else [])


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
        return Looked(None, found.cites, found.note, (value_id,), None, applies=False)
    if isinstance(raw, bool) or not isinstance(raw, int):
        return Looked(None, found.cites, found.note, (value_id,), f"{value_id!r} is given as {raw!r}, not a number")
    return Looked(raw, found.cites, found.note, (value_id,))


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
class Hand:
    """One hand as entered: who declared what, how it was doubled, how many tricks the
    declaring side took (all thirteen counted), honours as held, and chicane."""

    declarer: str
    level: int
    denomination: str
    doubling: str
    tricks: int
    honours: Honours | None = None
    chicane: str | None = None

    @property
    def needed(self) -> int:
        return BOOK + self.level

    @property
    def made(self) -> bool:
        return self.tricks >= self.needed

    @property
    def contract(self) -> str:
        return f"{self.level}{letter_of(self.denomination)}{DOUBLING_MARKS[self.doubling]}"

    def token(self) -> str:
        """The hand as one URL-safe word: ``we.3HX.11.h.we.three.c.they``."""
        parts = [self.declarer, self.contract, str(self.tricks)]
        if self.honours is not None:
            parts += ["h", self.honours.side, self.honours.holding]
        if self.chicane is not None:
            parts += ["c", self.chicane]
        return ".".join(parts)


def contract_words(level: int, denomination: str, doubling: str) -> str:
    """``three hearts doubled``, ``one spade``, ``one no trump``."""
    suit = denomination_label(denomination)
    suit = suit[:-1] if level == 1 and suit.endswith("s") else suit
    words = f"{NUMBERS[level] if level < len(NUMBERS) else level} {suit}"
    return words if doubling == "undoubled" else f"{words} {doubling}"


def hand_words(hand: Hand) -> str:
    """``We: three hearts doubled, eleven tricks (made five)``."""
    result = hand.tricks - BOOK
    if hand.made:
        outcome = f"made {NUMBERS[result]}" if result > 0 else "made"
    else:
        outcome = f"{NUMBERS[hand.needed - hand.tricks]} down"
    tricks = NUMBERS[hand.tricks] if hand.tricks < len(NUMBERS) else str(hand.tricks)
    return (
        f"{SIDE_LABELS[hand.declarer]}: {contract_words(hand.level, hand.denomination, hand.doubling)}, "
        f"{tricks} trick{'s' if hand.tricks != 1 else ''} ({outcome})"
    )


_CONTRACT = re.compile(r"^(?P<level>[0-9]+)(?P<letter>[A-Za-z])(?P<x>x{0,2})$", re.IGNORECASE)


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
    denomination = _denomination(match["letter"].upper(), code)
    doubling = DOUBLINGS[len(match["x"])]
    return level, denomination, doubling


def _letters(code: Code) -> list[str]:
    return [letter_of(d) for d in denominations(code) if d in LETTERS.values()]


def _denomination(letter: str, code: Code) -> str:
    name = LETTERS.get(letter)
    if name is None or name not in denominations(code):
        choices = [f"{letter_of(d)} ({denomination_label(d)})" for d in denominations(code) if d in LETTERS.values()]
        raise SheetError(
            f"{letter!r} is not a declaration of {code.id}; its declarations: {', '.join(choices)}",
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
) -> Hand:
    """Build a hand, checking every part against the code (errors name the part)."""
    declarer = _side(declarer, "declarer")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
        raise SheetError(f"the level is one to seven tricks over the book, not {level!r}", field="level")
    if denomination not in denominations(code):
        raise SheetError(
            f"{denomination!r} is not a declaration of {code.id}",
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
    return Hand(declarer, level, denomination, doubling, tricks, held, chicane)


def parse_hand(token: str, code: Code) -> Hand:
    """``we.3HX.11`` (+ ``.h.SIDE.HOLDING`` for honours, ``.c.SIDE`` for chicane) -> Hand."""
    parts = token.strip().split(".")
    if len(parts) < 3:
        raise SheetError(
            f"not a hand: {token!r}; write SIDE.CONTRACT.TRICKS, e.g. we.3HX.11 (add .h.we.three for honours)",
            field="hand",
            value=token,
        )
    declarer, contract, tricks = parts[:3]
    level, denomination, doubling = parse_contract(contract, code)
    taken = whole_number(tricks, 0, 999_999_999)  # the range is make_hand's to check
    if taken is None:
        raise SheetError(f"tricks must be a number from 0 to 13, not {tricks!r}", field="tricks", value=tricks)
    honours = chicane = None
    rest = parts[3:]
    while rest:
        tag = rest[0].lower()
        if tag == "h" and len(rest) >= 3:
            honours = (rest[1], rest[2].lower())
            rest = rest[3:]
        elif tag == "c" and len(rest) >= 2:
            chicane = rest[1]
            rest = rest[2:]
        else:
            raise SheetError(
                f"cannot read {'.'.join(rest)!r} in {token!r}; after the tricks come .h.SIDE.HOLDING "
                "(honours) and .c.SIDE (chicane)",
                field="hand",
                value=token,
            )
    return make_hand(
        code,
        declarer=declarer,
        level=level,
        denomination=denomination,
        doubling=doubling,
        tricks=taken,
        honours=honours,
        chicane=chicane,
    )


# ---------------------------------------------------------------- figures


@dataclass(frozen=True, slots=True)
class Figure:
    """One entry on the sheet: points to a side, above or below the line, what for, and the
    laws it rests on. ``points`` is None when the code's data has no figure for it."""

    side: str
    column: str  # "below" | "above"
    item: str  # tricks, doubled-bonus, overtricks, undertricks, honours, chicane, grand-slam, ...
    points: int | None
    reason: str
    cites: tuple[Citation, ...]
    values: tuple[str, ...]
    note: str | None = None

    @property
    def is_known(self) -> bool:
        return self.points is not None


def _figure(side: str, column: str, item: str, count: int, looked: Looked, reason: str) -> Figure:
    if not looked.applies:
        note = " ".join(filter(None, ["Not scored under this code.", looked.note]))
        return Figure(side, column, item, 0, f"{reason} (not scored under this code)", looked.cites, looked.ids, note)
    if looked.number is None:
        why = looked.why_unknown or "no figure"
        note = f"Unknown: {why}." + (f" The code's note: {looked.note}" if looked.note else "")
        return Figure(side, column, item, None, reason, looked.cites, looked.ids, note)
    return Figure(side, column, item, count * looked.number, reason, looked.cites, looked.ids, looked.note)


def _other(side: str) -> str:
    return "they" if side == "we" else "we"


def _multiple(code: Code, doubling: str) -> Looked:
    if "doubling-multiple" in code.score_values:
        return look(code, "doubling-multiple", doubling)
    return Looked(DEFAULT_DOUBLING_MULTIPLE[doubling], (), None, ())


def score_hand(code: Code, hand: Hand) -> tuple[Figure, ...]:
    """Every figure one hand earns, in score-pad order: the declaring side's tricks and
    bonuses (or the adversaries' undertricks), honours, chicane, slams."""
    out: list[Figure] = []
    declarer, adversaries = hand.declarer, _other(hand.declarer)
    value = look(code, "trick-value", hand.denomination)
    name = denomination_label(hand.denomination)
    if hand.made:
        over_book = hand.tricks - BOOK
        multiple = _multiple(code, hand.doubling)
        cites, ids = _both(value, multiple)
        each = None if value.number is None or multiple.number is None else value.number * multiple.number
        times = "" if hand.doubling == "undoubled" else f"{value.number}, {hand.doubling}"
        reason = f"{over_book} trick{'s' if over_book != 1 else ''} over the book at {each} ({name}{' ' + times if times else ''})"
        looked = Looked(each, cites, None, ids, value.why_unknown or multiple.why_unknown)
        out.append(_figure(declarer, "below", "tricks", over_book, looked, reason))
        if hand.doubling != "undoubled":
            bonus = look(code, f"{hand.doubling}-bonus")
            out.append(
                _figure(declarer, "above", f"{hand.doubling}-bonus", 1, bonus, f"for making a {hand.doubling} contract")
            )
            over = hand.tricks - hand.needed
            if over:
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
        short = hand.needed - hand.tricks
        each = look(code, "undertrick", hand.doubling)
        reason = f"{short} trick{'s' if short != 1 else ''} short of the contract at {each.number if each.number is not None else '?'} ({hand.doubling})"
        figure = _figure(adversaries, "above", "undertricks", short, each, reason)
        out.append(_loss_limit(code, hand, figure))
    out.extend(_honours(code, hand))
    if hand.chicane is not None:
        out.append(_chicane(code, hand))
    out.extend(_slams(code, hand))
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
    number: int  # on the sheet, from 1
    hand: Hand
    words: str
    rubber: int
    game: int  # the game of the rubber it was played in
    figures: tuple[Figure, ...]
    game_won: Game | None = None
    rubber_won: str | None = None


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
    hands: tuple[Hand, ...]
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


def score_sheet(code: Code, hands: Sequence[Hand], *, time_limit: bool = False) -> Sheet:
    """Score every hand in order: games are won at the code's ``game`` figure below the
    line, a rubber ends when one side has won two games (the next hand starts a new one).
    With ``time_limit`` the last rubber, if unfinished, is scored as it stands with the
    code's ``party-game-bonus`` for each game won."""
    require_scorable(code)
    game_at = look(code, "game")
    if game_at.number is None:  # cannot happen after require_scorable; keeps the type checker honest
        raise NotOffered(code, "score sheet", ["game"], [])
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
        scored = ScoredHand(number, hand, hand_words(hand), len(rubbers) + 1, len(games) + 1, figures, game_won)
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
    if "doubling-multiple" not in code.score_values and any(h.made and h.doubling != "undoubled" for h in hands):
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


def parse_hands(tokens: Iterable[str], code: Code) -> list[Hand]:
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
            lines.append(f"  {scored.number}. {scored.words}")
            for f in scored.figures:
                where = "below the line" if f.column == "below" else "above the line"
                lines.append(f"       {SIDE_LABELS[f.side]:4} {_points(f):>7} {where}: {f.reason}{cites_text(f.cites)}")
                if f.note and not f.is_known:
                    lines.append(f"            {f.note}")
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
