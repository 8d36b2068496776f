"""The table tools presented: a scored Auction sheet (adjudicator.scoring) and a checked
auction (adjudicator.auction), with the laws each figure and judgement rests on."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator import auction as checker
from adjudicator import scoring
from adjudicator.engine import Ruling
from adjudicator.model import Code
from adjudicator.presentation.common import CodeRef, Model, cites
from adjudicator.presentation.words import unsure_text
from adjudicator.scoring import cites_text

Side = Literal["we", "they"]
Seat = Literal["N", "E", "S", "W"]
assert set(Side.__args__) == set(scoring.SIDES) and set(Seat.__args__) == set(checker.SEATS)  # type: ignore[attr-defined]  # noqa: S101


class Sides(Model):
    we: int
    they: int


def sides(values: object) -> Sides:
    return Sides(**dict(values))  # type: ignore[call-overload]


class ScoreFigure(Model):
    side: Side
    column: Literal["below", "above"]
    item: str
    points: int | None = Field(description="null: the code's data has no figure for it (see note)")
    reason: str
    cites: list[str] = Field(description="the laws the figure rests on")
    values: list[str] = Field(description="the ids of the code's scoring values used")
    note: str | None
    unsure: str | None = Field(description="why the sources do not confirm the figure the code's data gives")


def figure(item: scoring.Figure) -> ScoreFigure:
    return ScoreFigure(
        side=item.side,  # type: ignore[arg-type]
        column=item.column,  # type: ignore[arg-type]
        item=item.item,
        points=item.points,
        reason=item.reason,
        cites=cites(item.cites),
        values=list(item.values),
        note=item.note,
        unsure=item.unsure,
    )


class Honours(Model):
    side: Side
    holding: str


class Revoke(Model):
    side: Side = Field(description="the side that revoked")
    count: int
    choice: Literal["tricks", "points"] | None = Field(description="the declarer's choice for his adversaries' revoke")


class Penalty(Model):
    side: Side = Field(description="the side that scores it")
    penalty: str


class ScoreHand(Model):
    token: str = Field(description="the hand as the `hand` parameter writes it")
    kind: Literal["played", "passed", "void"] = Field(description="a hand played, or a deal not scored")
    declarer: Side | None
    level: int | None
    denomination: str | None
    doubling: Literal["undoubled", "doubled", "redoubled"] | None
    tricks: int | None = Field(description="the declaring side's tricks taken in play")
    honours: Honours | None
    chicane: Side | None
    revokes: list[Revoke]
    penalties: list[Penalty]


def hand(item: scoring.Entry) -> ScoreHand:
    """A hand as entered (a hand played, or a deal passed out or void), with its token for
    the ``hand`` parameter."""
    penalties = [Penalty(side=p.side, penalty=p.penalty) for p in item.penalties]  # type: ignore[arg-type]
    if isinstance(item, scoring.Unplayed):
        return ScoreHand(
            token=item.token(),
            kind=item.kind,  # type: ignore[arg-type]
            declarer=None,
            level=None,
            denomination=None,
            doubling=None,
            tricks=None,
            honours=None,
            chicane=None,
            revokes=[],
            penalties=penalties,
        )
    return ScoreHand(
        token=item.token(),
        kind="played",
        declarer=item.declarer,  # type: ignore[arg-type]
        level=item.level,
        denomination=item.denomination,
        doubling=item.doubling,  # type: ignore[arg-type]
        tricks=item.tricks,
        honours=None if item.honours is None else Honours(side=item.honours.side, holding=item.honours.holding),  # type: ignore[arg-type]
        chicane=item.chicane,  # type: ignore[arg-type]
        revokes=[Revoke(side=r.side, count=r.count, choice=r.choice) for r in item.revokes],  # type: ignore[arg-type]
        penalties=penalties,
    )


class Game(Model):
    number: int
    winner: Side
    below: Sides
    cites: list[str]


def game(item: scoring.Game) -> Game:
    return Game(number=item.number, winner=item.winner, below=sides(item.below), cites=cites(item.cites))  # type: ignore[arg-type]


class ScoredHand(Model):
    number: int
    words: str
    hand: ScoreHand
    game: int
    figures: list[ScoreFigure]
    made: bool | None = Field(description="the contract made, counting tricks taken for a revoke")
    cites: list[str] = Field(description="for a deal not scored: its law")
    note: str | None
    game_won: Game | None
    rubber_won: Side | None


class Settlement(Model):
    plus: Side | None
    points: int
    totals: Sides
    complete: bool
    cites: list[str]


class Rubber(Model):
    number: int
    finished: bool
    winner: Side | None
    stopped_at_time_limit: bool
    games_won: Sides
    games: list[Game]
    game_in_progress: Sides
    hands: list[ScoredHand]
    bonuses: list[ScoreFigure]
    above: Sides
    below: Sides
    totals: Sides
    unknown: list[ScoreFigure]
    settlement: Settlement | None


def rubber(item: scoring.Rubber) -> Rubber:
    s = item.settlement
    return Rubber(
        number=item.number,
        finished=item.finished,
        winner=item.winner,  # type: ignore[arg-type]
        stopped_at_time_limit=item.stopped_at_time_limit,
        games_won=sides(item.games_won),
        games=[game(g) for g in item.games],
        game_in_progress=sides(item.game_in_progress),
        hands=[
            ScoredHand(
                number=h.number,
                words=h.words,
                hand=hand(h.hand),
                game=h.game,
                figures=[figure(f) for f in h.figures],
                made=h.made,
                cites=cites(h.cites),
                note=h.note,
                game_won=None if h.game_won is None else game(h.game_won),
                rubber_won=h.rubber_won,  # type: ignore[arg-type]
            )
            for h in item.hands
        ],
        bonuses=[figure(f) for f in item.bonuses],
        above=sides(item.above),
        below=sides(item.below),
        totals=sides(item.totals),
        unknown=[figure(f) for f in item.unknown],
        settlement=None
        if s is None
        else Settlement(
            plus=s.plus, points=s.points, totals=sides(s.totals), complete=s.complete, cites=cites(s.cites)
        ),  # type: ignore[arg-type]
    )


class ScoreSheet(Model):
    code: CodeRef
    hands: list[str]
    time_limit: bool
    rubbers: list[Rubber]
    net: Sides = Field(description="plus and minus over the settled rubbers")
    gross: Sides = Field(description="every point of every rubber (scoring without stakes)")
    complete: bool
    notes: list[str]


def score_sheet(sheet: scoring.Sheet, code: Code) -> ScoreSheet:
    """Every hand's figures with their laws, the games and rubbers, the totals, the
    plus-and-minus settlement and the party totals."""
    return ScoreSheet(
        code=CodeRef.of(code),
        hands=list(sheet.tokens),
        time_limit=sheet.time_limit,
        rubbers=[rubber(r) for r in sheet.rubbers],
        net=sides(sheet.net),
        gross=sides(sheet.gross),
        complete=sheet.complete,
        notes=list(sheet.notes),
    )


class AuctionPoints(Model):
    side: Literal["NS", "EW"]
    points: int
    why: str
    cites: list[str]
    call: int = Field(description="the number of the call the penalty was claimed for")


def points(item: checker.Points) -> AuctionPoints:
    return AuctionPoints(side=item.side, points=item.points, why=item.why, cites=cites(item.cites), call=item.call)  # type: ignore[arg-type]


class FindingRemedy(Model):
    id: str
    title: str
    now: str
    cites: list[str]


class FindingOutcome(Model):
    answers: dict[str, str]
    remedy: str
    title: str


class FindingOption(Model):
    word: str | None = Field(description="as claim:WORD writes it (null: no claim)")
    title: str
    text: str
    remedy: str
    stands: bool


class FindingClaim(Model):
    seat: Seat | None
    word: str
    after: int
    in_time: bool


Status = Literal[tuple(checker.STATUSES)]  # type: ignore[valid-type]


class AuctionFinding(Model):
    irregularity: str | None = Field(description="the irregularity id, shared by the codes")
    title: str
    call: int
    seat: Seat
    summary: str
    facts: dict[str, str] = Field(description="question id -> answer id: what the sequence answers")
    ruled_by: str | None = Field(description="the code that rules on it (this one or its general laws)")
    cites: list[str]
    status: Status = Field(description="what the finding comes to")  # type: ignore[valid-type]
    verdict: str = Field(description="what the code says of it now, in plain words")
    remedy: FindingRemedy | None = Field(description="the remedy in force, once the sequence settles it")
    outcomes: list[FindingOutcome] = Field(
        description="while a fact is still open (a claim not yet made): each outcome and what decides it"
    )
    options: list[FindingOption] = Field(description="every option the code gives")
    chooser: list[Seat] = Field(description="the seats that may choose")
    until: str | None
    claim: FindingClaim | None
    then: list[str] = Field(description="what the checker carried out, and who calls next")
    points: list[AuctionPoints]
    unsure: str | None


def finding_unsure(item: checker.Finding, code: Code) -> str | None:
    ruling_code = item.ruling.code if isinstance(item.ruling, Ruling) else code
    return unsure_text(ruling_code, item.unsure)


def finding(item: checker.Finding, code: Code) -> AuctionFinding:
    """An irregularity the auction checker found and ruled."""
    ruling, remedy, claim = item.ruling, item.remedy, item.claim
    outcomes = []
    if isinstance(ruling, Ruling) and not ruling.is_certain:
        outcomes = [
            FindingOutcome(
                answers={s.question.id: s.answer.id for s in o.steps if s.assumed},
                remedy=o.remedy.id,
                title=o.remedy.title,
            )
            for o in ruling.outcomes
        ]
    return AuctionFinding(
        irregularity=item.irregularity,
        title=item.title,
        call=item.call,
        seat=item.seat,  # type: ignore[arg-type]
        summary=item.summary,
        facts=dict(item.facts),
        ruled_by=item.ruled_by,
        cites=cites(item.cites),
        status=item.status,
        verdict=item.verdict,
        remedy=None
        if remedy is None
        else FindingRemedy(id=remedy.id, title=remedy.title, now=remedy.now, cites=cites(remedy.cites)),
        outcomes=outcomes,
        options=[
            FindingOption(word=o.word, title=o.title, text=o.text, remedy=o.remedy, stands=o.stands)
            for o in item.options
        ],
        chooser=list(item.chooser),  # type: ignore[arg-type]
        until=item.until,
        claim=None
        if claim is None
        else FindingClaim(seat=claim.seat, word=claim.word, after=claim.after, in_time=claim.in_time),  # type: ignore[arg-type]
        then=list(item.then),
        points=[points(p) for p in item.points],
        unsure=finding_unsure(item, code),
    )


class Judgement(Model):
    number: int
    seat: str
    turn: str
    call: str
    words: str
    ok: bool
    verdict: str
    cites: list[str]
    findings: list[AuctionFinding]
    next: Seat | None


class Contract(Model):
    level: int
    denomination: str
    doubling: str
    side: Literal["NS", "EW"]
    words: str


class Player(Model):
    """A player the auction names (the declarant, dummy, the leader) and why."""

    seat: str
    why: str
    cites: list[str]


def player(item: checker.Role | None) -> Player | None:
    return None if item is None else Player(seat=item.seat, why=item.why, cites=cites(item.cites))


class Auction(Model):
    code: CodeRef
    dealer: Seat
    calls: list[str]
    ranking: Literal["value-then-tricks", "tricks-then-value"]
    ranking_cites: list[str]
    judgements: list[Judgement]
    ended: Literal["closed", "passed-out", "new-deal"] | None
    closed: bool
    passed_out: bool
    status: str
    status_cites: list[str]
    next_call: Seat | None
    next_dealer: Seat | None
    contract: Contract | None
    declarant: Player | None
    dummy: Player | None
    leader: Player | None
    findings: list[AuctionFinding]
    points: list[AuctionPoints]
    notes: list[str]


def auction(item: checker.Auction, code: Code) -> Auction:
    """Each call judged, the contract, the declarant, dummy and leader, and the
    irregularities found with the facts they settle."""
    c = item.contract
    return Auction(
        code=CodeRef.of(code),
        dealer=item.dealer,  # type: ignore[arg-type]
        calls=list(item.tokens),
        ranking=item.ranking,  # type: ignore[arg-type]
        ranking_cites=cites(item.ranking_cites),
        judgements=[
            Judgement(
                number=j.number,
                seat=j.seat,
                turn=j.turn,
                call=j.call.token(),
                words=j.words,
                ok=j.ok,
                verdict=j.verdict,
                cites=cites(j.cites),
                findings=[finding(f, code) for f in j.findings],
                next=j.next,  # type: ignore[arg-type]
            )
            for j in item.judgements
        ],
        ended=item.ended,  # type: ignore[arg-type]
        closed=item.closed,
        passed_out=item.passed_out,
        status=item.status,
        status_cites=cites(item.status_cites),
        next_call=item.next_call,  # type: ignore[arg-type]
        next_dealer=item.next_dealer,  # type: ignore[arg-type]
        contract=None
        if c is None
        else Contract(level=c.level, denomination=c.denomination, doubling=c.doubling, side=c.side, words=c.words),  # type: ignore[arg-type]
        declarant=player(item.declarant),
        dummy=player(item.dummy),
        leader=player(item.leader),
        findings=[finding(f, code) for f in item.findings],
        points=[points(p) for p in item.points],
        notes=list(item.notes),
    )


def option_taken(finding: checker.Finding, option: checker.Option) -> bool:
    """Whether ``option`` is what happened to the finding."""
    if finding.status == "claimed" and finding.claim is not None:
        return option.word == finding.claim.word
    return option.word is None and finding.status in ("too-late", "claimed-too-late")


def auction_lines(result: checker.Auction, code: Code) -> list[str]:
    """The checked auction in plain text: each call and who calls next, each irregularity
    ruled (its options, who chooses and until when, the claim, what followed), the outcome."""
    lines = [
        f"Auction under {code.title} ({code.year}); {checker.SEAT_NAMES[result.dealer]} dealt",
        f"Bids rank {checker.RANKING_WORDS.get(result.ranking, result.ranking)}{cites_text(result.ranking_cites)}",
        "",
    ]
    for j in result.judgements:
        turn = "" if j.seat == j.turn else f" (it was {checker.SEAT_NAMES[j.turn]}'s turn)"
        lines.append(
            f"  {j.number:>2}. {checker.SEAT_NAMES[j.seat]:5} {j.words:22} {j.verdict}{cites_text(j.cites)}{turn}"
        )
        for f in j.findings:
            lines.append(f"      ! {f.title}: {f.summary}{cites_text(f.cites)}")
            lines.append(f"        {f.verdict}")
            if f.claim is not None:
                who = checker.SEAT_NAMES[f.claim.seat] if f.claim.seat else "The side not in fault"
                lines.append(f"        {who} claimed after call {f.claim.after}: claim:{f.claim.word}")
            if f.options:
                who = f" ({checker.names(f.chooser)} chooses{', ' + f.until if f.until else ''})" if f.chooser else ""
                lines.append(f"        What the code gives{who}:")
                for o in f.options:
                    word = f"claim:{o.word}" if o.word else "no claim"
                    lines.append(f"          {word:24} {o.title}{'   <- this' if option_taken(f, o) else ''}")
            for sentence in f.then:
                lines.append(f"        {sentence}")
            unsure = finding_unsure(f, code)
            if unsure:
                lines.append(f"        Unsure: {unsure}")
            shown = checker.fact_sentences(code, f)
            if shown:
                lines.append("        What the calls show: " + " ".join(shown))
    lines += ["", result.status]
    if result.contract is not None:
        label = "Contract" if result.closed else "The bid so far"
        lines.append(f"{label}: {result.contract.words}, by {checker.PAIR_NAMES[result.contract.side]}")
    for label, role in (("Declarant", result.declarant), ("Dummy", result.dummy), ("Leader", result.leader)):
        if role is not None:
            lines.append(f"{label}: {checker.SEAT_NAMES[role.seat]} ({role.why}){cites_text(role.cites)}")
    if result.next_call is not None:
        lines.append(f"Next to call: {checker.SEAT_NAMES[result.next_call]}")
    for p in result.points:
        lines.append(
            f"Penalty: {checker.PAIR_NAMES[p.side]} score {p.points} above the line, {p.why}{cites_text(p.cites)}"
        )
    lines += list(result.notes)
    return lines
