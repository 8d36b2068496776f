"""Scenario tests as data: ``tests/cases/<code-id>.yaml``, one list of cases per code.

Each case gives the facts (``answers``) and the remedy the law prescribes, and its
``name`` reads as a sentence about the law. pytest runs them (tests/test_cases.py) and
``adjudicator check`` uses them to prove that every remedy is reached by some case.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from adjudicator import schema
from adjudicator.engine import NextQuestion, Ruling, adjudicate
from adjudicator.errors import AdjudicatorError, LawFileError
from adjudicator.loader import display_path, read_yaml, schema_problems
from adjudicator.model import Library, Where

_CASES = TypeAdapter(list[schema.CaseSpec])


@dataclass(frozen=True, slots=True)
class Case:
    code: str
    spec: schema.CaseSpec
    where: Where

    @property
    def name(self) -> str:
        return self.spec.name


def read_cases(cases_dir: Path | str) -> tuple[list[Case], list[LawFileError]]:
    """Every case in ``cases_dir`` (file stem = code id), and every problem found reading them."""
    cases_dir = Path(cases_dir)
    cases: list[Case] = []
    problems: list[LawFileError] = []
    for path in sorted(cases_dir.glob("*.yaml")):
        display = display_path(path)
        doc, found = read_yaml(path, display)
        problems.extend(found)
        if doc is None:
            continue
        try:
            specs = _CASES.validate_python(doc.data if doc.data is not None else [])
        except ValidationError as exc:
            problems.extend(schema_problems(doc, exc, model=list[schema.CaseSpec]))
            continue
        for i, spec in enumerate(specs):
            cases.append(Case(path.stem, spec, doc.where((i,))))
    return cases, problems


def run(library: Library, case: Case) -> NextQuestion | Ruling:
    """Adjudicate the case's facts under its code."""
    return adjudicate(library.code(case.code), case.spec.irregularity, case.spec.answers)


def reached(library: Library, cases: list[Case]) -> tuple[set[tuple[str, str, str]], list[LawFileError]]:
    """The remedies the cases reach (by key), and problems for cases that cannot run."""
    keys: set[tuple[str, str, str]] = set()
    problems: list[LawFileError] = []
    for case in cases:
        try:
            result = run(library, case)
        except AdjudicatorError as exc:
            problems.append(LawFileError(case.where.path, case.where.line, f"case {case.name!r}: {exc}"))
            continue
        if isinstance(result, Ruling):
            keys.update(outcome.remedy.key for outcome in result.outcomes)
    return keys, problems
