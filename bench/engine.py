"""Engine benchmark: the median time of one adjudication step, and of loading and
checking all of laws/, each beside a baseline measured in the same run.

Baselines: a dict lookup chain of the same depth (the least an adjudication step could
cost) and a plain ``yaml.CSafeLoader`` parse of the same files (the least loading could
cost). Run: ``.venv/bin/python bench/engine.py``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import yaml

from adjudicator import config
from adjudicator.checks import check
from adjudicator.engine import Ruling, adjudicate
from adjudicator.scenario import read_cases


def timed(fn, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    laws, cases_dir = config.laws_dir(), config.ROOT / "tests" / "cases"
    library, problems = check(laws, cases_dir)
    assert not problems, problems
    cases, _ = read_cases(cases_dir)
    steps = [(library.code(c.code), c.spec.irregularity, dict(c.spec.answers)) for c in cases]
    rulings = sum(isinstance(adjudicate(*s), Ruling) for s in steps)

    def one_pass():
        for code, irregularity, answers in steps:
            adjudicate(code, irregularity, answers)

    per_step = [t / len(steps) for t in timed(one_pass, 200)]
    # baseline: walk a dict chain as long as the average path, no objects built
    depth = max(1, round(sum(len(a) for _, _, a in steps) / len(steps)) + 1)
    chain = {f"n{i}": {"yes": f"n{i + 1}"} for i in range(depth)}

    def baseline_pass():
        for _ in steps:
            node = "n0"
            while node in chain:
                node = chain[node]["yes"]

    base_step = [t / len(steps) for t in timed(baseline_pass, 200)]
    files = sorted(Path(laws).glob("*.yaml"))
    load = timed(lambda: check(laws, cases_dir), 15)
    parse = timed(lambda: [yaml.load(p.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) for p in files], 15)

    step_us, base_us = statistics.median(per_step) * 1e6, statistics.median(base_step) * 1e6
    load_ms, parse_ms = statistics.median(load) * 1e3, statistics.median(parse) * 1e3
    print(
        f"corpus: {len(library.codes)} codes, {sum(len(c.laws) for c in library.codes.values())} laws, "
        f"{len(steps)} scenario cases ({rulings} rulings)"
    )
    print(
        f"adjudication step     median {step_us:8.1f} us   baseline dict walk {base_us:6.2f} us   "
        f"ratio {step_us / base_us:6.1f}x   (aim: well under 1000 us)"
    )
    print(
        f"load + check laws/    median {load_ms:8.1f} ms   baseline YAML parse {parse_ms:6.1f} ms   "
        f"ratio {load_ms / parse_ms:6.1f}x   (aim: well under 1000 ms)"
    )


if __name__ == "__main__":
    main()
