"""Whole-library checks, beyond what the schema can see.

Answer targets that do not exist, unreachable nodes, cycles, citations and see-alsos
of laws the code does not have, a citation that renumbering has moved, unknown
sections, roles and sources, concordances to missing laws, etiquette examples listed as
both proper and improper, and remedies that no scenario test reaches. Each problem reads ``path:line: message`` with a did-you-mean
where one helps; every problem is reported, not just the first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from adjudicator.engine import available
from adjudicator.errors import LawFileError, LibraryError, did_you_mean
from adjudicator.loader import collector_paused, read_library
from adjudicator.model import Citation, Code, Effect, Irregularity, Library, Next, Remedy, Where, sentence_key
from adjudicator.scenario import Case, reached, read_cases


def _problem(where: Where, message: str) -> LawFileError:
    return LawFileError(where.path, where.line, message)


def _graph(irregularity: Irregularity) -> Iterator[LawFileError]:
    questions, remedies = irregularity.questions, irregularity.remedies
    nodes = [*questions, *remedies]
    name = f"irregularity {irregularity.id!r}"
    for both in set(questions) & set(remedies):
        yield _problem(questions[both].where, f"{name}: {both!r} is both a question and a remedy; give each its own id")
    if irregularity.start not in questions and irregularity.start not in remedies:
        yield _problem(
            irregularity.where,
            f"{name}: start {irregularity.start!r} is neither a question nor a remedy"
            f"{did_you_mean(irregularity.start, nodes)}; questions: {', '.join(questions) or '(none)'}",
        )
        return
    for question in questions.values():
        for answer in question.answers:
            if answer.next not in questions and answer.next not in remedies:
                yield _problem(
                    answer.where,
                    f"{name}: answer {answer.id!r} of question {question.id!r} leads to {answer.next!r}, "
                    f"which is neither a question nor a remedy{did_you_mean(answer.next, nodes)}",
                )
    # reachability and cycles, by depth-first search from the start
    seen: set[str] = set()
    on_path: list[str] = []
    reported: set[str] = set()

    def visit(node: str) -> Iterator[LawFileError]:
        if node in on_path:
            cycle = " -> ".join([*on_path[on_path.index(node) :], node])
            if node not in reported:
                reported.add(node)
                yield _problem(
                    questions[node].where,
                    f"{name}: questions form a cycle ({cycle}); every path must end in a remedy",
                )
            return
        if node in seen:
            return
        seen.add(node)
        question = questions.get(node)
        if question is None:
            return
        on_path.append(node)
        for answer in question.answers:
            if answer.next in questions or answer.next in remedies:
                yield from visit(answer.next)
        on_path.pop()

    yield from visit(irregularity.start)
    for node in nodes:
        if node not in seen:
            where = questions[node].where if node in questions else remedies[node].where
            kind = "question" if node in questions else "remedy"
            yield _problem(where, f"{name}: {kind} {node!r} cannot be reached from the start {irregularity.start!r}")


def _citation(code: Code, cite: Citation, where: Where, what: str, origin: str) -> Iterator[LawFileError]:
    law = code.law(cite)
    context = "" if origin == code.id else f" (in {code.id!r}, which inherits it from {origin!r})"
    if law is None:
        yield _problem(
            where,
            f"{what} cites law {str(cite)!r}, which code {code.id!r} does not have{context}"
            f"{did_you_mean(cite.number, code.laws)}",
        )
        return
    if origin != code.id and law.origin != origin:
        moved = law.same_as.get(origin)
        if moved is not None and moved != cite.number:
            yield _problem(
                where,
                f"{what} cites law {cite.number!r} of {origin!r}, but in {code.id!r} law {cite.number!r} is "
                f"{law.title!r} (the same as {origin!r} law {moved!r}); override it in {code.id!r} with the new number",
            )


def _roles(code: Code, effects: Iterable[Effect], where: Where, what: str) -> Iterator[LawFileError]:
    for effect in effects:
        for role in (effect.who, effect.to, effect.from_):
            yield from _role(code, role, where, what)


def _conduct(code: Code) -> Iterator[LawFileError]:
    """Etiquette examples: an item's proper and improper sentences may not repeat each other
    (nor themselves), and no sentence is proper under one item and improper under another."""
    verdicts: dict[str, dict[str, tuple[str, str]]] = {}  # key -> {"proper" | "improper": (item id, sentence)}
    for item in code.etiquette.values():
        what = f"etiquette {item.id!r}"
        seen: dict[str, str] = {}
        for verdict, sentences in (("proper", item.proper), ("improper", item.improper)):
            for sentence in sentences:
                key = sentence_key(sentence)
                if key in seen and item.origin == code.id:
                    twice = f"twice under {verdict}" if seen[key] == verdict else "under both proper and improper"
                    yield _problem(
                        item.where, f"{what}: {sentence!r} is listed {twice}; each example of conduct appears once"
                    )
                seen[key] = verdict
                verdicts.setdefault(key, {}).setdefault(verdict, (item.id, sentence))
    for found in verdicts.values():
        if len(found) == 2 and found["proper"][0] != found["improper"][0]:
            (proper, _), (improper, sentence) = found["proper"], found["improper"]
            yield _problem(
                code.etiquette[improper].where,
                f"etiquette {improper!r}: {sentence!r} is improper here but proper under etiquette {proper!r}; "
                "an example of conduct is one or the other",
            )


def check_code(code: Code, library: Library) -> Iterator[LawFileError]:
    """Every cross-reference problem of one effective code."""
    used = {law.section for law in code.laws.values()}
    for section in code.sections.values():
        if section.id not in used:
            yield _problem(
                code.where,
                f"section {section.id!r} ({section.title}) has no laws in {code.id!r}; remove it, or omit it "
                "if it is inherited",
            )
    fallback = code.fallback.irregularities if code.fallback else {}
    for irregularity_id in sorted(code.inapplicable):
        if irregularity_id not in fallback or irregularity_id in code.irregularities:
            yield _problem(
                code.where,
                f"inapplicable: {irregularity_id!r} is not an irregularity of the fallback that this code lacks"
                f"{did_you_mean(irregularity_id, fallback)}",
            )
    if code.printed_in is not None and code.printed_in not in code.sources:
        yield _problem(
            code.where,
            f"printed_in: {code.printed_in!r} is not listed under sources{did_you_mean(code.printed_in, code.sources)}",
        )
    for law in code.laws.values():
        what = f"law {law.number!r}"
        if law.section not in code.sections:
            yield _problem(
                law.where,
                f"{what}: section {law.section!r} is not one of the code's sections"
                f"{did_you_mean(law.section, code.sections)}; sections: {', '.join(code.sections) or '(none)'}",
            )
        for cite in law.see_also:
            yield from _citation(code, cite, law.where, f"{what} (see also)", law.origin)
        if not law.printed and (law.printed_in or code.printed_in) is None:
            yield _problem(
                law.where,
                f"{what}: the book prints no such number, so the rule is named by its title and where "
                "it is printed: give the code (or the law) printed_in, the key of the source it is printed in",
            )
        if law.printed_in is not None and law.printed_in not in code.sources:
            yield _problem(
                law.where,
                f"{what}: printed_in {law.printed_in!r} is not listed under sources"
                f"{did_you_mean(law.printed_in, code.sources)}",
            )
        for quote in law.quotes:
            if quote.source not in code.sources:
                yield _problem(
                    law.where,
                    f"{what}: quote source {quote.source!r} is not listed under sources"
                    f"{did_you_mean(quote.source, code.sources)}",
                )
        if law.origin == code.id:
            for other_id, number in law.same_as.items():
                other = library.codes.get(other_id)
                if other is None:
                    yield _problem(
                        law.where, f"{what}: same_as names code {other_id!r}, which does not exist"
                        f"{did_you_mean(other_id, library.codes)}",
                    )  # fmt: skip
                elif number not in other.laws:
                    yield _problem(
                        law.where, f"{what}: same_as {other_id!r} law {number!r}, which that code does not have"
                    )
    for item in code.etiquette.values():
        for cite in item.see_also:
            yield from _citation(code, cite, item.where, f"etiquette {item.id!r}", item.origin)
    yield from _conduct(code)
    for term in code.glossary.values():
        for cite in term.see_also:
            yield from _citation(code, cite, term.where, f"glossary term {term.id!r}", term.origin)
    for table in code.score_tables:
        if table.origin == code.id:
            for i, row in enumerate(table.rows, 1):
                if len(row) != len(table.columns):
                    yield _problem(
                        table.where,
                        f"score table {table.id!r}: row {i} has {len(row)} cells for {len(table.columns)} columns "
                        f"({', '.join(table.columns)}); give every row one cell per column",
                    )
        for cite in table.cites:
            yield from _citation(code, cite, table.where, f"score table {table.id!r}", table.origin)
    for value in code.score_values.values():
        for cite in value.cites:
            yield from _citation(code, cite, value.where, f"score value {value.id!r}", value.origin)
    for irregularity in code.irregularities.values():
        if irregularity.origin == code.id:
            yield from _graph(irregularity)
        for cite in irregularity.cites:
            yield from _citation(
                code, cite, irregularity.where, f"irregularity {irregularity.id!r}", irregularity.origin
            )
        for remedy in irregularity.remedies.values():
            what = f"remedy {remedy.id!r} of {irregularity.id!r}"
            for cite in remedy.cites:
                yield from _citation(code, cite, remedy.where, what, remedy.origin)
            yield from _roles(code, remedy.effects, remedy.where, what)
            if remedy.options is not None:
                if remedy.options.chooser not in code.roles:
                    yield _problem(
                        remedy.where,
                        f"{what}: chooser {remedy.options.chooser!r} is not a role"
                        f"{did_you_mean(remedy.options.chooser, code.roles)}; roles: {', '.join(code.roles)}",
                    )
                for choice in remedy.options.choices:
                    yield from _roles(code, choice.effects, remedy.where, f"{what}, choice {choice.id!r}")


def _role(code: Code, role: str | None, where: Where, what: str) -> Iterator[LawFileError]:
    if role is not None and role not in code.roles:
        yield _problem(
            where,
            f"{what}: role {role!r} is not defined{did_you_mean(role, code.roles)}; roles: {', '.join(code.roles)}",
        )


def _structure(code: Code) -> Iterator[LawFileError]:
    """The roles named by ``next`` and ``unsure``, and what ``covers`` and ``needs`` name."""
    fallback = code.fallback.irregularities if code.fallback else {}
    for irregularity in code.irregularities.values():
        if irregularity.origin != code.id:
            continue
        for covered in irregularity.covers:
            if covered not in fallback:
                yield _problem(
                    irregularity.where,
                    f"irregularity {irregularity.id!r}: covers {covered!r}, which is not an irregularity of the "
                    f"fallback{did_you_mean(covered, fallback)}",
                )
        for remedy in irregularity.remedies.values():
            what = f"remedy {remedy.id!r} of {irregularity.id!r}"
            for item in _nexts(remedy):
                yield from _role(code, item.who, remedy.where, f"{what}: next")
            if remedy.unsure is not None:
                yield from _role(code, remedy.unsure.decides, remedy.where, f"{what}: unsure, decides")


def _nexts(remedy: Remedy) -> list[Next]:
    items = [remedy.next] if remedy.next else []
    if remedy.options:
        items.extend(choice.next for choice in remedy.options.choices if choice.next)
    return items


def _words(terms: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern matching any of ``terms`` as whole words, any case."""
    alternatives = sorted({t.strip().lower() for t in terms if t.strip()}, key=len, reverse=True)
    if not alternatives:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in alternatives) + r")(?![\w-])", re.IGNORECASE)


def _unpaid(effects: Iterable[Effect]) -> bool:
    """Money or points change hands without an amount the reader can apply as it stands."""
    return any(e.kind in ("stakes", "score") and e.amount is None for e in effects)


def check_table_language(code: Code) -> Iterator[LawFileError]:
    """Issue-14 rules, for a code that declares its game's ``features``: questions use the
    table's words (a glossary term in a question needs ``help``; yes before no); every remedy
    says what happens next, with a worked example where money or points change hands without a
    fixed amount; an ``unsure`` names what is missing; the code offers only what its game can
    have, and its own laws are not shadowed by the general laws."""
    if code.features is None:
        return
    features = code.features
    terms = [t for term in code.glossary.values() if not term.plain for t in (term.term, *term.synonyms)]
    pattern = _words(terms)
    own = [i for i in code.irregularities.values() if i.origin == code.id]
    if code.kind == "code" and code.irregularities and not any(i.common for i in code.irregularities.values()):
        yield _problem(code.where, "no irregularity is marked common: mark the ones that often go wrong (common: true)")
    for irregularity in own:
        name = f"irregularity {irregularity.id!r}"
        missing = sorted(irregularity.needs - features)
        if missing:
            yield _problem(
                irregularity.where,
                f"{name} needs {', '.join(missing)}, which the game of {code.id!r} does not have "
                f"(features: {', '.join(sorted(features)) or 'none'}); remove it, or declare the feature",
            )
        for question in irregularity.questions.values():
            ids = [a.id for a in question.answers]
            if "yes" in ids and "no" in ids and ids.index("no") < ids.index("yes"):
                yield _problem(question.where, f"{name}, question {question.id!r}: answers go yes, then no")
            if pattern is not None and not question.help:
                found = pattern.search(question.ask)
                if found:
                    yield _problem(
                        question.where,
                        f"{name}, question {question.id!r} uses the term {found.group(1)!r} of the glossary: give "
                        "help saying what it means under this code and which acts count, or ask for the acts",
                    )
        for remedy in irregularity.remedies.values():
            what = f"remedy {remedy.id!r} of {name}"
            choices = remedy.options.choices if remedy.options else ()
            if remedy.next is None and not (choices and all(c.next for c in choices)):
                yield _problem(
                    remedy.where,
                    f"{what} does not say what happens next: give next (who and does, bidding, deal, stands), "
                    "or a next under every choice",
                )
            unpaid = _unpaid(remedy.effects) and not (remedy.next and remedy.next.example)
            unpaid = unpaid or any(
                _unpaid(c.effects) and not ((c.next and c.next.example) or (remedy.next and remedy.next.example))
                for c in choices
            )
            if unpaid:
                yield _problem(
                    remedy.where,
                    f"{what}: money or points change hands with no amount; give a worked example (next: example)",
                )
            if remedy.unsure is not None and not remedy.unsure.missing:
                yield _problem(
                    remedy.where,
                    f"{what}: unsure must name what is missing (unsure: {{missing: the fact or law, decides: role, "
                    "note: why})",
                )
    if code.fallback is None or code.kind != "code":
        return
    for irregularity, by in available(code):
        if by is None:
            continue
        on_point = [law for law in code.laws.values() if irregularity.id in law.topics]
        if on_point:
            yield _problem(
                code.where,
                f"the general laws' {irregularity.id!r} is offered under {code.id!r}, whose own law "
                f"{on_point[0].number!r} ({on_point[0].title}) is on that point: encode the code's law as an "
                "irregularity, or name it under an irregularity's covers",
            )


def check_coverage(library: Library, cases: list[Case]) -> Iterator[LawFileError]:
    """Every remedy written in a law file must be reached by at least one scenario case."""
    known = set(library.codes)
    for case in cases:
        if case.code not in known:
            yield _problem(
                case.where,
                f"cases file for {case.code!r}, but there is no such code{did_you_mean(case.code, known)}",
            )
    keys, problems = reached(library, [c for c in cases if c.code in known])
    yield from problems
    written: dict[tuple[str, str, str], Where] = {}
    for code in library.codes.values():
        for irregularity in code.irregularities.values():
            for remedy in irregularity.remedies.values():
                written.setdefault(remedy.key, remedy.where)
    for key, where in sorted(written.items(), key=lambda item: (item[1].path, item[1].line)):
        if key not in keys:
            origin, irregularity, remedy = key
            yield _problem(
                where,
                f"remedy {remedy!r} of {irregularity!r} is reached by no scenario test; "
                f"add a case to tests/cases/{origin}.yaml",
            )


def check_choosing(library: Library) -> Iterator[LawFileError]:
    """A game played under several codes asks which one: every code of it has a ``choose``
    line, and exactly one of them is the usual choice (the default offered to a newcomer)."""
    for codes in library.games().values():
        if len(codes) < 2:
            continue
        game = codes[0].game_title
        for code in codes:
            if code.choose is None:
                yield _problem(
                    code.where,
                    f"code {code.id!r}: {game} has {len(codes)} codes, so each needs a choose line "
                    "(choose: {line: who used it and how it differs, usual: true for the usual choice})",
                )
        usual = [code for code in codes if code.choose is not None and code.choose.usual]
        if len(usual) != 1 and all(code.choose is not None for code in codes):
            first = usual[1] if len(usual) > 1 else codes[0]
            where = first.choose.where if first.choose else first.where  # the second one marked
            named = ", ".join(repr(code.id) for code in usual) or "none of them"
            yield _problem(
                where,
                f"game {codes[0].game!r}: exactly one code is the usual choice (choose: usual: true); marked: {named}",
            )


@collector_paused
def check(laws_dir: Path | str, cases_dir: Path | str | None = None) -> tuple[Library, list[LawFileError]]:
    """Load and check everything: the library and every problem, sorted and de-duplicated.
    Scenario coverage is checked only when ``cases_dir`` is given (nothing guesses it)."""
    library, problems = read_library(laws_dir)
    found = list(problems)
    for code in library.codes.values():
        found.extend(check_code(code, library))
        found.extend(_structure(code))
        found.extend(check_table_language(code))
    found.extend(check_choosing(library))
    if cases_dir is not None:
        cases, case_problems = read_cases(cases_dir)
        found.extend(case_problems)
        found.extend(check_coverage(library, cases))
    unique = {(p.path, p.line, p.message): p for p in found}
    return library, sorted(unique.values())


def load_checked(laws_dir: Path | str) -> Library:
    """The library of ``laws_dir`` if ``adjudicator check`` finds no problem in its law files;
    else raise ``LibraryError`` listing every ``path:line: message``. What the app and the CLI
    load: the same checks as ``check`` but scenario coverage, a property of the test suite
    (tests/cases), which an installed package does not carry (and a remedy no test reaches
    still rules as written). The checks cost about 2 % of the load."""
    library, problems = check(laws_dir)
    if problems:
        raise LibraryError(problems)
    return library
