"""The ``adjudicator`` command: check, codes, laws, ask, quiz, score, auction, schema, search, build-index, export.

Exit status: 0 on success, 1 when ``check`` finds problems or a lookup fails, 2 on a
usage error. Errors go to stderr as one line naming what was wrong and the valid choices.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from adjudicator import config
from adjudicator.checks import check, load_checked
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available
from adjudicator.errors import AdjudicatorError, LibraryError
from adjudicator.model import NOT_SURE, Code, Library, whole_number
from adjudicator.presentation import code as present_code
from adjudicator.presentation import law as present_law
from adjudicator.presentation import quiz as present_quiz
from adjudicator.presentation import ruling as present_ruling
from adjudicator.presentation import words

WIDTH = 88


def _print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def _wrap(text: str, indent: str = "", first: str | None = None) -> str:
    """Fill ``text`` to the width; ``first`` (e.g. a bullet) starts the first line only."""
    return "\n".join(
        textwrap.fill(
            p, WIDTH, initial_indent=first if first is not None and i == 0 else indent, subsequent_indent=indent
        )
        for i, p in enumerate(q for q in text.split("\n") if q.strip())
    )


def _library(args: argparse.Namespace) -> Library:
    """The checked library of --laws: a law file that ``check`` rejects is refused."""
    return load_checked(args.laws)


# ---------------------------------------------------------------- check


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    laws = Path(args.laws_dir or args.laws)
    cases = Path(args.cases) if args.cases else None
    library, problems = check(laws, cases)
    for problem in problems:
        print(problem, file=out)
    remedies = sum(
        len(i.remedies) for c in library.codes.values() for i in c.irregularities.values() if i.origin == c.id
    )
    summary = (
        f"{len(library.codes)} codes, {sum(len(c.laws) for c in library.codes.values())} laws, "
        f"{remedies} remedies checked" + ("" if cases else " (no scenario tests given: coverage not checked)")
    )
    if problems:
        print(f"{len(problems)} problem(s); {summary}", file=out)
        return 1
    print(f"ok: {summary}; every remedy is reached by a scenario test" if cases else f"ok: {summary}", file=out)
    return 0


# ---------------------------------------------------------------- codes and laws


def cmd_codes(args: argparse.Namespace, out: TextIO) -> int:
    library = _library(args)
    if args.json:
        _print_json([present_code.summary(c).data() for c in library.codes.values()], out)
        return 0
    for _game, codes in library.games().items():
        print(codes[0].game_title, file=out)
        for code in codes:
            extra = f" (extends {code.extends})" if code.extends else ""
            print(f"  {code.id:40} {code.title}, {code.year}{extra}", file=out)
    return 0


def cmd_laws(args: argparse.Namespace, out: TextIO) -> int:
    library = _library(args)
    code = library.code(args.code)
    if args.number:
        detail = present_law.law_detail(code.numbered(args.number), code, library)
        if args.json:
            _print_json(detail.data(), out)
            return 0
        print(words.code_line(code), file=out)
        print(f"{detail.name}   [{detail.section_title or detail.section}]", file=out)
        if detail.where_printed:
            print(detail.where_printed, file=out)
        for q in detail.quotes:
            print(f"\n{q.label} from {q.citation}:", file=out)
            print(_wrap(f"\u201c{q.words}\u201d", "  "), file=out)
        print(f"\n{detail.text_label}:", file=out)
        print(_wrap(detail.text, "  "), file=out)
        if detail.see_also:
            named = [words.law_ref(c, law.title if (law := code.law(c)) else None) for c in detail.see_also]
            print("\nSee also: " + "; ".join(named), file=out)
        print(f"\n{words.SOURCES}:", file=out)
        for line in words.source_notes([(words.VERIFICATION, detail.sureness, detail.sources)]):
            print(_wrap(line, "  "), file=out)
        return 0

    laws = list(code.laws.values())
    tables = list(code.score_tables)
    if args.topic:
        laws = [law for law in laws if args.topic in law.topics]
        tables = tables if args.topic == "scoring" else []
    if args.json:
        data: Any = [present_law.law(law, code).data() for law in laws]
        if args.topic == "scoring":
            data = {"laws": data, "scoring": present_code.scoring(code).data()}
        _print_json(data, out)
        return 0
    section = None
    for law in laws:
        if law.section != section:
            section = law.section
            print(f"\n{code.sections[section].title if section in code.sections else section}", file=out)
        print(f"  {law.number:>6}  {law.title}", file=out)
    for table in tables:
        print(f"\n{table.title}", file=out)
        print("  " + " | ".join(table.columns), file=out)
        for row in table.rows:
            print("  " + " | ".join(row), file=out)
    return 0


# ---------------------------------------------------------------- ask


def _parse_answers(pairs: Sequence[str]) -> dict[str, str]:
    answers: dict[str, str] = {}
    for pair in pairs:
        question, sep, answer = pair.partition("=")
        if not sep or not question or not answer:
            raise SystemExit(f"adjudicator ask: --answer takes QUESTION=ANSWER, got {pair!r}")
        answers[question.strip()] = answer.strip()
    return answers


def render_remedy(remedy: present_ruling.Remedy, out: TextIO, indent: str = "") -> None:
    """What happens now, who chooses among what (and whether partners may consult), until
    when; then what follows, the notice when our sources are unsure, and the note."""
    print(_wrap(remedy.now, indent), file=out)
    if remedy.options:
        o = remedy.options
        consult = f" {o.consult_text}" + (f" {o.consult_note}" if o.consult_note else "") if o.consult_text else ""
        print(f"\n{indent}{o.chooses}.{consult}", file=out)
        for i, choice in enumerate(o.choices, 1):
            print(_wrap(f"{i}. {choice.text}", indent + "     ", first=indent + "  "), file=out)
        if o.until:
            print(_wrap(f"{words.UNTIL}: {o.until}", indent), file=out)
    if remedy.until:
        print(_wrap(f"{words.UNTIL}: {remedy.until}", indent), file=out)
    if remedy.then:
        print(_wrap(f"{words.THEN}: {remedy.then}", indent), file=out)
    for line in remedy.next.lines if remedy.next else []:
        print(_wrap(f"{words.NEXT}: {line}", indent), file=out)
    if remedy.call_director:
        print(_wrap(remedy.call_director, indent), file=out)
    if remedy.notes:
        print(_wrap(remedy.notes, indent), file=out)


def render_ruling(ruling: Ruling, out: TextIO) -> None:
    model = present_ruling.present(ruling)
    assert isinstance(model, present_ruling.Ruling)  # noqa: S101 - present keeps the kind
    if model.fallback:
        print(_wrap(model.fallback), file=out)
    print(f"\n{model.lead}", file=out)
    if not model.certain:
        print(f"\n{model.heading}. {model.now}", file=out)
        for ask in model.to_settle:
            print(f"  - {ask}", file=out)
        if model.call_director:
            print(_wrap(model.call_director), file=out)
    for outcome in model.outcomes:
        if outcome.key:
            print(f"\n{words.IF.upper()}: " + " ".join(outcome.key), file=out)
        print(f"\n== {outcome.remedy.title} ==", file=out)
        render_remedy(outcome.remedy, out)
        print(f"\n{words.BECAUSE}:", file=out)
        for s in outcome.because:
            print(_wrap((f"({words.ASSUMED}) " if s.assumed else "") + s.fact, "    ", first="  - "), file=out)
        for cited in outcome.laws:
            print(*_law_lines(cited, "", "  "), sep="\n", file=out)
    if model.sources:
        print(f"\n{words.SOURCES}:", file=out)
        for line in model.sources:
            print(_wrap(line, "    ", first="  - "), file=out)


def _law_lines(
    law: present_ruling.CitedLaw | present_ruling.MissingLaw | present_law.Law, indent: str, inner: str
) -> list[str]:
    """A law under a ruling or an answer: its number and title, the code's own words quoted
    (whose words they are), then our digest, indented."""
    if isinstance(law, present_ruling.MissingLaw):
        return [f"\n{indent}{words.law_name(law.citation)}. {law.notice}"]
    citation = law.citation if isinstance(law, present_ruling.CitedLaw) else law.number
    lines = [f"\n{indent}{words.law_name(citation, law.title)}"]
    for q in law.quotes:
        if q.kind == "law-text":
            lines.append(_wrap(f"\u201c{q.words}\u201d ({q.label.lower()} from {q.citation})", indent + inner))
    lines.append(_wrap(f"{words.DIGEST_SHORT}: {law.text}", indent + inner))
    return lines


def _interactive(code: Code, irregularity_id: str | None, answers: dict[str, str], out: TextIO) -> int:
    read: Callable[[str], str] = input
    if irregularity_id is None:
        choices = available(code)
        print(f"{code.title} ({code.year}): what happened?", file=out)
        for i, (irr, fallback) in enumerate(choices, 1):
            tag = f" [{words.GENERAL_LAWS.lower()}]" if fallback else ""
            print(f"  {i:2}. {irr.title} ({words.PHASE_TITLES[irr.phase].lower()}){tag}", file=out)
        while irregularity_id is None:
            reply = read("Number: ").strip()
            number = whole_number(reply, 1, len(choices))
            if number is not None:
                irregularity_id = choices[number - 1][0].id
    history: list[str] = []
    while True:
        result = adjudicate(code, irregularity_id, answers)
        if isinstance(result, Ruling):
            render_ruling(result, out)
            return 0
        question = result.question
        print(f"\n{question.ask}", file=out)
        for i, (_, label) in enumerate(result.choices, 1):
            print(f"  {i}. {label}", file=out)
        reply = read("Answer (number, ? for help, b to go back): ").strip().lower()
        if reply == "?":
            print(_wrap(question.help or words.NO_HELP, "  "), file=out)
        elif reply == "b":
            if history:
                answers.pop(history.pop(), None)
        elif (number := whole_number(reply, 1, len(result.choices))) is not None:
            answers[question.id] = result.choices[number - 1][0]
            history.append(question.id)


def cmd_ask(args: argparse.Namespace, out: TextIO) -> int:
    library = _library(args)
    code = library.code(args.code)
    answers = _parse_answers(args.answer or [])
    interactive = not args.json and not args.answer and sys.stdin.isatty()
    if interactive:
        try:
            return _interactive(code, args.irregularity, answers, out)
        except (EOFError, KeyboardInterrupt):
            print(file=out)
            return 1
    if args.irregularity is None:
        if args.json:
            _print_json([{"id": i.id, "title": i.title, "phase": i.phase, "under": (f or code).id}
                         for i, f in available(code)], out)  # fmt: skip
        else:
            for irr, fallback in available(code):
                print(f"{irr.id:36} {irr.title}" + (f" [{words.GENERAL_LAWS.lower()}]" if fallback else ""), file=out)
        return 0
    result = adjudicate(code, args.irregularity, answers)
    if args.json:
        _print_json(present_ruling.present(result).data(), out)
    elif isinstance(result, NextQuestion):
        print(f"Next question ({result.question.id}): {result.question.ask}", file=out)
        for cid, label in result.choices:
            print(f"  --answer {result.question.id}={cid}   {label}", file=out)
    else:
        render_ruling(result, out)
    return 0


def cmd_schema(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.schema import json_schema

    _print_json(json_schema(), out)
    return 0


# ---------------------------------------------------------------- search


def _index_default() -> Path:
    """The instance folder's index: instance/index in a checkout, the environment's
    var/adjudicator-instance/index once installed (config.instance_dir)."""
    return config.instance_dir() / "index"


def _index_dir(args: argparse.Namespace) -> Path:
    return Path(args.index) if args.index else _index_default()


def cmd_build_index(args: argparse.Namespace, out: TextIO) -> int:
    import time

    from adjudicator.search import build_index

    started = time.perf_counter()
    library = _library(args)
    index = build_index(library, _index_dir(args))
    kinds = ", ".join(f"{n} {k}" for k, n in index.manifest["kinds"].items())
    print(f"built the search index in {_index_dir(args)}: {len(index)} documents ({kinds}) "
          f"from {len(library.codes)} codes in {time.perf_counter() - started:.1f} s", file=out)  # fmt: skip
    return 0


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    import time

    from adjudicator.errors import IndexProblem
    from adjudicator.search import open_index
    from adjudicator.web import create_app  # the one command that builds the web face
    from adjudicator.web.export import export

    started = time.perf_counter()
    folder = Path(args.folder)
    library = _library(args)
    # the copy's pages search nothing (its search page searches in the browser): the index
    # built already is opened if it is current, rather than one built in memory (8 s CPU)
    try:
        index: object = open_index(_index_default(), Path(args.laws))
    except IndexProblem:
        index = "ram"
    app = create_app({"LIBRARY": library, "LAWS_DIR": args.laws, "SEARCH_INDEX": index})
    try:
        report = export(app, folder, args.jobs)
    except FileExistsError as exc:
        print(f"adjudicator export: {exc}", file=sys.stderr)
        return 2
    report.seconds = time.perf_counter() - started  # the whole command: the laws read and checked too
    print(report.line(folder), file=out)
    return 0


def cmd_search(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator.errors import IndexProblem, UnknownFilter
    from adjudicator.search import build_index, open_index, search
    from adjudicator.search.snippets import plain

    try:
        index = open_index(_index_dir(args), Path(args.laws))
    except IndexProblem as exc:  # a fresh index in memory: slower to start, same results
        print(f"note: {exc.reason}; searching an index built in memory (save one: adjudicator build-index)",
              file=sys.stderr)  # fmt: skip
        index = build_index(_library(args))
    try:
        results = search(index, " ".join(args.query), game=args.game, code=args.code, topic=args.topic,
                         kind=args.kind, page=args.page, pagelen=args.pagelen)  # fmt: skip
    except UnknownFilter as exc:
        print(f"adjudicator search: {exc}", file=sys.stderr)
        return 2
    if args.json:
        from adjudicator.presentation.search import results as present_results

        _print_json(present_results(results).data(), out)
        return 0
    shown = f"{(results.page - 1) * results.pagelen + 1}-{(results.page - 1) * results.pagelen + len(results.hits)}"
    print(f"{results.total} result(s) for {results.query!r}" + (f", showing {shown}" if results.hits else ""),
          file=out)  # fmt: skip
    if results.cut:
        print(f"Note: the query was too long; {results.cut}.", file=out)
    if results.suggestion:
        print(f"Did you mean: {results.suggestion}", file=out)
    if results.settle:
        print(f"Settle this: {results.settle.title} under {results.settle.code}"
              f" (adjudicator ask {results.settle.code} {results.settle.irregularity})", file=out)  # fmt: skip
    for hit in results.hits:
        where = words.law_name(hit.number, hit.title) if hit.kind == "law" else f"{hit.kind} {hit.id}. {hit.title}"
        exact = "  (exact citation)" if hit.exact else ""
        print(f"\n{where}   [{hit.code}{', ' + hit.section_title if hit.section_title else ''}]{exact}",
              file=out)  # fmt: skip
        print(_wrap(plain(hit.snippet, "[", "]"), "  "), file=out)
        if hit.editions:
            also = ", ".join(
                f"{e.label} {'Law ' + e.number if e.number else e.id}{' (differs)' if e.differs else ''}"
                for e in hit.editions
            )
            print(_wrap(f"Also: {also}", "  "), file=out)
    return 0


# ---------------------------------------------------------------- quiz


LETTERS = "ABCDEFGH"


def render_answer(item: Any, code: Code, out: TextIO, number: int = 1) -> None:
    """The answer to a quiz item: the right choice, the data's words behind it, and for a
    ruling who chooses among what; then the laws it rests on, with their text."""
    model = present_quiz.item(item, code, number)
    print(f"Answer: {LETTERS[model.answer]}. {model.choices[model.answer].text}", file=out)
    if model.kind == "ruling" and model.remedy is not None:
        render_remedy(model.remedy, out, "  ")
    elif model.kind == "which-law" and model.remedy is not None:
        print(_wrap(f"The ruling: {model.remedy.title}.", "  "), file=out)
    elif model.explanation:
        print(_wrap(model.explanation, "  "), file=out)
    for law in model.laws:
        print(*_law_lines(law, "  ", "  "), sep="\n", file=out)


def _render_question(item: Any, number: int, total: int, out: TextIO) -> None:
    from adjudicator.quiz import KINDS

    print(f"\nQuestion {number} of {total} ({KINDS[item.kind]})", file=out)
    for line in item.situation:
        print(_wrap(line, "  "), file=out)
    print(_wrap(item.prompt), file=out)
    for letter, choice in zip(LETTERS, item.choices, strict=False):
        print(_wrap(f"{letter}. {choice.text}", "     ", first="  "), file=out)


def cmd_quiz(args: argparse.Namespace, out: TextIO) -> int:
    import secrets

    from adjudicator.quiz import MAX_SEED, make_quiz

    library = _library(args)
    code = library.code(args.code)
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED) + 1
    made = make_quiz(code, kind=args.kind, level=args.level, seed=seed, size=args.n)
    if args.json:
        _print_json(present_quiz.quiz(made, code).data(), out)
        return 0
    total = len(made.items)
    again = f"adjudicator quiz {code.id} --level {made.level} --kind {made.kind} --seed {seed} -n {total}"
    print(f"{code.title} ({code.year}): a quiz of {total} question(s). The same quiz again: {again}", file=out)
    if not sys.stdin.isatty():  # not a terminal: print the sheet, then the answer key
        for number, item in enumerate(made.items, 1):
            _render_question(item, number, total, out)
        print("\nANSWER KEY", file=out)
        for number, item in enumerate(made.items, 1):
            print(f"\n{number}. ", end="", file=out)
            render_answer(item, code, out, number)
        return 0
    picks: list[int] = []
    try:
        for number, item in enumerate(made.items, 1):
            _render_question(item, number, total, out)
            letters = LETTERS[: len(item.choices)]
            reply = ""
            while len(reply) != 1 or reply not in letters:
                reply = input(f"Your answer ({', '.join(letters)}; q to stop): ").strip().upper()
                if reply == "Q":
                    raise EOFError
            picks.append(letters.index(reply))
            print("Right." if picks[-1] == item.answer else "Not quite.", file=out)
            render_answer(item, code, out, number)
    except (EOFError, KeyboardInterrupt):
        print(file=out)
    print(f"\nScore: {made.score(picks)} of {len(picks)}. The same quiz again: {again}", file=out)
    return 0


# ---------------------------------------------------------------- table tools


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator import scoring

    library = _library(args)
    code = library.code(args.code)
    scoring.require_scorable(code, library)
    sheet = scoring.score_sheet(code, scoring.parse_hands(args.hand, code), time_limit=args.time_limit)
    if args.json:
        from adjudicator.presentation.tables import score_sheet

        _print_json(score_sheet(sheet, code).data(), out)
    else:
        print("\n".join(scoring.sheet_lines(sheet, code)), file=out)
    return 0


def cmd_auction(args: argparse.Namespace, out: TextIO) -> int:
    from adjudicator import auction

    library = _library(args)
    code = library.code(args.code)
    auction.require_checkable(code, library)
    result = auction.check_auction(code, args.dealer, auction.parse_calls(args.call, code))
    if args.json:
        from adjudicator.presentation.tables import auction as present_auction

        _print_json(present_auction(result, code).data(), out)
    else:
        from adjudicator.presentation.tables import auction_lines

        print("\n".join(auction_lines(result, code)), file=out)
    return 0


# ---------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="adjudicator", description="Laws of card games: look up, adjudicate, check.")
    parser.add_argument("--laws", default=str(config.laws_dir()), help="directory of law files (default: %(default)s)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("check", help="check the law files; every problem as path:line: message")
    p.add_argument("laws_dir", nargs="?", help="directory of law files (default: --laws)")
    p.add_argument("--cases", help="scenario tests directory (tests/cases): also check every remedy is reached")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("codes", help="list the codes of laws")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_codes)

    p = sub.add_parser("laws", help="list a code's laws, or show one")
    p.add_argument("code")
    p.add_argument("number", nargs="?")
    p.add_argument("--topic", help="only laws with this topic (scoring also prints the score tables)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_laws)

    p = sub.add_parser("ask", help="adjudicate: the next question, or the ruling")
    p.add_argument("code")
    p.add_argument("irregularity", nargs="?")
    p.add_argument("--answer", "-a", action="append", metavar="QUESTION=ANSWER", help=f"a fact; {NOT_SURE} allowed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("search", help="search the laws, etiquette, glossary and remedies")
    p.add_argument("query", nargs="+", help='words, "a phrase", prefix*, -excluded, or a citation such as "law 50"')
    p.add_argument("--game", help="only this game (id)")
    p.add_argument("--code", help="only this code (id); a bare number is then a law number")
    p.add_argument("--topic", help="only this topic (e.g. revoke, lead-out-of-turn)")
    p.add_argument("--kind", help="law, etiquette, glossary or remedy")
    p.add_argument("--page", type=int, default=1)
    p.add_argument("--pagelen", type=int, default=10)
    p.add_argument(
        "--index", help=f"index directory (default: {_index_default()}; built in memory if missing or stale)"
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("build-index", help="build the search index of --laws (ADJUDICATOR_INSTANCE moves it)")
    p.add_argument("--index", help=f"index directory (default: {_index_default()})")
    p.set_defaults(func=cmd_build_index)

    p = sub.add_parser("export", help="write the whole site as static files, for any static host (and offline)")
    p.add_argument("folder", metavar="DIR", help="an empty folder, or a previous export to bring up to date")
    p.add_argument("--jobs", "-j", type=int, default=1, help="processes freezing at once (default: %(default)s)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("quiz", help="a quiz drawn from a code's laws: in the terminal, as a sheet, or --json")
    p.add_argument("code")
    p.add_argument(
        "--level", default="player", help="player (etiquette, scoring, words) or director (every irregularity)"
    )
    p.add_argument(
        "--kind",
        default="mixed",
        help="mixed (the level's kinds), ruling, which-law, etiquette, proper-or-not, glossary, scoring",
    )
    p.add_argument("--seed", type=int, help="the same seed gives the same quiz (default: a new one)")
    p.add_argument("-n", type=int, default=10, help="how many questions (at most 20; default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print the quiz with its answers as JSON")
    p.set_defaults(func=cmd_quiz)

    p = sub.add_parser("score", help="an Auction score sheet: each hand's figures with their laws, games, rubbers")
    p.add_argument("code")
    p.add_argument(
        "hand",
        nargs="*",
        help="SIDE.CONTRACT.TRICKS[.h.SIDE.HOLDING][.c.SIDE][.r.SIDE[.N][.tricks|.points]][.p.SIDE.PENALTY], "
        "e.g. we.3HX.11.h.we.three or we.3HX.7.r.they.tricks; passed or void for a deal not scored",
    )
    p.add_argument("--time-limit", action="store_true", help="stop at a time limit: party bonus for each game won")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("auction", help="check an Auction bidding sequence: each call, the contract, the declarant")
    p.add_argument("code")
    p.add_argument("dealer", help="the dealer: N, E, S or W")
    p.add_argument(
        "call",
        nargs="*",
        help="1H, 2NT, P (pass), X (double), XX (redouble); S:1H names the seat; after an irregular call, "
        "claim, claim:WORD or S:claim:WORD records the penalty claimed (e.g. S:claim:raise, E:claim:new-deal)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_auction)

    p = sub.add_parser("schema", help="print the JSON Schema of a law file")
    p.set_defaults(func=cmd_schema)

    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args, out))
    except LibraryError as exc:
        print(exc, file=sys.stderr)
        print("run: adjudicator check", file=sys.stderr)
        return 1
    except AdjudicatorError as exc:
        print(f"adjudicator {args.command}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
