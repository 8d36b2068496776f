"""Table tools as pages: the Auction score sheet and the auction checker.

Plain GET forms, no JavaScript: the whole sheet (or auction) lives in the URL, so it can
be shared and survives a reload. Adding a hand or a call redirects to the clean URL of the
new sheet. The presenters here turn adjudicator.scoring and adjudicator.auction results
into plain objects; the templates (templates/tools/) only display them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlencode

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from adjudicator import auction as checker
from adjudicator import scoring
from adjudicator.errors import UnknownCode
from adjudicator.model import Citation, Code, Library, whole_number
from adjudicator.web import library_of
from adjudicator.web.handlers import BadInput
from adjudicator.web.params import flag, text_arg
from adjudicator.web.views import Hidden, Option, code_line, law_url, settle_url

bp = Blueprint("tools", __name__, url_prefix="/tools")

# the limits of the pages and of the API (tools_api.py), which take the same sheets and auctions
MAX_HANDS = 24  # a long evening of rubbers; keeps the page under 50 KB
MAX_CALLS = 40  # far beyond any real auction; keeps the page under 50 KB
MAX_TEXT = 400  # the calls as one text
MAX_TOKEN = 80  # one hand
TIME_LIMIT = "time-limit"


# ---------------------------------------------------------------- shared pieces


@dataclass
class LawLink:
    text: str
    url: str | None


def law_links(code: Code, cites: Iterable[Citation]) -> list[LawLink]:
    """Each cited law as a link to its page (plain text if the code lacks it)."""
    out = []
    for cite in dict.fromkeys(cites):
        known = cite.number in code.laws
        out.append(LawLink(f"Law {cite}", law_url(code.id, cite.number) if known else None))
    return out


def options(pairs: Iterable[tuple[str, str]], selected: str | None) -> list[Option]:
    return [Option(value, label, value == selected) for value, label in pairs]


def _code(library: Library, offered: list[Code], given: str) -> Code:
    """The code named by ``?code=`` (the latest offered code when none is named)."""
    if not offered:
        raise BadInput("no code of laws in this library has the scoring data the table tools need", "code")
    if not given:
        return max(offered, key=lambda c: (c.year, c.id))
    code = library.code(given)
    if code not in offered:
        raise UnknownCode(given, [c.id for c in offered], field="code", where="the table tools")
    return code


def _list(name: str, limit: int) -> list[str]:
    values = request.args.getlist(name)
    if len(values) > limit:
        raise BadInput(f"at most {limit} {name} parameters; got {len(values)}", name)
    for value in values:
        if len(value) > MAX_TOKEN:
            raise BadInput(f"a {name} is at most {MAX_TOKEN} characters long", name)
    return [v.strip() for v in values if v.strip()]


def hand_tokens() -> list[str]:
    """The sheet's hands (``hand``, repeated), as the page and the API read them."""
    return _list("hand", MAX_HANDS)


def time_limit_arg() -> bool:
    """``time-limit``: play stopped at a time limit (1, on, true or yes; 0, off, false, no or absent)."""
    return flag(request.args, TIME_LIMIT)


def calls_arg() -> str:
    """The calls as one text (``calls``), as the page and the API read them."""
    return text_arg("calls", MAX_TEXT)


def check_calls(calls: Sequence[checker.Call]) -> None:
    if len(calls) > MAX_CALLS:
        raise BadInput(f"at most {MAX_CALLS} calls; got {len(calls)}", "calls")


def _code_options(offered: list[Code], code: Code) -> list[Option]:
    return options(((c.id, code_line(c)) for c in offered), code.id)


# ---------------------------------------------------------------- the score sheet


def score_url(code_id: str, tokens: Sequence[str], time_limit: bool = False, anchor: str | None = None) -> str:
    pairs = [("code", code_id), *(("hand", t) for t in tokens)]
    if time_limit:
        pairs.append((TIME_LIMIT, "on"))
    return f"{url_for('tools.score')}?{urlencode(pairs)}" + (f"#{anchor}" if anchor else "")


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


def _rubber_view(code: Code, rubber: scoring.Rubber, seen: dict[str, str]) -> RubberView:
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


def _scores_chicane(code: Code) -> bool:
    looked = scoring.look(code, "chicane-multiple")
    return looked.applies and bool(looked.number)


def _form(code: Code, args: dict[str, str]) -> dict[str, list[Option]]:
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
    }


FORM_FIELDS = ("declarer", "level", "denomination", "doubling", "tricks", "honours-side", "honours", "chicane")


def _new_hand(code: Code, args: dict[str, str]) -> scoring.Hand:
    def number(name: str, low: int, high: int) -> int:
        text = args.get(name, "")
        value = whole_number(text, low, high)
        if value is None:
            raise scoring.SheetError(f"{name} must be a number from {low} to {high}", field=name, value=text)
        return value

    honours = None
    if args.get("honours-side"):
        honours = (args["honours-side"], args.get("honours", ""))
    return scoring.make_hand(
        code,
        declarer=args.get("declarer", ""),
        level=number("level", 1, 7),
        denomination=args.get("denomination", ""),
        doubling=args.get("doubling", "undoubled"),
        tricks=number("tricks", 0, scoring.TRICKS),
        honours=honours,
        chicane=args.get("chicane") or None,
    )


@bp.get("")
def index() -> str:
    library = library_of(current_app)
    scorable = scoring.scorable_codes(library)
    checkable = checker.checkable_codes(library)
    return render_template(
        "tools/index.html",
        scorable=[(code_line(c), score_url(c.id, [])) for c in scorable],
        checkable=[(code_line(c), auction_url(c.id, "N", [])) for c in checkable],
    )


@bp.get("/score")
def score() -> str | Response | tuple[str, int]:
    library = library_of(current_app)
    offered = scoring.scorable_codes(library)
    code = _code(library, offered, text_arg("code", 80))
    tokens = hand_tokens()
    time_limit = time_limit_arg()
    args = {name: text_arg(name, 40) for name in FORM_FIELDS}
    error = None
    remove = text_arg("remove", 4)
    if remove:
        number = whole_number(remove, 1, len(tokens))
        if number is None:
            raise BadInput(f"'remove' is the number of a hand on the sheet, 1 to {len(tokens)}", "remove")
        rest = tokens[: number - 1] + tokens[number:]
        return redirect(score_url(code.id, rest, time_limit), 303)
    if request.args.get("add"):
        try:
            added = _new_hand(code, args)
        except scoring.SheetError as exc:
            error = f"That hand cannot be scored: {exc}"
        else:
            if len(tokens) >= MAX_HANDS:
                raise BadInput(f"a sheet holds at most {MAX_HANDS} hands; start a new sheet", "hand")
            tokens = [*tokens, added.token()]
            return redirect(score_url(code.id, tokens, time_limit, f"hand-{len(tokens)}"), 303)
    hands, skipped = [], []
    for number, token in enumerate(tokens, 1):
        try:
            hands.append(scoring.parse_hand(token, code))
        except scoring.SheetError as exc:
            skipped.append(f"Hand {number} ({token}) is left out under this code: {exc}")
    sheet = scoring.score_sheet(code, hands, time_limit=time_limit)
    seen: dict[str, str] = {}  # notes shown so far, and where
    words = {h.token(): scoring.hand_words(h) for h in hands}
    net = ", ".join(f"{scoring.SIDE_LABELS[s]} {sheet.net[s]:+d}" for s in scoring.SIDES)
    page = ScorePage(
        code_title=code_line(code),
        code_url=url_for("pages.code", code=code.id, _anchor="scoring"),
        code_id=code.id,
        codes=_code_options(offered, code),
        hidden=[Hidden("hand", t) for t in tokens] + ([Hidden(TIME_LIMIT, "on")] if time_limit else []),
        hands=[Hidden("hand", t) for t in tokens],
        time_limit=time_limit,
        rubbers=[_rubber_view(code, r, seen) for r in sheet.rubbers],
        net=net,
        gross=", ".join(f"{scoring.SIDE_LABELS[s]} {sheet.gross[s]}" for s in scoring.SIDES),
        players=f"Each player of a side is plus or minus what his side is: {net}.",
        notes=list(sheet.notes),
        skipped=skipped,
        error=error,
        form=_form(code, args),
        chicane=_scores_chicane(code),
        permalink=score_url(code.id, tokens, time_limit),
        new_url=score_url(code.id, []),
        count=len(hands),
        removable=options(
            ((str(n), f"Hand {n}: {words.get(t, t)}") for n, t in enumerate(tokens, 1)), str(len(tokens))
        ),
    )
    return render_template("tools/score.html", page=page), 400 if error else 200


# ---------------------------------------------------------------- the auction checker


def auction_url(code_id: str, dealer: str, tokens: Sequence[str]) -> str:
    pairs = [("code", code_id), ("dealer", dealer)]
    if tokens:
        pairs.append(("calls", " ".join(tokens)))
    return f"{url_for('tools.auction')}?{urlencode(pairs)}"


@dataclass
class FindingView:
    title: str
    summary: str
    assumed: str | None
    laws: list[LawLink]
    url: str | None
    facts: list[str]
    ruled_by: str | None


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


def _finding_view(library: Library, code: Code, f: checker.Finding) -> FindingView:
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
        f.title, f.summary, " ".join([f.verdict, *f.then]), law_links(code, f.cites), url, facts, ruled_by
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


def _call_choices(code: Code) -> list[Option]:
    bids = [
        (f"{level}{scoring.letter_of(d)}", scoring.contract_words(level, d, "undoubled").capitalize())
        for level in range(1, checker.MAX_LEVEL + 1)
        for d in sorted(scoring.denominations(code), key=lambda d: checker.bid_key(code, 1, d))
    ]
    return options([("P", "Pass"), ("X", "Double"), ("XX", "Redouble"), *bids], "P")


@bp.get("/auction")
def auction() -> str | Response | tuple[str, int]:
    library = library_of(current_app)
    offered = checker.checkable_codes(library)
    code = _code(library, offered, text_arg("code", 80))
    dealer_text = text_arg("dealer", 10) or "N"
    calls_text = calls_arg()
    error = None
    try:
        dealer = checker.parse_seat(dealer_text, "dealer")
        calls = checker.parse_calls(calls_text, code)
    except checker.CallError as exc:
        dealer, calls, error = (dealer_text.upper() if dealer_text.upper() in checker.SEATS else "N"), [], str(exc)
    check_calls(calls)
    result = checker.check_auction(code, dealer, calls)
    if request.args.get("add") and error is None:
        seat = text_arg("seat", 10)
        word = text_arg("call", 10)
        try:
            added = checker.parse_call(f"{seat}:{word}" if seat else word, code)
        except checker.CallError as exc:
            error = f"That call cannot be added: {exc}"
        else:
            return redirect(auction_url(code.id, dealer, [*result.tokens, added.token()]), 303)
    next_seat = result.judgements[-1].seat if result.judgements else None
    following = checker.left_of(next_seat) if next_seat else dealer
    contract = None
    if result.contract is not None:
        contract = f"{result.contract.words.capitalize()}, by {checker.PAIR_NAMES[result.contract.side]}"
    roles = [
        RoleView(label, checker.SEAT_NAMES[role.seat], role.why, law_links(code, role.cites))
        for label, role in (("Declarant", result.declarant), ("Dummy", result.dummy), ("Leader", result.leader))
        if role is not None
    ]
    calls_view = []
    for j in result.judgements:
        calls_view.append(
            CallView(
                number=j.number,
                seat=checker.SEAT_NAMES[j.seat],
                words=j.words.capitalize(),
                verdict="" if j.verdict == "pass" else j.verdict,
                laws=law_links(code, j.cites),
                out_of_turn=None if j.seat == j.turn else f"It was {checker.SEAT_NAMES[j.turn]}'s turn.",
                findings=[_finding_view(library, code, f) for f in j.findings],
                ok=j.ok,
            )
        )
    page = AuctionPage(
        code_title=code_line(code),
        code_id=code.id,
        codes=_code_options(offered, code),
        dealers=options(((s, checker.SEAT_NAMES[s]) for s in checker.SEATS), dealer),
        calls_text=" ".join(result.tokens) if error is None else calls_text,
        calls_limit=MAX_TEXT,
        ranking=checker.RANKING_WORDS.get(result.ranking, result.ranking),
        ranking_laws=law_links(code, result.ranking_cites),
        calls=calls_view,
        status=result.status,
        contract=contract,
        roles=roles,
        findings=[_finding_view(library, code, f) for f in result.findings],
        notes=list(result.notes),
        error=error,
        seats=options(
            [
                ("", f"Next in turn ({checker.SEAT_NAMES[following]})"),
                *((s, checker.SEAT_NAMES[s]) for s in checker.SEATS),
            ],
            "",
        ),  # fmt: skip
        call_choices=_call_choices(code),
        dealer=dealer,
        tokens=result.tokens,
        permalink=auction_url(code.id, dealer, result.tokens),
        closed=result.closed,
        examples=["1H P 2C P P P", "1S 1H", "N:1H S:2H", "1N X XX P P P"],
    )
    return render_template("tools/auction.html", page=page), 400 if error else 200
