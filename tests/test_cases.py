"""The scenario tests of tests/cases/: each case's facts must reach the remedy it names."""

from __future__ import annotations

import pytest

from adjudicator.checks import check_coverage
from adjudicator.engine import NextQuestion, Ruling
from adjudicator.scenario import Case, read_cases, run
from tests.conftest import CASES_DIR

CASES, PROBLEMS = read_cases(CASES_DIR)


def test_case_files_are_valid():
    assert [str(p) for p in PROBLEMS] == []


def test_there_are_cases_for_every_code(library):
    assert {c.code for c in CASES} >= {c.id for c in library.codes.values() if c.irregularities}


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}: {c.name}" for c in CASES])
def test_case(library, case: Case):
    spec = case.spec
    result = run(library, case)
    if spec.question is not None:
        assert isinstance(result, NextQuestion), f"expected the question {spec.question!r}, got a ruling"
        assert result.question.id == spec.question
        return
    assert isinstance(result, Ruling), f"expected a ruling, but the engine asks {result.question.id!r}"
    if spec.outcomes is not None:
        assert sorted(o.remedy.id for o in result.outcomes) == sorted(spec.outcomes)
        assert not result.is_certain
    else:
        assert result.is_certain, f"not certain: {[o.remedy.id for o in result.outcomes]}"
        assert result.remedy is not None and result.remedy.id == spec.remedy
    cited = {str(c.citation) for o in result.outcomes for c in o.laws}
    assert set(spec.cites) <= cited
    assert all(c.law is not None for o in result.outcomes for c in o.laws)
    assert (result.fallback_for is not None) == spec.fallback


def test_every_remedy_is_reached_by_a_case(library):
    assert [str(p) for p in check_coverage(library, CASES)] == []
