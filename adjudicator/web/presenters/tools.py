"""The table tools' pages, arranged: the Auction score sheet and the auction checker.

The presenters here turn adjudicator.scoring and adjudicator.auction results into plain
objects; the templates (templates/tools/) only display them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from adjudicator import auction as checker
from adjudicator import scoring
from adjudicator.errors import SheetError
from adjudicator.model import Citation, Code, Library
from adjudicator.presentation.tables import finding_unsure, option_taken
from adjudicator.presentation.words import code_line, law_ref
from adjudicator.web.presenters.common import Hidden, Option
from adjudicator.web.urls import law_url, settle_url


@dataclass
class LawLink:
    text: str
    url: str | None


def law_links(code: Code, cites: Iterable[Citation]) -> list[LawLink]:
    """Each cited law as a link to its page (plain text if the code lacks it)."""
    out = []
    for cite in dict.fromkeys(cites):
        known = cite.number in code.laws
        title = code.laws[cite.number].title if known else None
        out.append(LawLink(law_ref(str(cite), title), law_url(code.id, cite.number) if known else None))
    return out


def options(pairs: Iterable[tuple[str, str]], selected: str | None) -> list[Option]:
    return [Option(value, label, value == selected) for value, label in pairs]


def code_options(offered: list[Code], code: Code) -> list[Option]:
    return options(((c.id, code_line(c)) for c in offered), code.id)


@dataclass
class FigureView:
    side: str
    column: str
    points: str
    reason: str
    laws: list[LawLink]
    note: str | None
    known: bool


@dataclass
class HandView:
    number: int
    anchor: str
    words: str
    figures: list[FigureView]
    game: str | None
    rubber: str | None


@dataclass
class PadRow:
    label: str
    we: str
    they: str
    total: bool = False


@dataclass
class RubberView:
    number: int
    heading: str
    hands: list[HandView]
    bonuses: list[FigureView]
    pad: list[PadRow]
    settlement: str | None
    settlement_laws: list[LawLink]
    unknown: int


@dataclass
class ScorePage:
    code_title: str
    code_url: str
    code_id: str
    codes: list[Option]
    hidden: list[Hidden]
    hands: list[Hidden]
    time_limit: bool
    rubbers: list[RubberView]
    net: str
    gross: str
    players: str
    notes: list[str]
    skipped: list[str]
    error: str | None
    form: dict[str, list[Option]]
    chicane: bool
    permalink: str
    new_url: str
    count: int
    removable: list[Option]


def _figure_view(code: Code, f: scoring.Figure, seen: dict[str, str], where: str) -> FigureView:
    """A figure for display; a note already shown on the sheet is referred to, not repeated."""
    note = f.note
    if note is not None:
        note = f"{note.split(':', 1)[0]}: see {seen[note]}." if note in seen else note
        seen.setdefault(f.note or "", where)
    return FigureView(
        side=scoring.SIDE_LABELS[f.side],
        column="below the line" if f.column == "below" else "above the line",
        points="unknown" if f.points is None else str(f.points),
        reason=f.reason,
        laws=law_links(code, f.cites),
        note=note,
        known=f.is_known,
    )


def _pad(rubber: scoring.Rubber) -> list[PadRow]:
    rows = [PadRow("Above the line", str(rubber.above["we"]), str(rubber.above["they"]))]
    for game in rubber.games:
        rows.append(
            PadRow(
                f"Game {game.number} (won by {scoring.SIDE_LABELS[game.winner]})",
                str(game.below["we"]),
                str(game.below["they"]),
            )
        )
    if not rubber.finished and any(rubber.game_in_progress.values()):
        now = rubber.game_in_progress
        rows.append(PadRow(f"Game {len(rubber.games) + 1} so far", str(now["we"]), str(now["they"])))
    rows.append(PadRow("Games won", str(rubber.games_won["we"]), str(rubber.games_won["they"])))
    rows.append(PadRow("Total", str(rubber.totals["we"]), str(rubber.totals["they"]), total=True))
    return rows


def _settlement(rubber: scoring.Rubber) -> str | None:
    s = rubber.settlement
    if s is None:
        return None
    how = "Stopped at the time limit and scored as it stands" if rubber.stopped_at_time_limit else "Rubber over"
    if s.plus is None:
        words = f"{how}: the totals are equal ({s.totals['we']} each); nobody is plus."
    else:
        minus = "they" if s.plus == "we" else "we"
        words = (
            f"{how}: {scoring.SIDE_LABELS[s.plus]} {s.totals[s.plus]}, {scoring.SIDE_LABELS[minus]} "
            f"{s.totals[minus]}. {scoring.SIDE_LABELS[s.plus]} +{s.points}, {scoring.SIDE_LABELS[minus]} -{s.points}."
        )
    return words if s.complete else f"{words} Some figures are unknown: the difference counts only the known ones."


def rubber_view(code: Code, rubber: scoring.Rubber, seen: dict[str, str]) -> RubberView:
    hands = []
    for scored in rubber.hands:
        game = None
        if scored.game_won is not None:
            g = scored.game_won
            game = f"{scoring.SIDE_LABELS[g.winner]} win game {g.number} ({g.below[g.winner]} below the line)."
        hands.append(
            HandView(
                number=scored.number,
                anchor=f"hand-{scored.number}",
                words=scored.words,
                figures=[_figure_view(code, f, seen, f"hand {scored.number}") for f in scored.figures],
                game=game,
                rubber=f"{scoring.SIDE_LABELS[scored.rubber_won]} win the rubber." if scored.rubber_won else None,
            )
        )
    if rubber.finished:
        state = f"won by {scoring.SIDE_LABELS[rubber.winner or 'we']}"
    elif rubber.stopped_at_time_limit:
        state = "stopped at the time limit"
    else:
        state = "in progress"
    return RubberView(
        number=rubber.number,
        heading=f"Rubber {rubber.number}: {state}",
        hands=hands,
        bonuses=[_figure_view(code, f, seen, f"rubber {rubber.number}") for f in rubber.bonuses],
        pad=_pad(rubber),
        settlement=_settlement(rubber),
        settlement_laws=law_links(code, rubber.settlement.cites) if rubber.settlement else [],
        unknown=len(rubber.unknown),
    )


def _holding_options() -> list[tuple[str, str]]:
    words = {
        "three": "Three (at no trumps, three aces)",
        "four-divided": "Four, divided between partners",
        "five-divided": "Five, divided (a trump suit)",
        "four-in-one-hand": "Four in one hand",
        "four-in-one-hand-fifth-in-partners": "Four in one hand, the fifth in partner's (a trump suit)",
        "five-in-one-hand": "Five in one hand (a trump suit)",
    }
    return [(h, words[h]) for h in scoring.HONOUR_HOLDINGS]


def scores_chicane(code: Code) -> bool:
    looked = scoring.look(code, "chicane-multiple")
    return looked.applies and bool(looked.number)


def hand_form(code: Code, args: dict[str, str]) -> dict[str, list[Option]]:
    sides = [(s, scoring.SIDE_LABELS[s]) for s in scoring.SIDES]
    values = scoring.trick_values(code)
    return {
        "declarer": options(sides, args.get("declarer") or "we"),
        "level": options(((str(n), f"{n} ({scoring.NUMBERS[n]})") for n in range(1, 8)), args.get("level") or "1"),
        "denomination": options(
            (
                (d, f"{scoring.denomination_label(d).capitalize()} ({values[d]} a trick)")
                for d in scoring.denominations(code)
            ),
            args.get("denomination"),
        ),  # fmt: skip
        "doubling": options(((d, d.capitalize()) for d in scoring.DOUBLINGS), args.get("doubling") or "undoubled"),
        "tricks": options(
            ((str(n), f"{n}" + (" (the book)" if n == scoring.BOOK else "")) for n in range(scoring.TRICKS + 1)),
            args.get("tricks") or str(scoring.BOOK + 1),
        ),
        "honours-side": options([("", "Not counted"), *sides], args.get("honours-side") or ""),
        "honours": options(_holding_options(), args.get("honours") or "three"),
        "chicane": options([("", "Nobody"), *sides], args.get("chicane") or ""),
        **revoke_form(code, args),
    }


def revoke_form(code: Code, args: dict[str, str]) -> dict[str, list[Option]]:
    """The parts of the form for what the code scores: an established revoke (which side,
    how many, the declarer's choice where the code gives one), a penalty another law puts in
    the honour column, a deal that scores nothing. A part the code lacks is left out (empty)."""
    sides = [(s, scoring.SIDE_LABELS[s]) for s in scoring.SIDES]
    form: dict[str, list[Option]] = {"revoke-side": [], "revokes": [], "revoke-choice": [], "penalty": [], "deal": []}
    if "revoke-penalty" in code.score_values:
        form["revoke-side"] = options([("", "Nobody revoked"), *sides], args.get("revoke-side") or "")
        form["revokes"] = options(
            ((str(n), scoring.TIMES[n].capitalize()) for n in range(1, len(scoring.TIMES))), args.get("revokes") or "1"
        )
        tricks = scoring.look(code, "revoke-penalty-tricks").number
        points = scoring.look(code, "revoke-penalty", "adversary").number
        if tricks is not None:
            form["revoke-choice"] = options(
                [
                    ("tricks", f"{scoring.NUMBERS[tricks].capitalize()} of their tricks"),
                    ("points", f"The points ({points} above the line)" if points is not None else "The points"),
                ],
                args.get("revoke-choice") or "tricks",
            )
    penalties = scoring.penalty_ids(code)
    if penalties:
        form["penalty"] = options(
            [("", "None"), *((pid, penalty_label(code, pid)) for pid in penalties)], args.get("penalty") or ""
        )
        form["penalty-side"] = options(sides, args.get("penalty-side") or "we")
    for kind, label in (("passed", "Passed out"), ("void", "A void deal")):
        try:
            scoring.make_unplayed(code, kind, [])
        except SheetError:
            continue  # passed: the dealer must bid under this code
        form["deal"].append(Option(kind, label))
    return form


def penalty_label(code: Code, penalty_id: str) -> str:
    """``Double of partner: 50``: the penalty's name and its points."""
    value = code.score_values[scoring.PENALTY_PREFIX + penalty_id]
    return f"{penalty_id.replace('-', ' ').capitalize()}: {value.value}"


@dataclass
class ClaimOption:
    """One option the code gives for an irregular call: what it does, whether it is what
    happened, and (while the penalty may still be claimed) a link that claims it."""

    title: str
    taken: bool
    claim: str | None = None  # the link's words: "Claim it: raise"
    url: str | None = None


@dataclass
class PointsView:
    text: str
    laws: list[LawLink]


@dataclass
class FindingView:
    number: int  # its place in the list of irregularities (the anchor finding-N)
    title: str
    summary: str
    verdict: str  # what the code says of it now
    laws: list[LawLink]
    url: str | None
    facts: list[str]
    ruled_by: str | None
    options: list[ClaimOption] = field(default_factory=list)
    chooser: str | None = None  # "North or South"
    until: str | None = None
    then: list[str] = field(default_factory=list)  # what followed, and who calls next
    points: list[PointsView] = field(default_factory=list)
    unsure: str | None = None
    same_as: int | None = None  # ruled exactly as an irregularity above: shown as a reference to it


@dataclass
class CallView:
    number: int
    seat: str
    words: str
    verdict: str
    laws: list[LawLink]
    out_of_turn: str | None
    findings: list[FindingView]
    ok: bool
    next: str | None = None  # who calls next, after a call that was irregular or out of turn


@dataclass
class RoleView:
    label: str
    seat: str
    why: str
    laws: list[LawLink]


@dataclass
class AuctionPage:
    code_title: str
    code_id: str
    codes: list[Option]
    dealers: list[Option]
    calls_text: str
    calls_limit: int
    ranking: str
    ranking_laws: list[LawLink]
    calls: list[CallView]
    status: str
    status_laws: list[LawLink]
    next_call: str | None
    points: list[PointsView]
    contract: str | None
    roles: list[RoleView]
    findings: list[FindingView]
    notes: list[str]
    error: str | None
    seats: list[Option]
    call_choices: list[Option]
    dealer: str
    tokens: list[str]
    permalink: str
    closed: bool
    examples: list[str] = field(default_factory=list)


OPEN_STATUSES = ("open", "not-chosen")
"""A finding whose penalty may still be claimed: its options link to the claim."""


def points_view(code: Code, p: checker.Points) -> PointsView:
    return PointsView(
        f"{checker.PAIR_NAMES[p.side]} score {p.points} above the line, {p.why}.", law_links(code, p.cites)
    )


def same_rulings(views: list[FindingView]) -> None:
    """Mark each finding ruled exactly as one above it (same title, verdict, options, what
    followed and ruling link), so the page says so instead of repeating it."""
    seen: dict[tuple, int] = {}
    for v in views:
        key = (v.title, v.verdict, v.url, tuple(v.then), tuple((o.title, o.taken, o.url) for o in v.options))
        first = seen.setdefault(key, v.number)
        if first != v.number:
            v.same_as = first


def claim_options(f: checker.Finding, claim_url: Callable[[str], str] | None) -> list[ClaimOption]:
    """The code's options for ``f``: the one taken marked; while the penalty may still be
    claimed (``claim_url`` given), each penalty a link that writes its claim."""
    out = []
    for o in f.options:
        taken = option_taken(f, o)
        if claim_url is not None and f.status in OPEN_STATUSES and o.word is not None:
            out.append(ClaimOption(o.title, taken, f"Claim it: {o.word.replace('-', ' ')}", claim_url(o.word)))
        else:
            out.append(ClaimOption(o.title, taken))
    return out


def finding_view(
    library: Library,
    code: Code,
    f: checker.Finding,
    number: int = 0,
    claim_url: Callable[[str], str] | None = None,
) -> FindingView:
    url = settle_url(code.id, f.irregularity, dict(f.facts)) if f.irregularity and f.ruled_by else None
    ruled_by = None
    if f.ruled_by and f.ruled_by != code.id:
        ruled_by = (
            f"{code_line(code)} has no law on this; the general laws rule ({code_line(library.code(f.ruled_by))})."
        )
    facts = []
    if url:
        _, irregularity = _question_texts(library, code, f.irregularity)
        for question, answer in f.facts.items():
            facts.append(irregularity.get((question, answer), f"{question}: {answer}"))
    return FindingView(
        number=number,
        title=f.title,
        summary=f.summary,
        verdict=f.verdict,
        laws=law_links(code, f.cites),
        url=url,
        facts=facts,
        ruled_by=ruled_by,
        options=claim_options(f, claim_url),
        chooser=checker.names(f.chooser) if f.chooser else None,
        until=f.until,
        then=list(f.then),
        points=[points_view(code, p) for p in f.points],
        unsure=finding_unsure(f, code),
    )


def _question_texts(
    library: Library, code: Code, irregularity_id: str | None
) -> tuple[str, dict[tuple[str, str], str]]:
    """The facts as the adjudication words them: (question, answer) -> the answer's fact."""
    from adjudicator.engine import find_irregularity

    ruling, irregularity, _ = find_irregularity(code, irregularity_id or "")
    texts = {}
    for question in irregularity.questions.values():
        for answer in question.answers:
            texts[(question.id, answer.id)] = answer.fact or f"{question.ask} {answer.label}."
    return ruling.id, texts


def call_choices(code: Code) -> list[Option]:
    bids = [
        (f"{level}{scoring.letter_of(d)}", scoring.contract_words(level, d, "undoubled").capitalize())
        for level in range(1, checker.MAX_LEVEL + 1)
        for d in sorted(scoring.denominations(code), key=lambda d: checker.bid_key(code, 1, d))
    ]
    return options([("P", "Pass"), ("X", "Double"), ("XX", "Redouble"), *bids], "P")
