"""Cold-start benchmark: what a deploy costs before the first request, for laws/ and for
synthetic corpora 10x and 100x as large, and how the cost grows.

Stages, each timed in a fresh process (wall and CPU seconds; the machine may be shared):

- load + check: ``checks.check(laws, cases)``, what ``adjudicator check`` does (YAML,
  schema, extends, every graph, every scenario test, every remedy reached);
- index: ``search.build_index(library, directory)``, what ``adjudicator build-index``
  writes;
- open: ``search.open_index`` against the law files (what each worker does at start,
  after loading the laws).

The baseline, measured in the same run, is a plain ``yaml.CSafeLoader`` parse of the same
files (the least any loading could cost). A corpus k times as large is k copies of every
law file and its scenario tests, each copy with its own code ids (``extends``,
``fallback`` and ``same_as`` follow them) and 3 % of its longer prose words misspelt, so
the vocabulary grows too. The corpora are written to a temporary folder, never committed.

    .venv/bin/python bench/coldstart.py [--scales 1,10,100] [--repeat 3] [--repeat-largest 1]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEY_LINE = re.compile(r"^\s*(?:- )?[\w\"'().-]+\s*:(?:\s|$)|^\s*-\s|^\s*#")
LONG_WORD = re.compile(r"\b[a-z]{6,}\b")


def _misspell(line: str, rng: random.Random) -> str:
    def change(match: re.Match[str]) -> str:
        word = match.group(0)
        if rng.random() >= 0.03:
            return word
        i = rng.randrange(1, len(word) - 1)
        return word[:i] + rng.choice("aeioulnrst") + word[i + 1 :]

    return LONG_WORD.sub(change, line)


def make_corpus(scale: int, target: Path) -> None:
    """Write ``scale`` copies of laws/ and tests/cases/ into ``target``/laws and /cases."""
    laws, cases = target / "laws", target / "cases"
    laws.mkdir(parents=True)
    cases.mkdir()
    sources = sorted((ROOT / "laws").glob("*.yaml"))
    ids = sorted((p.stem for p in sources), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    rng = random.Random(scale)
    for k in range(1, scale + 1):
        suffix = "" if scale == 1 else f"-x{k}"
        for path in sources:
            text = pattern.sub(rf"\1{suffix}", path.read_text(encoding="utf-8"))
            if suffix:  # prose lines only (never a key, an id or a list item): the structure stays valid
                text = "".join(
                    line if KEY_LINE.match(line) else _misspell(line, rng) for line in text.splitlines(keepends=True)
                )
            (laws / f"{path.stem}{suffix}.yaml").write_text(text, encoding="utf-8")
            case_file = ROOT / "tests" / "cases" / path.name
            if case_file.exists():
                shutil.copy(case_file, cases / f"{path.stem}{suffix}.yaml")


def one(folder: Path) -> dict[str, float]:
    """Run every stage once over ``folder`` in this process; seconds and MiB."""
    import yaml

    from adjudicator.checks import check
    from adjudicator.search import build_index, open_index

    out: dict[str, float] = {}

    def stage(name: str, fn):
        wall, cpu = time.perf_counter(), time.process_time()
        value = fn()
        out[f"{name} wall"] = time.perf_counter() - wall
        out[f"{name} cpu"] = time.process_time() - cpu
        return value

    files = sorted((folder / "laws").glob("*.yaml"))
    stage("YAML parse", lambda: [yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader) for p in files])
    library, problems = stage("load + check", lambda: check(folder / "laws", folder / "cases"))
    if problems:
        raise SystemExit(f"the synthetic corpus has {len(problems)} problems, e.g. {problems[0]}")
    index = stage("index", lambda: build_index(library, folder / "index"))
    out["documents"] = len(index)
    index.close()
    stage("open", lambda: open_index(folder / "index", folder / "laws"))
    out["laws"] = sum(len(c.laws) for c in library.codes.values())
    out["codes"] = len(library.codes)
    out["peak RSS MiB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


STAGES = ("YAML parse", "load + check", "index", "open")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--repeat-largest", type=int, default=1, help="runs of the largest scale (slow)")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    scales = [int(s) for s in args.scales.split(",")]
    rows: dict[int, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-coldstart-") as tmp:
        for scale in scales:
            folder = Path(tmp) / f"x{scale}"
            make_corpus(scale, folder)
            runs = args.repeat_largest if scale == max(scales) and len(scales) > 1 else args.repeat
            rows[scale] = []
            for _ in range(runs):
                shutil.rmtree(folder / "index", ignore_errors=True)
                done = subprocess.run(
                    [sys.executable, __file__, "--one", str(folder)], check=True, capture_output=True, text=True
                )
                rows[scale].append(json.loads(done.stdout.strip().splitlines()[-1]))
                row = rows[scale][-1]
                print(
                    f"  {scale:>3}x: " + ", ".join(f"{s} {row[s + ' wall']:.2f} s" for s in STAGES),
                    file=sys.stderr,
                    flush=True,
                )
            shutil.rmtree(folder)

    base = rows[scales[0]]
    print(f"{'corpus':>8}{'codes':>7}{'laws':>8}{'docs':>8}  " + "".join(f"{s + ' s (CPU s)':>26}" for s in STAGES))
    for scale, runs in rows.items():
        first = runs[0]
        cells = []
        for s in STAGES:
            wall = statistics.median(r[f"{s} wall"] for r in runs)
            cpu = statistics.median(r[f"{s} cpu"] for r in runs)
            cells.append(f"{wall:>12.2f} ({cpu:.2f})")
        print(
            f"{scale:>7}x{first['codes']:>7.0f}{first['laws']:>8.0f}{first['documents']:>8.0f}  "
            + "".join(f"{c:>26}" for c in cells)
        )
    print()
    print("growth against 1x (median CPU seconds; linear would equal the scale), and against the YAML parse:")
    for scale, runs in rows.items():
        parts = []
        for s in STAGES[1:]:
            cpu = statistics.median(r[f"{s} cpu"] for r in runs)
            cpu1 = statistics.median(r[f"{s} cpu"] for r in base)
            parse = statistics.median(r["YAML parse cpu"] for r in runs)
            parts.append(f"{s} {cpu / cpu1:6.1f}x ({cpu / parse:4.1f}x the parse)")
        peak = statistics.median(r["peak RSS MiB"] for r in runs)
        print(f"{scale:>7}x  " + "   ".join(parts) + f"   peak RSS {peak:.0f} MiB")
    spread = [
        f"{scale}x load+check {min(r['load + check wall'] for r in runs):.2f}-{max(r['load + check wall'] for r in runs):.2f} s"
        for scale, runs in rows.items()
        if len(runs) > 1
    ]
    if spread:
        print("spread (wall, min-max): " + "; ".join(spread))


if __name__ == "__main__":
    main()
