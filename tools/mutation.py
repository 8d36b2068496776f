"""Mutation testing with mutmut, one module at a time, printing the share of mutants killed.

    python tools/mutation.py                 # every module below
    python tools/mutation.py engine scoring  # some of them
    make mutation MODULES="engine"           # the same through make

Each module is mutated in a copy of the project of its own (under ``$TMPDIR``), with only
the tests that speak for it, so modules can be run one by one and a run never touches the
checkout. A mutant is killed when one of those tests fails with it in place.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES: dict[str, tuple[list[str], list[str]]] = {
    # name: (the files mutated, the tests that run against them)
    "engine": (
        ["adjudicator/engine.py"],
        ["tests/test_engine.py", "tests/test_engine_errors.py", "tests/test_cases.py"],
    ),
    "presentation": (
        ["adjudicator/presentation/ruling.py", "adjudicator/presentation/words.py", "adjudicator/presentation/law.py"],
        ["tests/presentation", "tests/test_cli_output.py"],
    ),
    "scoring": (["adjudicator/scoring.py"], ["tests/tools/test_scoring.py", "tests/tools/test_properties.py"]),
    "auction": (
        ["adjudicator/auction.py"],
        ["tests/tools/test_auction.py", "tests/tools/test_properties.py", "tests/test_auction_english.py"],
    ),
    "search": (
        ["adjudicator/search/query.py"],
        [
            "tests/search/test_parse.py",
            "tests/search/test_search.py",
            "tests/search/test_fuzz.py",
            # searchers shared by greenlets, in a subprocess of its own (12 s): not the query reader's
            "--deselect=tests/search/test_search.py::test_greenlets_share_their_threads_searcher",
        ],
    ),
}
"""The modules `make mutation` covers (search: the query reader, adjudicator/search/query.py)."""

EQUIVALENT: dict[str, str] = {
    # mutants that survive because no behaviour can tell them from the code (mutmut's names;
    # they move when the function is edited: read them again with `mutmut show NAME`)
    **dict.fromkeys(
        [f"adjudicator.engine.x_adjudicate__mutmut_{n}" for n in range(60, 66)],
        "the UnknownAnswer raised when an answer vanishes after _validate, which has checked it: never reached",
    ),
    "adjudicator.engine.x__common_prefix__mutmut_3": "zip(strict=None): None is false, as strict=False",
    "adjudicator.engine.x__common_prefix__mutmut_5": "zip() without strict: False is its default",
    "adjudicator.engine.x__common_prefix__mutmut_6": (
        "zip(strict=True): paths part only at a step answered not sure, where the walk stops before any ends"
    ),
    "adjudicator.engine.x__common_prefix__mutmut_9": (
        "'assumed and differs' for 'or': an assumed step differs on every path (each answer is followed)"
    ),
    **dict.fromkeys(
        [f"adjudicator.presentation.law.x_quote__mutmut_{n}" for n in (19, 20, 21)],
        "QUOTE_LABELS.get(kind, kind) without its default: the Quote model takes only the two kinds it labels",
    ),
    "adjudicator.presentation.words.x_next_lines__mutmut_10": "ACTS.get(None, does): ACTS maps every act to itself",
    "adjudicator.presentation.words.x_book__mutmut_4": "sources.get('XXXX') for sources.get(''): no source has either key",
    **dict.fromkeys(
        ["adjudicator.presentation.ruling.x_unsure__mutmut_24", "adjudicator.presentation.ruling.x_remedy__mutmut_96"],
        "unsure_text(...) or 'XXXX': never empty, the schema requires what is missing",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x_hand_words__mutmut_{n}" for n in (23, 24, 26, 27)],
        "the bare 'made': a contract made has at least one trick over the book",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x_hand_words__mutmut_{n}" for n in (36, 37, 38)]
        + [f"adjudicator.scoring.x_contract_words__mutmut_{n}" for n in (16, 17)],
        "a number past NUMBERS in words: tricks and levels never pass thirteen",
    ),
    "adjudicator.scoring.x_hand_words__mutmut_67": "r.choice or 'XXXX': neither '' nor 'XXXX' is a choice",
    **dict.fromkeys(
        [f"adjudicator.scoring.x__chicane__mutmut_{n}" for n in (3, 4)],
        "hand.chicane or 'we': _chicane is called only for a hand with chicane",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x__figure__mutmut_{n}" for n in (33, 34)],
        "why_unknown or 'no figure': a value with no number always says why",
    ),
    **dict.fromkeys(
        ["adjudicator.scoring.x_parse_hand__mutmut_51", "adjudicator.scoring.x__tail__mutmut_60"],
        "the reader's bound of 999,999,999 against 1,000,000,000: make_hand checks the range",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x__revoke_figures__mutmut_{n}" for n in (5, 306)],
        "_Revokes(..., both=None) for False: read only as a truth value",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x__revoke_figures__mutmut_{n}" for n in (226, 228, 236)],
        "the room left for tricks taken for a revoke: only one side's revokes take tricks, and only where the "
        "code gives a number of tricks (else the hand is refused)",
    ),
    **dict.fromkeys(
        [f"adjudicator.scoring.x_score_sheet__mutmut_{n}" for n in range(11, 23)],
        "score_sheet's NotOffered for a code without 'game': require_scorable has refused it already",
    ),
    **dict.fromkeys(
        [f"adjudicator.auction.x_adversaries_of__mutmut_{n}" for n in (3, 5)],
        "sorted by name, not seat order: the adversaries of any seat come out the same (E, W and N, S)",
    ),
    **dict.fromkeys(
        ["adjudicator.auction.xǁCallǁtoken__mutmut_26"]
        + [f"adjudicator.auction.x_call_words__mutmut_{n}" for n in (11, 13)],
        "a bid's missing level or declaration written otherwise: every bid has both",
    ),
    "adjudicator.auction.x_lowest_sufficient__mutmut_3": "trying a bid of nought first: it outranks nothing",
    **dict.fromkeys(
        [f"adjudicator.auction.x_fact_sentences__mutmut_{n}" for n in (7, 13, 16)],
        "a finding's facts are answers to its irregularity's own questions ('' and 'XXXX' name none)",
    ),
    **dict.fromkeys(
        [f"adjudicator.search.query.x_parse__mutmut_{n}" for n in (67, 69, 70, 79)],
        "the test for '*' before the last character, and the '-' standing for an empty prefix: the fullmatch of "
        "\\w+ on the prefix already refuses both",
    ),
    **dict.fromkeys(
        [f"adjudicator.search.query.x_plan__mutmut_{n}" for n in (157, 160, 161)],
        "zip(strict=...) over a unit's forms and their running sizes: always the same length",
    ),
}
"""Survivors no test can kill, with the reason; counted apart in the table, never as killed."""

COPIED = ("adjudicator", "laws", "templates", "static", "tests", "pyproject.toml", "README.md")


def _work_dir(name: str, mutated: list[str], tests: list[str]) -> Path:
    work = Path(tempfile.gettempdir()) / "adjudicator-mutation" / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for item in COPIED:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, work / item, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.exists():
            shutil.copy2(source, work / item)
    listed = ", ".join(f'"{p}"' for p in mutated)
    selected = ", ".join(f'"{t}"' for t in tests)
    with (work / "pyproject.toml").open("a") as config:
        config.write(
            f'\n[tool.mutmut]\nsource_paths = ["adjudicator"]\nonly_mutate = [{listed}]\n'
            f"pytest_add_cli_args_test_selection = [{selected}]\n"
            'also_copy = ["laws", "templates", "static", "README.md"]\n'
            'pytest_add_cli_args = ["-p", "no:randomly", "-p", "no:cacheprovider", "-q", "-m", "not browser"]\n'
        )
    return work


def run(name: str, children: int) -> dict[str, int]:
    mutated, tests = MODULES[name]
    missing = [path for path in mutated if not (ROOT / path).exists()]
    if missing:
        raise SystemExit(f"tools/mutation.py: {name}: no such file {', '.join(missing)} (update MODULES)")
    work = _work_dir(name, mutated, tests)
    mutmut = Path(sys.executable).parent / "mutmut"
    started = time.perf_counter()
    # property tests run ten examples, not a hundred (tests/conftest.py's "mutation" profile)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "ADJUDICATOR_HYPOTHESIS": "mutation"}
    subprocess.run([str(mutmut), "run", "--max-children", str(children)], cwd=work, env=env, check=False)  # noqa: S603
    subprocess.run([str(mutmut), "export-cicd-stats"], cwd=work, env=env, check=True)  # noqa: S603
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    stats["seconds"] = round(time.perf_counter() - started)
    results = subprocess.run([str(mutmut), "results"], cwd=work, env=env, capture_output=True, text=True, check=True)  # noqa: S603
    survivors = [line.strip().split(": ")[0] for line in results.stdout.splitlines() if line.endswith(": survived")]
    stats["equivalent"] = sum(mutant in EQUIVALENT for mutant in survivors)
    print(f"\n{name}: {len(survivors)} survived, {stats['equivalent']} of them named equivalent (tools/mutation.py)")
    for survivor in survivors:
        print(f"  {survivor}{'  (equivalent)' if survivor in EQUIVALENT else ''}")
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", choices=[[], *MODULES], default=list(MODULES), metavar="MODULE",
                        help=f"one or more of: {', '.join(MODULES)} (default: all)")  # fmt: skip
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once (default: 2, the cores)")
    args = parser.parse_args()
    rows = []
    for name in args.modules or list(MODULES):
        stats = run(name, args.children)
        rows.append((name, stats))
    print("\nmodule          killed / mutants   score   survived  equivalent  timeout  no tests  seconds")
    for name, s in rows:
        total = s.get("total", 0)
        tried = total - s.get("skipped", 0) - s.get("not_checked", 0)
        killed = s.get("killed", 0) + s.get("timeout", 0)
        score = 100 * killed / tried if tried else 0.0
        print(f"{name:15} {killed:6} / {tried:<7}  {score:5.1f} %  {s.get('survived', 0):8}  {s['equivalent']:10}  "
              f"{s.get('timeout', 0):7}  {s.get('no_tests', 0):8}  {s['seconds']:7}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
