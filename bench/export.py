"""Static copy benchmark: ``adjudicator export`` of laws/ run a few times, each a fresh
process into an empty folder, with the wall-clock and CPU seconds of each run (the
command's own, as /usr/bin/time counts them: the laws read and checked, the site frozen,
the search pack and the codes' lists written), their medians, the load average before and
after, the pages and MB, and each code's part (what a phone keeps for it: its own pages
and what they need, from offline/CODE.json).

Run: ``.venv/bin/python bench/export.py [--runs 3] [--jobs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one_run(folder: Path, jobs: int | None) -> tuple[float, float, str]:
    """One export in a fresh process: its wall-clock seconds, its CPU seconds, its report."""
    command = [sys.executable, "-m", "adjudicator", "export", str(folder)]
    if jobs:
        command += ["--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)  # noqa: S603 - our own command
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, help="processes freezing at once (default: the command's)")
    args = parser.parse_args()
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            folder = Path(scratch) / f"copy{run}"
            load = os.getloadavg()[0]
            wall, cpu, report = one_run(folder, args.jobs)
            walls.append(wall)
            cpus.append(cpu)
            print(
                f"run {run + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, load {load:.1f} -> {os.getloadavg()[0]:.1f}: {report}"
            )
        print(f"median of {args.runs}: {statistics.median(walls):.1f} s wall, {statistics.median(cpus):.1f} s CPU")
        parts = [json.loads(p.read_text("utf-8")) for p in sorted((folder / "offline").glob("*.json"))]
        print("a code's part (kept on a phone: its pages and what they need):")
        for part in sorted(parts, key=lambda p: -p["bytes"]):
            print(f"  {part['code']:30} {part['bytes'] / 1e6:5.1f} MB  {len(part['files']):5} files")


if __name__ == "__main__":
    main()
