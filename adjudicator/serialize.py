"""The model and the engine's results as plain JSON-ready data.

One shape for everyone: ``adjudicator ... --json`` prints it and the API returns it, so a
script gets from the CLI exactly the ruling the web service gives.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.auction import Auction, Finding, Points, Role
from adjudicator.engine import NextQuestion, Outcome, Ruling, Step, available
from adjudicator.model import NOT_SURE, Citation, Code, Effect, EtiquetteItem, Law, Next, Quote, Remedy, Term, Unsure
from adjudicator.quiz import Item as QuizItem
from adjudicator.quiz import Quiz
from adjudicator.scoring import Entry, Figure, Game, Sheet, Unplayed

if TYPE_CHECKING:  # the search module imports whoosh: not needed to serialize its results
    from adjudicator.search import Results

DIGEST_LABEL = "Digest: our summary of the law in our own words, not the code's text"


def _cites(cites: Iterable[Citation]) -> list[str]:
    return [str(c) for c in cites]


def _code_ref(code: Code) -> dict[str, Any]:
    """The code a ruling, quiz, score sheet or auction is under, as their JSON names it."""
    return {"id": code.id, "title": code.title, "edition": code.edition, "year": code.year, "game": code.game}


def code_summary(code: Code) -> dict[str, Any]:
    return {
        "id": code.id,
        "game": code.game,
        "game_title": code.game_title,
        "title": code.title,
        "edition": code.edition,
        "year": code.year,
        "body": code.body,
        "kind": code.kind,
        "extends": code.extends,
        "fallback": code.fallback.id if code.fallback else None,
        "laws": len(code.laws),
        "irregularities": len(code.irregularities),
    }


def quote(q: Quote, code: Code) -> dict[str, Any]:
    source = code.sources.get(q.source)
    return {
        "source": q.source,
        "citation": source.citation if source else None,
        "kind": q.kind,
        "words": q.words,
        "note": q.note,
    }


def law(item: Law, code: Code, *, full: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": item.number,
        "title": item.title,
        "section": item.section,
        "section_title": code.sections[item.section].title if item.section in code.sections else None,
        "code": code.id,
        "origin": item.origin,
    }
    if full:
        data.update(
            {
                "topics": list(item.topics),
                "text": item.text,
                "text_label": DIGEST_LABEL,
                "quotes": [quote(q, code) for q in item.quotes],
                "see_also": _cites(item.see_also),
                "basis": item.basis,
                "basis_note": item.basis_note,
                "same_as": dict(item.same_as),
                "notes": item.notes,
            }
        )
    return data


def etiquette(item: EtiquetteItem, code: Code) -> dict[str, Any]:
    return {
        "id": item.id,
        "number": item.number,
        "title": item.title,
        "text": item.text,
        "why": item.why,
        "proper": list(item.proper),
        "improper": list(item.improper),
        "quotes": [quote(q, code) for q in item.quotes],
        "see_also": _cites(item.see_also),
        "origin": item.origin,
    }


def term(item: Term) -> dict[str, Any]:
    return {
        "id": item.id,
        "term": item.term,
        "definition": item.definition,
        "synonyms": list(item.synonyms),
        "see_also": _cites(item.see_also),
    }


def scoring(code: Code) -> dict[str, Any]:
    """A code's score tables (with the rows each is unsure of) and its scoring values."""
    return {
        "tables": [
            {
                "id": t.id,
                "title": t.title,
                "columns": list(t.columns),
                "rows": [list(r) for r in t.rows],
                "cites": _cites(t.cites),
                "notes": t.notes,
                "unsure": list(t.unsure),
            }
            for t in code.score_tables
        ],
        "values": {
            v.id: {
                "value": dict(v.value) if isinstance(v.value, Mapping) else v.value,
                "cites": _cites(v.cites),
                "note": v.note,
                "unsure": v.unsure,
            }
            for v in code.score_values.values()
        },
    }


def code_detail(code: Code) -> dict[str, Any]:
    return {
        **code_summary(code),
        "verification": code.verification,
        "summary": code.summary,
        "lineage": list(code.lineage),
        "sources": [
            {"key": s.key, "citation": s.citation, "url": s.url, "seed": s.seed} for s in code.sources.values()
        ],
        "sections": [{"id": s.id, "title": s.title} for s in code.sections.values()],
        "laws": [law(item, code, full=False) for item in code.laws.values()],
        "irregularities": [
            {
                "id": irr.id,
                "title": irr.title,
                "phase": irr.phase,
                "summary": irr.summary,
                "under": fallback.id if fallback else code.id,
            }
            for irr, fallback in available(code)
        ],
        "etiquette": [etiquette(item, code) for item in code.etiquette.values()],
        "glossary": [term(item) for item in code.glossary.values()],
        "scoring": scoring(code),
    }


def effect(item: Effect, code: Code) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": item.kind}
    for key, value in (("who", item.who), ("to", item.to), ("from", item.from_)):
        if value is not None:
            data[key] = value
            data[f"{key}_label"] = code.roles.get(value, value)
    for key, value in (
        ("amount", item.amount),
        ("at_most", item.at_most),
        ("unit", item.unit),
        ("detail", item.detail),
    ):
        if value is not None:
            data[key] = value
    return data


def next_(item: Next | None, code: Code) -> dict[str, Any] | None:
    if item is None:
        return None
    data: dict[str, Any] = {}
    for key in ("who", "does", "bidding", "deal", "stands", "example", "note"):
        value = getattr(item, key)
        if value is not None:
            data[key] = value
    if item.who is not None:
        data["who_label"] = code.roles.get(item.who, item.who)
    return data


def unsure(item: Unsure | None, code: Code) -> dict[str, Any] | None:
    if item is None:
        return None
    return {
        "missing": item.missing,
        "decides": item.decides,
        "decides_label": code.roles.get(item.decides, item.decides) if item.decides else None,
        "note": item.note,
    }


def remedy(item: Remedy, code: Code) -> dict[str, Any]:
    options = item.options
    return {
        "id": item.id,
        "title": item.title,
        "now": item.now,
        "options": None
        if options is None
        else {
            "chooser": options.chooser,
            "chooser_label": code.roles.get(options.chooser, options.chooser),
            "consult": options.consult,
            "consult_note": options.consult_note,
            "until": options.until,
            "choices": [
                {
                    "id": c.id,
                    "text": c.text,
                    "effects": [effect(e, code) for e in c.effects],
                    "next": next_(c.next, code),
                }
                for c in options.choices
            ],
        },
        "effects": [effect(e, code) for e in item.effects],
        "until": item.until,
        "then": item.then,
        "next": next_(item.next, code),
        "notes": item.notes,
        "unsure": unsure(item.unsure, code),
        "cites": _cites(item.cites),
        "origin": item.origin,
    }


def step(item: Step) -> dict[str, Any]:
    return {
        "question": item.question.id,
        "ask": item.question.ask,
        "answer": item.answer.id,
        "label": item.answer.label,
        "fact": item.fact,
        "assumed": item.assumed,
    }


def outcome(item: Outcome, code: Code) -> dict[str, Any]:
    return {
        "assumed": [step(s) for s in item.assumed],
        "because": [step(s) for s in item.steps],
        "remedy": remedy(item.remedy, code),
        "laws": [
            {"citation": str(c.citation), **(law(c.law, code) if c.law else {"number": c.citation.number})}
            for c in item.laws
        ],
    }


def _context(result: NextQuestion | Ruling) -> dict[str, Any]:
    code = result.code
    return {
        "code": _code_ref(code),
        "fallback_for": None
        if result.fallback_for is None
        else {"id": result.fallback_for.id, "title": result.fallback_for.title},
        "irregularity": {"id": result.irregularity.id, "title": result.irregularity.title},
    }


def result(item: NextQuestion | Ruling) -> dict[str, Any]:
    """A next question or a ruling, as the API and ``--json`` return them."""
    if isinstance(item, NextQuestion):
        used = {s.question.id: (NOT_SURE if s.assumed else s.answer.id) for s in item.steps}
        return {
            "kind": "question",
            **_context(item),
            "question": {
                "id": item.question.id,
                "ask": item.question.ask,
                "help": item.question.help,
                "choices": [{"id": cid, "label": label} for cid, label in item.choices],
            },
            "because": [step(s) for s in item.steps],
            "answers": used,
        }
    return {
        "kind": "ruling",
        **_context(item),
        "certain": item.is_certain,
        "facts": [step(s) for s in item.facts],
        "unsure": [q.id for q in item.unsure],
        "outcomes": [outcome(o, item.code) for o in item.outcomes],
        "answers": item.answers,
    }


def law_detail(item: Law, code: Code) -> dict[str, Any]:
    """One law in full, with what in its code cites it (laws by see-also, remedies)."""
    laws, remedies = code.citing(item.number)
    return {
        **law(item, code),
        "cited_by": {
            "laws": [other.number for other in laws],
            "remedies": [{"irregularity": r.irregularity, "remedy": r.id, "title": r.title} for r in remedies],
        },
    }


def search_results(results: Results) -> dict[str, Any]:
    """The result of ``adjudicator.search.search`` as JSON (hits' snippets are safe HTML)."""
    return {
        "query": results.query,
        "total": results.total,
        "page": results.page,
        "pagelen": results.pagelen,
        "suggestion": results.suggestion,
        "facets": {name: dict(counts) for name, counts in results.facets.items()},
        "hits": [dataclasses.asdict(hit) for hit in results.hits],
    }


# ---------------------------------------------------------------- quizzes


def quiz_item(item: QuizItem, code: Code, number: int) -> dict[str, Any]:
    """One quiz item (adjudicator.quiz.Item) with its answer: for a ruling, the remedy in
    full (who chooses among what) and the laws it rests on, with their text."""
    irregularity = code.irregularities.get(item.irregularity) if item.irregularity else None
    found = irregularity.remedies.get(item.remedy) if irregularity and item.remedy else None
    return {
        "number": number,
        "id": item.id,
        "kind": item.kind,
        "topic": item.topic,
        "prompt": item.prompt,
        "situation": list(item.situation),
        "choices": [{"ref": c.ref, "text": c.text} for c in item.choices],
        "answer": item.answer,
        "explanation": item.explanation,
        "irregularity": None if irregularity is None else {"id": irregularity.id, "title": irregularity.title},
        "facts": item.facts,
        "remedy": None if found is None else remedy(found, code),
        "laws": [law(code.laws[n], code) for n in item.laws if n in code.laws],
        "source": item.source,
    }


def quiz(item: Quiz, code: Code) -> dict[str, Any]:
    """A quiz (adjudicator.quiz.Quiz): its parameters, which make it repeatable, and its items."""
    return {
        "code": _code_ref(code),
        "kind": item.kind,
        "level": item.level,
        "seed": item.seed,
        "size": len(item.items),
        "items": [quiz_item(one, code, n) for n, one in enumerate(item.items, 1)],
    }


# ---------------------------------------------------------------- table tools: the score sheet and the auction checker


def figure(item: Figure) -> dict[str, Any]:
    """One entry of the score sheet (adjudicator.scoring.Figure)."""
    return {
        "side": item.side,
        "column": item.column,
        "item": item.item,
        "points": item.points,
        "reason": item.reason,
        "cites": _cites(item.cites),
        "values": list(item.values),
        "note": item.note,
        "unsure": item.unsure,
    }


def hand(item: Entry) -> dict[str, Any]:
    """A hand as entered (adjudicator.scoring.Hand or Unplayed), with its token for the ``hand`` parameter."""
    penalties = [{"side": p.side, "penalty": p.penalty} for p in item.penalties]
    if isinstance(item, Unplayed):
        return {
            "token": item.token(),
            "kind": item.kind,
            "declarer": None,
            "level": None,
            "denomination": None,
            "doubling": None,
            "tricks": None,
            "honours": None,
            "chicane": None,
            "revokes": [],
            "penalties": penalties,
        }
    return {
        "token": item.token(),
        "kind": "played",
        "declarer": item.declarer,
        "level": item.level,
        "denomination": item.denomination,
        "doubling": item.doubling,
        "tricks": item.tricks,
        "honours": None if item.honours is None else {"side": item.honours.side, "holding": item.honours.holding},
        "chicane": item.chicane,
        "revokes": [{"side": r.side, "count": r.count, "choice": r.choice} for r in item.revokes],
        "penalties": penalties,
    }


def _game(item: Game) -> dict[str, Any]:
    return {"number": item.number, "winner": item.winner, "below": dict(item.below), "cites": _cites(item.cites)}


def score_sheet(sheet: Sheet, code: Code) -> dict[str, Any]:
    """A scored sheet (adjudicator.scoring.Sheet): every hand's figures with their laws, the
    games and rubbers, the totals, the plus-and-minus settlement and the party totals."""
    rubbers = []
    for rubber in sheet.rubbers:
        settlement = rubber.settlement
        rubbers.append(
            {
                "number": rubber.number,
                "finished": rubber.finished,
                "winner": rubber.winner,
                "stopped_at_time_limit": rubber.stopped_at_time_limit,
                "games_won": dict(rubber.games_won),
                "games": [_game(g) for g in rubber.games],
                "game_in_progress": dict(rubber.game_in_progress),
                "hands": [
                    {
                        "number": h.number,
                        "words": h.words,
                        "hand": hand(h.hand),
                        "game": h.game,
                        "figures": [figure(f) for f in h.figures],
                        "made": h.made,
                        "cites": _cites(h.cites),
                        "note": h.note,
                        "game_won": None if h.game_won is None else _game(h.game_won),
                        "rubber_won": h.rubber_won,
                    }
                    for h in rubber.hands
                ],
                "bonuses": [figure(f) for f in rubber.bonuses],
                "above": dict(rubber.above),
                "below": dict(rubber.below),
                "totals": dict(rubber.totals),
                "unknown": [figure(f) for f in rubber.unknown],
                "settlement": None
                if settlement is None
                else {
                    "plus": settlement.plus,
                    "points": settlement.points,
                    "totals": dict(settlement.totals),
                    "complete": settlement.complete,
                    "cites": _cites(settlement.cites),
                },
            }
        )
    return {
        "code": _code_ref(code),
        "hands": sheet.tokens,
        "time_limit": sheet.time_limit,
        "rubbers": rubbers,
        "net": dict(sheet.net),
        "gross": dict(sheet.gross),
        "complete": sheet.complete,
        "notes": list(sheet.notes),
    }


def _role(item: Role | None) -> dict[str, Any] | None:
    return None if item is None else {"seat": item.seat, "why": item.why, "cites": _cites(item.cites)}


def _points(item: Points) -> dict[str, Any]:
    return {"side": item.side, "points": item.points, "why": item.why, "cites": _cites(item.cites), "call": item.call}


def finding(item: Finding) -> dict[str, Any]:
    """An irregularity the auction checker found and ruled (adjudicator.auction.Finding)."""
    remedy = item.remedy
    ruling = item.ruling
    outcomes = []
    if isinstance(ruling, Ruling) and not ruling.is_certain:
        outcomes = [
            {
                "answers": {s.question.id: s.answer.id for s in o.steps if s.assumed},
                "remedy": o.remedy.id,
                "title": o.remedy.title,
            }
            for o in ruling.outcomes
        ]
    claim = item.claim
    return {
        "irregularity": item.irregularity,
        "title": item.title,
        "call": item.call,
        "seat": item.seat,
        "summary": item.summary,
        "facts": dict(item.facts),
        "ruled_by": item.ruled_by,
        "cites": _cites(item.cites),
        "status": item.status,
        "verdict": item.verdict,
        "remedy": None
        if remedy is None
        else {"id": remedy.id, "title": remedy.title, "now": remedy.now, "cites": _cites(remedy.cites)},
        "outcomes": outcomes,
        "options": [
            {"word": o.word, "title": o.title, "text": o.text, "remedy": o.remedy, "stands": o.stands}
            for o in item.options
        ],
        "chooser": list(item.chooser),
        "until": item.until,
        "claim": None
        if claim is None
        else {"seat": claim.seat, "word": claim.word, "after": claim.after, "in_time": claim.in_time},
        "then": list(item.then),
        "points": [_points(p) for p in item.points],
        "unsure": item.unsure,
    }


def auction(item: Auction, code: Code) -> dict[str, Any]:
    """A checked auction (adjudicator.auction.Auction): each call judged, the contract, the
    declarant, dummy and leader, and the irregularities with the facts they settle."""
    contract = item.contract
    return {
        "code": _code_ref(code),
        "dealer": item.dealer,
        "calls": item.tokens,
        "ranking": item.ranking,
        "ranking_cites": _cites(item.ranking_cites),
        "judgements": [
            {
                "number": j.number,
                "seat": j.seat,
                "turn": j.turn,
                "call": j.call.token(),
                "words": j.words,
                "ok": j.ok,
                "verdict": j.verdict,
                "cites": _cites(j.cites),
                "findings": [finding(f) for f in j.findings],
                "next": j.next,
            }
            for j in item.judgements
        ],
        "ended": item.ended,
        "closed": item.closed,
        "passed_out": item.passed_out,
        "status": item.status,
        "status_cites": _cites(item.status_cites),
        "next_call": item.next_call,
        "next_dealer": item.next_dealer,
        "contract": None
        if contract is None
        else {
            "level": contract.level,
            "denomination": contract.denomination,
            "doubling": contract.doubling,
            "side": contract.side,
            "words": contract.words,
        },
        "declarant": _role(item.declarant),
        "dummy": _role(item.dummy),
        "leader": _role(item.leader),
        "findings": [finding(f) for f in item.findings],
        "points": [_points(p) for p in item.points],
        "notes": list(item.notes),
    }
