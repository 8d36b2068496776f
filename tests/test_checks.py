"""Every kind of law-file problem has a broken fixture in tests/bad_laws/ whose first
lines say what ``check`` must report (``# expect: LINE: message``): the file, the line
and what is allowed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.checks import check
from adjudicator.cli import main

BAD = Path(__file__).parent / "bad_laws"
FIXTURES = sorted([*BAD.glob("*.yaml"), *(p for p in BAD.iterdir() if p.is_dir())])
EXPECT = re.compile(r"^# expect: (\d+): (.+)$")


def _expectations(fixture: Path) -> list[tuple[str, int, str]]:
    files = sorted(fixture.glob("*.yaml")) if fixture.is_dir() else [fixture]
    found = []
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            match = EXPECT.match(line)
            if match:
                found.append((path.name, int(match[1]), match[2]))
    return found


def _laws_dir(fixture: Path, tmp_path: Path) -> Path:
    laws = tmp_path / "laws"
    if fixture.is_dir():
        shutil.copytree(fixture, laws)
    else:
        laws.mkdir()
        shutil.copy(fixture, laws)
    (tmp_path / "cases").mkdir()
    return laws


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_broken_file_is_reported_with_file_line_and_what_is_allowed(fixture, tmp_path):
    expected = _expectations(fixture)
    assert expected, f"{fixture} has no '# expect: LINE: message' line"
    laws = _laws_dir(fixture, tmp_path)
    _, problems = check(laws, tmp_path / "cases")
    shown = [(Path(p.path).name, p.line, p.message) for p in problems]
    for name, line, message in expected:
        assert any(n == name and ln == line and message in m for n, ln, m in shown), (
            f"expected {name}:{line}: {message}\n got: {shown}"
        )


def test_every_kind_of_problem_has_a_fixture():
    kinds = {f.stem for f in FIXTURES}
    assert kinds >= {
        "yaml-syntax", "unknown-key", "duplicate-key", "missing-key", "bare-yes-no", "bare-number-key",
        "bare-number-value", "answer-target", "unreachable", "cycle", "missing-citation", "missing-see-also",
        "extends-missing", "extends-circular", "uncovered-remedy",
    }  # fmt: skip


def test_check_command_prints_every_problem_and_exits_1(tmp_path, capsys):
    laws = tmp_path / "laws"
    laws.mkdir()
    for name in ("unknown-key", "cycle", "missing-citation"):
        shutil.copy(BAD / f"{name}.yaml", laws)
    out = tmp_path / "out.txt"
    with out.open("w") as stream:
        status = main(["check", str(laws), "--no-cases"], out=stream)
    text = out.read_text()
    assert status == 1
    assert re.search(r"unknown-key\.yaml:15: .*unknown key 'txt'", text)
    assert re.search(r"cycle\.yaml:\d+: .*cycle", text)
    assert re.search(r"missing-citation\.yaml:\d+: .*cites law '84'", text)
    assert "Traceback" not in text


def test_the_real_laws_check_clean(capsys):
    assert main(["check"]) == 0


def test_an_inherited_citation_moved_by_renumbering_is_reported(tmp_path):
    laws = tmp_path / "laws"
    laws.mkdir()
    parent = (Path(__file__).parent / "fixtures" / "laws" / "toy-whist.yaml").read_text()
    (laws / "toy-whist.yaml").write_text(parent.replace("fallback: toy-general\n", ""))
    (laws / "toy-whist-renumbered.yaml").write_text(
        "game: toy-whist\ngame_title: Toy Whist\ntitle: Renumbered\nedition: second\nyear: 1902\n"
        "body: Tests\nverification: Tests.\nextends: toy-whist\nlaws:\n"
        '  "2":\n    title: Dealing\n    section: dealing\n    text: Deal one at a time.\n'
        '    same_as: {toy-whist: "4"}\n'
        '  "5":\n    title: Lead out of turn\n    section: play\n    text: Moved here.\n'
        '    same_as: {toy-whist: "2"}\n'
    )
    _, problems = check(laws)
    assert any(
        "cites law '2' of 'toy-whist', but in 'toy-whist-renumbered' law '2' is 'Dealing'" in p.message
        for p in problems
    )
