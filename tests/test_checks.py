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
from adjudicator.errors import LibraryError
from tests.conftest import CASES_DIR

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
        status = main(["check", str(laws)], out=stream)
    text = out.read_text()
    assert status == 1
    assert re.search(r"unknown-key\.yaml:15: .*unknown key 'txt'", text)
    assert re.search(r"cycle\.yaml:\d+: .*cycle", text)
    assert re.search(r"missing-citation\.yaml:\d+: .*cites law '84'", text)
    assert "Traceback" not in text


def test_the_real_laws_check_clean_and_every_remedy_is_reached(capsys):
    assert main(["check", "--cases", str(CASES_DIR)]) == 0
    assert "every remedy is reached by a scenario test" in capsys.readouterr().out


def test_check_guesses_no_scenario_tests(capsys):
    assert main(["check"]) == 0
    assert "no scenario tests given: coverage not checked" in capsys.readouterr().out


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


# ---------------------------------------------------------------- the app and the CLI refuse what check rejects

START_EXEMPT = {"uncovered-remedy"}  # scenario coverage is a property of tests/cases, not checked at start


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_the_app_refuses_to_start_on_a_broken_file_naming_file_and_line(fixture, tmp_path):
    from adjudicator.web import create_app

    laws = _laws_dir(fixture, tmp_path)
    if fixture.stem in START_EXEMPT:
        assert create_app({"TESTING": True, "LAWS_DIR": str(laws)}) is not None
        return
    with pytest.raises(LibraryError) as caught:
        create_app({"TESTING": True, "LAWS_DIR": str(laws)})
    shown = str(caught.value)
    for name, line, message in _expectations(fixture):
        assert re.search(rf"{re.escape(name)}:{line}: .*{re.escape(message)}", shown), shown


def test_an_uncovered_remedy_starts_but_check_with_the_cases_rejects_it(tmp_path, capsys):
    laws = _laws_dir(BAD / "uncovered-remedy.yaml", tmp_path)
    assert main(["check", str(laws), "--cases", str(tmp_path / "cases")]) == 1
    assert "is reached by no scenario test" in capsys.readouterr().out


def _toy_laws_with_a_dangling_answer(tmp_path: Path) -> Path:
    laws = tmp_path / "laws"
    shutil.copytree(Path(__file__).parent / "fixtures" / "laws", laws)
    whist = laws / "toy-whist.yaml"
    text = whist.read_text()
    assert text.count("next: who-led\n") == 1
    whist.write_text(text.replace("next: who-led\n", "next: who-lead\n"))
    return laws


def test_adjudicator_laws_points_the_app_at_another_folder_and_it_refuses_a_dangling_answer(tmp_path, monkeypatch):
    from adjudicator.web import create_app

    laws = _toy_laws_with_a_dangling_answer(tmp_path)
    monkeypatch.setenv("ADJUDICATOR_LAWS", str(laws))
    with pytest.raises(LibraryError) as caught:
        create_app({"TESTING": True})
    # toy-whist.yaml line 53: the answer "no" of others-played, now sent to a node that does not exist
    assert re.search(
        r"toy-whist\.yaml:56: .*leads to 'who-lead', which is neither a question nor a remedy", str(caught.value)
    )
    shutil.copy(Path(__file__).parent / "fixtures" / "laws" / "toy-whist.yaml", laws)
    app = create_app({"TESTING": True})
    assert sorted(app.extensions["adjudicator.library"].codes) == ["toy-general", "toy-whist", "toy-whist-house"]


def test_the_cli_refuses_what_check_rejects_under_laws_and_adjudicator_laws(tmp_path, monkeypatch, capsys):
    laws = _toy_laws_with_a_dangling_answer(tmp_path)
    assert main(["--laws", str(laws), "codes"]) == 1
    assert re.search(r"toy-whist\.yaml:56: .*'who-lead'", capsys.readouterr().err)
    monkeypatch.setenv("ADJUDICATOR_LAWS", str(laws))
    assert main(["ask", "toy-whist", "lead-out-of-turn", "-a", "others-played=no"]) == 1
    assert "run: adjudicator check" in capsys.readouterr().err
    shutil.copy(Path(__file__).parent / "fixtures" / "laws" / "toy-whist.yaml", laws)
    assert main(["codes", "--json"]) == 0
    assert "toy-whist-house" in capsys.readouterr().out
