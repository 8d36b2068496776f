"""Robustness of the core, by generated input (bounded in time).

- the engine: any answers, valid or not, give a question, a ruling or a documented error;
- the law files: mutated copies of the real files (lines deleted, keys swapped, wrong
  types, bad indentation, duplicated blocks, huge values) make ``adjudicator check``
  report ``path:line: message`` problems and exit 1, never a traceback.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import config
from adjudicator.cli import main
from adjudicator.engine import NextQuestion, Ruling, adjudicate, available
from adjudicator.errors import LookupProblem
from adjudicator.model import NOT_SURE

LAW_FILES = sorted(config.laws_dir().glob("*.yaml"))
PROBLEM_LINE = re.compile(r"^[^\n:]+\.yaml:\d+: \S")


def related_files(library) -> dict[str, list[Path]]:
    """For each law file, the files a check of it needs: what it extends, falls back to
    or names in ``same_as`` (all the way down), and the files that name it, with what
    those need. A mutation can only change what these report, so a check of them is a
    check of the whole library for that mutation, at a fraction of the cost."""
    direct = {
        c.id: (
            set(c.lineage)
            | ({c.fallback.id} if c.fallback else set())
            | {o for law in c.laws.values() for o in law.same_as}
        )
        - {c.id}
        for c in library.codes.values()
    }

    def needs(code_id: str) -> set[str]:
        found, todo = set(), [code_id]
        while todo:
            for other in direct.get(todo.pop(), ()):
                if other not in found:
                    found.add(other)
                    todo.append(other)
        return found

    by_id = {p.stem: p for p in LAW_FILES}
    related = {}
    for code_id in direct:
        group = {code_id} | needs(code_id)
        for other, names in direct.items():
            if code_id in names:
                group |= {other} | needs(other)
        related[code_id] = sorted(by_id[c] for c in group if c in by_id)
    return related


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_answers_give_a_question_a_ruling_or_a_documented_error(library, data):
    code = library.codes[data.draw(st.sampled_from(sorted(library.codes)), label="code")]
    irregularities = {irr.id: irr for irr, _ in available(code)}
    junk = st.text(max_size=30)
    chosen = data.draw(st.sampled_from(sorted(irregularities)) | junk, label="irregularity")
    irregularity = irregularities.get(chosen)
    if irregularity is not None:
        question_ids = st.sampled_from(sorted(irregularity.questions) or ["none"])
        answer_ids = st.sampled_from(
            sorted({a.id for q in irregularity.questions.values() for a in q.answers} | {NOT_SURE})
        )
        answers = data.draw(st.dictionaries(question_ids | junk, answer_ids | junk, max_size=8), label="answers")
    else:
        answers = data.draw(st.dictionaries(junk, junk, max_size=3), label="answers")
    try:
        result = adjudicate(code, chosen, answers)
    except LookupProblem as problem:
        assert str(problem) and problem.field is not None and problem.choices is not None
        return
    assert isinstance(result, NextQuestion | Ruling)
    if isinstance(result, Ruling):
        assert result.outcomes and all(o.remedy.now for o in result.outcomes)


def _mutations(text: str) -> st.SearchStrategy[str]:
    lines = text.splitlines(keepends=True)
    index = st.integers(0, max(0, len(lines) - 1))

    def delete(i: int) -> str:
        return "".join(lines[:i] + lines[i + 1 :])

    def swap_keys(i: int) -> str:
        j = min(i + 1, len(lines) - 1)
        swapped = lines[:]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return "".join(swapped)

    def wrong_type(i: int, value: str) -> str:
        line = lines[i]
        if ":" not in line:
            return text
        key, _, _ = line.partition(":")
        return "".join(lines[:i] + [f"{key}: {value}\n"] + lines[i + 1 :])

    def indent(i: int, spaces: int) -> str:
        line = lines[i]
        changed = (" " * spaces + line) if spaces > 0 else line[min(-spaces, len(line) - len(line.lstrip())) :]
        return "".join(lines[:i] + [changed] + lines[i + 1 :])

    def duplicate(i: int, length: int) -> str:
        block = lines[i : i + length]
        return "".join(lines[: i + length] + block + lines[i + length :])

    def huge(i: int) -> str:
        return wrong_type(i, "x" * 100_000)

    values = st.sampled_from(["yes", "no", "12", "1915-06-01", "[1, 2]", "{a: b}", "null", '""', "~", "&a x", "*a"])
    return st.one_of(
        index.map(delete),
        index.map(swap_keys),
        st.builds(wrong_type, index, values),
        st.builds(indent, index, st.sampled_from([-4, -2, -1, 1, 2, 3])),
        st.builds(duplicate, index, st.integers(1, 8)),
        index.map(huge),
    )


@pytest.fixture(scope="module")
def related(library):
    return related_files(library)


def test_there_are_law_files_to_mutate():
    assert LAW_FILES, f"no law files in {config.laws_dir()}: the mutation test below would test nothing"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_law_files_are_reported_never_a_traceback(tmp_path_factory, related, data):
    source = data.draw(st.sampled_from(LAW_FILES))
    text = source.read_text(encoding="utf-8")
    mutated = data.draw(_mutations(text))
    laws = tmp_path_factory.mktemp("laws")
    # the mutated file with everything it extends, falls back to or names, and what names it
    for path in related[source.stem]:
        shutil.copy(path, laws)
    (laws / source.name).write_text(mutated, encoding="utf-8")
    out = io.StringIO()
    status = main(["check", str(laws)], out=out)
    printed = out.getvalue().splitlines()
    assert status in (0, 1)
    problems = printed[:-1]
    if status == 1:
        assert problems, printed
        assert all(PROBLEM_LINE.match(line) for line in problems), problems
    if mutated == text:
        assert status == 0
