"""What the HTTP benchmarks share: a gunicorn started with the repository's
``gunicorn.conf.py`` on a free loopback port, its workers' RSS and CPU time from /proc,
wrk (Debian's ``/usr/bin/wrk``) driven over a list of paths, and the addresses of the
main routes built from the real laws and scenario tests.

Nothing here is imported by the application or the tests.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CONF = ROOT / "gunicorn.conf.py"

BARE_APP = '''"""The baseline: a bare Flask JSON endpoint, served with the same gunicorn config."""
from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/bare")
def bare():
    return jsonify(ok=True, message="hello")
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def workers(self) -> list[int]:
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return sorted(int(c) for c in children)

    def rss(self) -> list[float]:
        return [rss_mib(p) for p in self.workers()]

    def cpu(self) -> dict[int, float]:
        return {p: cpu_seconds(p) for p in self.workers()}


@contextmanager
def gunicorn(
    app: str, *, env: Mapping[str, str] | None = None, ready: str = "/", extra: list[str] | None = None
) -> Iterator[Server]:
    """Serve ``app`` ("module:variable") with the repository's gunicorn.conf.py (plus
    ``extra`` command-line settings) on a free port; stop it on exit."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="gunicorn-", suffix=".log")[1])
    environ = {**os.environ, **(env or {}), "HOST": "127.0.0.1", "PORT": str(port)}
    with open(log, "wb") as sink:
        process = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", str(CONF), *(extra or []), app],
            cwd=ROOT,
            env=environ,
            stdout=subprocess.DEVNULL,  # the access log: written (as in production), not kept
            stderr=sink,
            start_new_session=True,
        )
    server = Server(process, port, log)
    try:
        _wait(server, ready, len(server_workers(environ)))
        yield server
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.unlink(missing_ok=True)


def server_workers(env: Mapping[str, str]) -> range:
    return range(int(env.get("WORKERS") or os.cpu_count() or 1))


def _wait(server: Server, path: str, workers: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.process.returncode}:\n{server.log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(server.url + path, timeout=5) as response:  # noqa: S310 (loopback)
                response.read()
            if len(server.workers()) >= workers:
                time.sleep(2)  # every worker loads the laws (about a second) before it accepts
                return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer {path} in {timeout} s:\n{server.log.read_text()[-3000:]}")


@contextmanager
def bare_app_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as folder:
        (Path(folder) / "bare.py").write_text(BARE_APP)
        yield Path(folder)


@contextmanager
def snapshot() -> Iterator[dict[str, str]]:
    """A copy of laws/ and tests/cases/ with the search index built from it, removed
    afterwards; yields the environment that points the app at it (so laws edited while
    the benchmark runs change nothing)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-instance-"))
    try:
        shutil.copytree(ROOT / "laws", folder / "laws")
        shutil.copytree(ROOT / "tests" / "cases", folder / "cases")
        env = {
            "ADJUDICATOR_LAWS": str(folder / "laws"),
            "ADJUDICATOR_CASES": str(folder / "cases"),
            "ADJUDICATOR_INSTANCE": str(folder),
        }
        subprocess.run(
            [
                str(BIN / "adjudicator"),
                "--laws",
                env["ADJUDICATOR_LAWS"],
                "build-index",
                "--index",
                str(folder / "index"),
            ],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        os.environ.update(env)  # routes() reads the same copy
        yield env
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- wrk


LUA = """
local paths = {}
for line in io.lines(%s) do paths[#paths + 1] = line end
local step = %d
local counter = 0
setup = function(thread)
  thread:set("id", counter)
  counter = counter + 1
end
local i = nil
request = function()
  -- thread k of n sends paths k, k + n, k + 2n, ...: no two threads send the same path
  -- until the list wraps (id is set by setup in each thread's own state)
  if i == nil then i = id end
  local path = paths[i %% #paths + 1]
  i = i + step
  return wrk.format("GET", path)
end
"""


@dataclass
class Run:
    requests: int  # answers received, whatever their status
    rps: float  # answers served (2xx/3xx) per second: a 503 Busy or a 404 is not throughput
    p50_ms: float  # of every answer (wrk cannot time the served apart)
    p99_ms: float
    non_2xx: int  # answers that were not 2xx/3xx (a search turned away is a 503)
    socket_errors: int  # connect, read, write, timeout
    seconds: float

    @property
    def served(self) -> int:
        return self.requests - self.non_2xx

    @property
    def errors(self) -> int:
        return self.non_2xx + self.socket_errors


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * _UNITS[unit]


def wrk(url: str, paths: list[str], *, connections: int = 16, threads: int = 2, seconds: int = 10) -> Run:
    """``wrk -t threads -c connections -d seconds --latency`` cycling through ``paths`` (each
    thread its own share of them: while ``requests`` is at most ``len(paths)``, no path
    was asked twice)."""
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as folder:
        listed, script = Path(folder) / "paths", Path(folder) / "script.lua"
        listed.write_text("".join(p + "\n" for p in paths))
        script.write_text(LUA % (json.dumps(str(listed)), threads))
        out = subprocess.run(
            ["/usr/bin/wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script), url],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", out, re.MULTILINE))
    total = re.search(r"^\s+(\d+) requests in ([\d.]+)(\w+)", out, re.MULTILINE)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    requests, elapsed = int(total.group(1)), _ms(total.group(2) + total.group(3)) / 1e3
    refused = int(non_2xx.group(1)) if non_2xx else 0
    return Run(
        requests=requests,
        rps=(requests - refused) / elapsed,
        p50_ms=_ms(latency["50"]) if "50" in latency else math.nan,  # no request answered in time
        p99_ms=_ms(latency["99"]) if "99" in latency else math.nan,
        non_2xx=refused,
        socket_errors=sum(int(n) for n in socket_errors.groups()) if socket_errors else 0,
        seconds=elapsed,
    )


def median_spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


# ---------------------------------------------------------------- the main routes


def q(part: str) -> str:
    return quote(part, safe="")


def routes() -> dict[str, list[str]]:
    """For each benchmarked route, every real address of it: every law of every code,
    the ruling of every scenario test, one API step per scenario test (the full answers:
    a ruling; all but the last: the next question), the search API over the queries of
    tests/search/queries.yaml."""
    import yaml

    from adjudicator import config
    from adjudicator.engine import Ruling, adjudicate
    from adjudicator.loader import load_library
    from adjudicator.scenario import read_cases

    library = load_library(config.laws_dir())
    cases, _ = read_cases(os.environ.get("ADJUDICATOR_CASES") or ROOT / "tests" / "cases")  # snapshot() sets it
    laws = [f"/codes/{q(c.id)}/laws/{q(n)}" for c in library.codes.values() for n in c.laws]
    rulings, steps = [], []
    for case in cases:
        answers = dict(case.spec.answers)
        try:
            result = adjudicate(library.code(case.code), case.spec.irregularity, answers)
        except Exception:  # noqa: S112 - a scenario that fails is tests/test_cases.py's business
            continue
        base = f"{q(case.code)}/{q(case.spec.irregularity)}"
        if isinstance(result, Ruling):
            rulings.append(f"/settle/{base}?{urlencode(answers)}")
        api = f"/api/v1/codes/{base.replace('/', '/irregularities/', 1)}"
        steps.append(f"{api}?{urlencode(answers)}")
        steps.append(f"{api}?{urlencode(list(answers.items())[:-1])}")
    queries = yaml.safe_load((config.ROOT / "tests" / "search" / "queries.yaml").read_text())
    search = []
    for item in queries:
        params = {"q": item["query"], **{k: item[k] for k in ("code", "game", "topic", "kind") if k in item}}
        search.append(f"/api/v1/search?{urlencode(params)}")
    return {"adjudication API step": steps, "law page": laws, "ruling page": rulings, "search API": search}


def main_routes() -> list[str]:
    """The addresses the load and memory benchmarks cycle through: every address of
    routes() plus the home page, every code page, the first question of every
    irregularity, a search page per query, the Learn pages and a quiz; shuffled (fixed
    seed) so that consecutive requests hit different routes."""
    import random

    from adjudicator import config
    from adjudicator.engine import available
    from adjudicator.loader import load_library

    library = load_library(config.laws_dir())
    paths = ["/", "/codes", "/settle", "/learn", "/tools", "/api/v1/codes", "/api/v1/openapi.json"]
    for code in library.codes.values():
        c = q(code.id)
        paths += [f"/codes/{c}", f"/settle/{c}", f"/learn/{c}", f"/api/v1/codes/{c}", f"/codes/{c}/glossary"]
        paths += [f"/learn/{c}/quiz/sheet?level=player&seed=7", f"/api/v1/quiz?code={c}&seed=7"]
        paths += [f"/settle/{c}/{q(irregularity.id)}" for irregularity, _ in available(code)]
    for name, addresses in routes().items():
        paths += addresses
        if name == "search API":
            paths += [a.replace("/api/v1/search", "/search", 1) for a in addresses]
    random.Random(42).shuffle(paths)
    return paths


def check_addresses(url: str, paths: list[str]) -> None:
    """Fail early, naming it, if any address does not answer 200 (a load test counts
    every other status as an error)."""
    for path in paths:
        try:
            with urllib.request.urlopen(url + path, timeout=30) as response:  # noqa: S310 (loopback)
                response.read()
        except urllib.error.HTTPError as exc:
            raise SystemExit(f"{path} answered {exc.code}") from None
