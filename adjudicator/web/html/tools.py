"""Table tools as pages: the Auction score sheet and the auction checker.

Plain GET forms, no JavaScript: the whole sheet (or auction) lives in the URL, so it can
be shared and survives a reload. Adding a hand or a call redirects to the clean URL of the
new sheet. The pages are arranged by adjudicator.web.presenters.tools.
"""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request
from werkzeug.wrappers import Response

from adjudicator import auction as checker
from adjudicator import scoring
from adjudicator.errors import BadInput, CallError, SheetError, UnknownCode
from adjudicator.model import Code, Library, whole_number
from adjudicator.presentation.words import code_line
from adjudicator.scoring import cites_text
from adjudicator.web.params import (
    MAX_HANDS,
    MAX_TEXT,
    calls_arg,
    check_calls,
    dealer_arg,
    hand_tokens,
    text_arg,
    time_limit_arg,
)
from adjudicator.web.presenters.common import Hidden
from adjudicator.web.presenters.tools import (
    OPEN_STATUSES,
    AuctionPage,
    CallView,
    FindingView,
    RoleView,
    ScorePage,
    call_choices,
    code_options,
    finding_view,
    hand_form,
    law_links,
    options,
    points_view,
    rubber_view,
    same_rulings,
    scores_chicane,
)
from adjudicator.web.state import library_of
from adjudicator.web.urls import TIME_LIMIT, auction_url, code_url, score_url

bp = Blueprint("tools", __name__, url_prefix="/tools")


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


FORM_FIELDS = (
    "declarer", "level", "denomination", "doubling", "tricks", "honours-side", "honours", "chicane",
    "revoke-side", "revokes", "revoke-choice", "penalty", "penalty-side",
)  # fmt: skip


def _penalties(args: dict[str, str]) -> list[tuple[str, str]]:
    return [(args.get("penalty-side", ""), args["penalty"])] if args.get("penalty") else []


def _new_hand(code: Code, args: dict[str, str], kind: str) -> scoring.Entry:
    """The hand the form describes (``kind`` 1), or a deal that scores nothing (passed, void)."""
    if kind in scoring.UNPLAYED:
        return scoring.make_unplayed(code, kind, _penalties(args))

    def number(name: str, low: int, high: int) -> int:
        text = args.get(name, "")
        value = whole_number(text, low, high)
        if value is None:
            raise SheetError(f"{name} must be a number from {low} to {high}", field=name, value=text)
        return value

    honours = None
    if args.get("honours-side"):
        honours = (args["honours-side"], args.get("honours", ""))
    revokes = []
    if args.get("revoke-side"):
        side = args["revoke-side"]
        choice = args.get("revoke-choice") or None if side != args.get("declarer") else None
        revokes.append((side, number("revokes", 1, len(scoring.TIMES) - 1), choice))
    return scoring.make_hand(
        code,
        declarer=args.get("declarer", ""),
        level=number("level", 1, 7),
        denomination=args.get("denomination", ""),
        doubling=args.get("doubling", "undoubled"),
        tricks=number("tricks", 0, scoring.TRICKS),
        honours=honours,
        chicane=args.get("chicane") or None,
        revokes=revokes,
        penalties=_penalties(args),
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
            added = _new_hand(code, args, text_arg("add", 10))
        except SheetError as exc:
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
        except SheetError as exc:
            skipped.append(f"Hand {number} ({token}) is left out under this code: {exc}")
    sheet = scoring.score_sheet(code, hands, time_limit=time_limit)
    seen: dict[str, str] = {}  # notes shown so far, and where
    words = {h.token(): scoring.hand_words(h) for h in hands}
    net = ", ".join(f"{scoring.SIDE_LABELS[s]} {sheet.net[s]:+d}" for s in scoring.SIDES)
    page = ScorePage(
        code_title=code_line(code),
        code_url=code_url(code.id, "scoring"),
        code_id=code.id,
        codes=code_options(offered, code),
        hidden=[Hidden("hand", t) for t in tokens] + ([Hidden(TIME_LIMIT, "on")] if time_limit else []),
        hands=[Hidden("hand", t) for t in tokens],
        time_limit=time_limit,
        rubbers=[rubber_view(code, r, seen) for r in sheet.rubbers],
        net=net,
        gross=", ".join(f"{scoring.SIDE_LABELS[s]} {sheet.gross[s]}" for s in scoring.SIDES),
        players=f"Each player of a side is plus or minus what his side is: {net}.",
        notes=list(sheet.notes),
        skipped=skipped,
        error=error,
        form=hand_form(code, args),
        chicane=scores_chicane(code),
        permalink=score_url(code.id, tokens, time_limit),
        new_url=score_url(code.id, []),
        count=len(hands),
        removable=options(
            ((str(n), f"Hand {n}: {words.get(t, t)}") for n, t in enumerate(tokens, 1)), str(len(tokens))
        ),
    )
    return render_template("tools/score.html", page=page), 400 if error else 200


@bp.get("/auction")
def auction() -> str | Response | tuple[str, int]:
    library = library_of(current_app)
    offered = checker.checkable_codes(library)
    code = _code(library, offered, text_arg("code", 80))
    dealer_text = dealer_arg()
    calls_text = calls_arg()
    error = None
    try:
        dealer = checker.parse_seat(dealer_text, "dealer")
        calls = checker.parse_calls(calls_text, code)
    except CallError as exc:
        dealer, calls, error = (dealer_text.upper() if dealer_text.upper() in checker.SEATS else "N"), [], str(exc)
    check_calls(calls)
    result = checker.check_auction(code, dealer, calls)
    if request.args.get("add") and error is None:
        seat = text_arg("seat", 10)
        word = text_arg("call", 10)
        try:
            added = checker.parse_call(f"{seat}:{word}" if seat else word, code)
        except CallError as exc:
            error = f"That call cannot be added: {exc}"
        else:
            return redirect(auction_url(code.id, dealer, [*result.tokens, added.token()]), 303)
    following = result.next_call or dealer
    open_claims = result.ended != "new-deal"  # a claim may follow the close (a penalty the code sets no time for)

    def claim_url(word: str) -> str:
        return auction_url(code.id, dealer, [*result.tokens, f"claim:{word}"])

    numbers = {id(f): n for n, f in enumerate(result.findings, 1)}
    # a claim goes to the last irregular call the side not in fault may still penalize
    claimable = [f for f in result.findings if f.status in OPEN_STATUSES]
    target = id(claimable[-1]) if claimable and open_claims else None

    unsure_seen: dict[str, int] = {}  # an unsure sentence shown in full once, then referred to

    def view(f: checker.Finding) -> FindingView:
        found = finding_view(library, code, f, numbers.get(id(f), 0), claim_url if id(f) == target else None)
        if found.unsure is not None and found.number:
            first = unsure_seen.setdefault(found.unsure, found.number)
            if first != found.number:
                found.unsure = f"The same is unsettled here as for irregularity {first} above."
        return found

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
                findings=[view(f) for f in j.findings],
                ok=j.ok,
                # who calls next, where it is not simply the caller's left-hand neighbour
                next=checker.SEAT_NAMES[j.next] if j.next and j.next != checker.left_of(j.seat) else None,
            )
        )
    listed = [view(f) for f in result.findings]
    same_rulings(listed)
    page = AuctionPage(
        code_title=code_line(code),
        code_id=code.id,
        codes=code_options(offered, code),
        dealers=options(((s, checker.SEAT_NAMES[s]) for s in checker.SEATS), dealer),
        calls_text=" ".join(result.tokens) if error is None else calls_text,
        calls_limit=MAX_TEXT,
        ranking=checker.RANKING_WORDS.get(result.ranking, result.ranking),
        ranking_laws=law_links(code, result.ranking_cites),
        calls=calls_view,
        status=result.status.replace(cites_text(result.status_cites), ""),
        status_laws=law_links(code, result.status_cites),
        next_call=checker.SEAT_NAMES[result.next_call] if result.next_call else None,
        points=[points_view(code, p) for p in result.points],
        contract=contract,
        roles=roles,
        findings=listed,
        notes=list(result.notes),
        error=error,
        seats=options(
            [
                ("", f"Next in turn ({checker.SEAT_NAMES[following]})"),
                *((s, checker.SEAT_NAMES[s]) for s in checker.SEATS),
            ],
            "",
        ),  # fmt: skip
        call_choices=call_choices(code),
        dealer=dealer,
        tokens=result.tokens,
        permalink=auction_url(code.id, dealer, result.tokens),
        closed=result.closed or result.ended is not None,  # passed out or a new deal: no more calls
        examples=["1H P 2C P P P", "2S 2H S:claim:raise P P P", "N:1H S:2H", "1N X XX P P P"],
    )
    return render_template("tools/auction.html", page=page), 400 if error else 200
