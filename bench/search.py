"""Search benchmark: p50/p99 latency of 1,000 mixed queries over the real laws and over
synthetic corpora 10x and 100x as large, beside SQLite FTS5 (bm25, porter) on the same
documents, with the ratio; cold (every query computed) and cached (the same queries again,
served from the index's bounded results cache) reported apart.

``adjudicator.search.search`` does the whole job a page needs: reading the query
(citations, synonyms, typos), the top hits (one per provision across editions), the total
and the four facets over every match, the snippets, the did-you-mean (checked to find
something) and the irregularity the query describes. FTS5 is given the nearest plain
equivalent: the top 10 by bm25 (title weighted 3) with a highlighted snippet, and the count
of matches. FTS5 has no fuzzy matching: a typo becomes a 4-letter prefix query.

Cold: the results cache is emptied before each query, so every query is read, matched,
ranked and cut again; the index's other caches (a term's weighted postings, the words near
a typo) fill as queries come, as they do in a worker. The index is warmed first, as the app
warms a worker's (``SearchIndex.warm``: the tables of titles, citations, editions and
misspellings), so the first typo does not pay for the misspellings table. Cost bound: the
slowest query beside the median (aim: no more than about 5 times), and bench/flood.py's
families of costly queries (sixteen common words, misspelt words, ...) beside it too.
Cached: the same 1,000 again, each once.

The synthetic corpora are made here, never committed: copy *k* of each code (k >= 1) has
its own id and its texts reworded from the whole corpus's vocabulary, with 3 % of the
words misspelt into new words, so the vocabulary grows with the corpus. One searcher
(and one SQLite connection), 20 warm-up queries, one thread.

    .venv/bin/python bench/search.py [--scales 1,10,100] [--queries 1000] [--laws DIR]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import MappingProxyType

from adjudicator import config
from adjudicator.loader import load_library
from adjudicator.model import Code, Library
from adjudicator.search import SearchIndex, build_index, open_index, search

WORD = re.compile(r"[A-Za-z]{3,}")
SLOWEST = 8
FAMILY_TRIES = 15


# ---------------------------------------------------------------- synthetic corpora


def _reword(text: str, rng: random.Random, vocabulary: list[str]) -> str:
    words = text.split()
    out = []
    for word in words:
        roll = rng.random()
        if roll < 0.25:
            word = rng.choice(vocabulary)
        elif roll < 0.28 and len(word) > 4:
            i = rng.randrange(1, len(word) - 1)
            word = word[:i] + rng.choice("aeioulnrst") + word[i + 1 :]
        out.append(word)
    rng.shuffle(out) if rng.random() < 0.5 else None
    return " ".join(out)


def _copy(code: Code, k: int, rng: random.Random, vocabulary: list[str]) -> Code:
    def rw(text: str | None) -> str | None:
        return None if text is None else _reword(text, rng, vocabulary)

    laws = {n: dataclasses.replace(law, text=rw(law.text), quotes=(), notes=None) for n, law in code.laws.items()}
    etiquette = {i: dataclasses.replace(e, text=rw(e.text), quotes=()) for i, e in code.etiquette.items()}
    glossary = {i: dataclasses.replace(t, definition=rw(t.definition)) for i, t in code.glossary.items()}
    irregularities = {
        i: dataclasses.replace(
            irr,
            summary=rw(irr.summary),
            remedies={
                r: dataclasses.replace(rem, now=rw(rem.now), then=rw(rem.then)) for r, rem in irr.remedies.items()
            },
        )
        for i, irr in code.irregularities.items()
    }
    return dataclasses.replace(
        code,
        id=f"{code.id}-x{k}",
        title=f"{code.title} (synthetic {k})",
        laws=MappingProxyType(laws),
        etiquette=MappingProxyType(etiquette),
        glossary=MappingProxyType(glossary),
        irregularities=MappingProxyType(irregularities),
    )


def synthetic(library: Library, scale: int) -> Library:
    if scale == 1:
        return library
    rng = random.Random(scale)
    vocabulary = sorted(
        {w.lower() for c in library.codes.values() for law in c.laws.values() for w in WORD.findall(law.text)}
    )
    codes = dict(library.codes)
    for k in range(1, scale):
        for code in library.codes.values():
            copy = _copy(code, k, rng, vocabulary)
            codes[copy.id] = copy
    return Library(MappingProxyType(codes))


# ---------------------------------------------------------------- queries


@dataclasses.dataclass(frozen=True)
class Query:
    kind: str
    text: str  # for adjudicator.search
    fts: str  # the FTS5 MATCH expression
    code: str | None = None
    filter_kind: str | None = None


def _fts_words(words: list[str], joiner: str = " ") -> str:
    return joiner.join('"' + w.replace('"', '""') + '"' for w in words)


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(2, len(word) - 1)
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :] if rng.random() < 0.5 else word[:i] + word[i + 1 :]


def make_queries(library: Library, n: int) -> list[Query]:
    """``n`` mixed queries from the real corpus: what players and directors type."""
    rng = random.Random(42)
    codes = list(library.codes.values())
    texts = [(c, law) for c in codes for law in c.laws.values()]
    synonyms = [s for c in codes for t in c.glossary.values() for s in t.synonyms if WORD.fullmatch(s)]
    kinds = ["term"] * 20 + ["phrase"] * 15 + ["typo"] * 15 + ["words"] * 15 + ["citation"] * 10
    kinds += ["synonym"] * 10 + ["filtered"] * 10 + ["prefix"] * 5
    queries = []
    while len(queries) < n:
        kind = rng.choice(kinds)
        code, law = rng.choice(texts)
        words = [w.lower() for w in WORD.findall(law.text)]
        long = [w for w in words if len(w) >= 6]
        if not words or not long:
            continue
        if kind == "term":
            word = rng.choice(words)
            queries.append(Query(kind, word, _fts_words([word])))
        elif kind == "phrase":
            i = rng.randrange(max(1, len(words) - 1))
            pair = words[i : i + 2]
            queries.append(Query(kind, '"' + " ".join(pair) + '"', '"' + " ".join(pair) + '"'))
        elif kind == "typo":
            typo = _typo(rng.choice(long), rng)
            queries.append(Query(kind, typo, '"' + typo[:4] + '"*'))
        elif kind == "words":
            picked = rng.sample(words, min(len(words), rng.randint(3, 5)))
            queries.append(Query(kind, " ".join(picked), _fts_words(picked, " OR ")))
        elif kind == "citation":
            form = rng.choice(["Law {}", "law {}", "L{}", "§{}", "{} {}"])
            text = form.format(code.game_title.split()[0], law.number) if form == "{} {}" else form.format(law.number)
            queries.append(Query(kind, text, _fts_words([law.number.lower()])))
        elif kind == "synonym" and synonyms:
            word = rng.choice(synonyms).lower()
            queries.append(Query(kind, word, _fts_words([word])))
        elif kind == "filtered":
            word = rng.choice(long)
            if rng.random() < 0.5:
                queries.append(Query(kind, word, _fts_words([word]), code=code.id))
            else:
                queries.append(Query(kind, word, _fts_words([word]), filter_kind="law"))
        elif kind == "prefix":
            stem = rng.choice(long)[:4]
            queries.append(Query(kind, stem + "*", '"' + stem + '"*'))
    return queries


# ---------------------------------------------------------------- engines


def fts5(index: SearchIndex, path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    db.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(title, body, key UNINDEXED, kind UNINDEXED, code UNINDEXED, "
        "tokenize='porter unicode61')"
    )
    db.executemany(
        "INSERT INTO docs (title, body, key, kind, code) VALUES (?, ?, ?, ?, ?)",
        ((d.title, d.text, d.key, d.kind, d.code) for d in index.docs),
    )
    db.commit()
    return db


TOP = (
    "SELECT key, title, snippet(docs, 1, '<mark>', '</mark>', '…', 24) FROM docs WHERE docs MATCH ? {where} "
    "ORDER BY bm25(docs, 3.0, 1.0) LIMIT 10"
)
COUNT = "SELECT count(*) FROM docs WHERE docs MATCH ? {where}"


def run_fts(db: sqlite3.Connection, q: Query) -> int:
    where, params = "", [q.fts]
    if q.code:
        where, params = "AND code = ?", [q.fts, q.code]
    elif q.filter_kind:
        where, params = "AND kind = ?", [q.fts, q.filter_kind]
    db.execute(TOP.format(where=where), params).fetchall()
    return db.execute(COUNT.format(where=where), params).fetchone()[0]


def run_search(index: SearchIndex, q: Query) -> int:
    index.results.clear()  # cold: computed again
    return search(index, q.text, code=q.code, kind=q.filter_kind).total


def run_cached(index: SearchIndex, q: Query) -> int:
    return search(index, q.text, code=q.code, kind=q.filter_kind).total


def families(index: SearchIndex) -> dict[str, tuple[float, float]]:
    """The CPU median of FAMILY_TRIES variants of each of bench/flood.py's families of
    costly queries (sixteen common words, misspelt words, prefixes...), cold: their first
    page of ten, and what the flood asks (a page past the last, 50 a page, which the pages
    and the API answer with the last page)."""
    import flood  # bench/flood.py (it imports the HTTP benches' helpers, not the app)

    out = {}
    rng = random.Random(7)
    for family, make in flood.FAMILIES.items():
        times: tuple[list[float], list[float]] = ([], [])
        for _ in range(FAMILY_TRIES):
            for asked, (page, pagelen) in zip(times, ((1, 10), (rng.randrange(2, 1000), 50)), strict=True):
                text = make(rng)[:200]
                index.results.clear()
                start = time.thread_time()
                search(index, text, page=page, pagelen=pagelen, clamp=True)
                asked.append((time.thread_time() - start) * 1000)
        out[family] = (statistics.median(times[0]), statistics.median(times[1]))
    return out


def timings(fn, queries: list[Query]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each query (CPU time is what the query itself
    cost: it does not grow when other processes share the cores)."""
    for q in queries[:20]:
        fn(q)
    wall, cpu = [], []
    for q in queries:
        start, start_cpu = time.perf_counter(), time.thread_time()
        fn(q)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def pct(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return statistics.median(samples), cuts[98]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--laws", default=str(config.laws_dir()))
    args = parser.parse_args(argv)

    real = load_library(args.laws)
    queries = make_queries(real, args.queries)
    mix = ", ".join(f"{k} {sum(q.kind == k for q in queries)}" for k in dict.fromkeys(q.kind for q in queries))
    print(f"{len(queries)} queries ({mix}); {len(real.codes)} real codes; load average {os.getloadavg()[0]:.1f}")
    header = (
        f"{'corpus':8} {'documents':>9} {'build cpu s':>11} {'open ms':>7} {'clock':>5} | {'cold p50':>8} {'p99':>6} "
        f"{'max':>6} | {'cached p50':>10} {'p99':>6} | {'FTS5 p50':>8} {'p99':>6} | {'ratio p50':>9} {'p99':>6}"
    )
    print(header)
    print("-" * len(header))
    per_kind = {}
    with tempfile.TemporaryDirectory() as tmp:
        for scale in (int(s) for s in args.scales.split(",")):
            library = synthetic(real, scale)
            started = time.process_time()
            build_index(library, Path(tmp) / f"index-{scale}").close()
            built = time.process_time() - started  # CPU seconds
            opens = []
            for _ in range(5):
                started = time.perf_counter()
                open_index(Path(tmp) / f"index-{scale}", None).close()
                opens.append((time.perf_counter() - started) * 1000)
            index = open_index(Path(tmp) / f"index-{scale}", None).warm()  # as the app warms a worker's
            gc.collect()
            gc.freeze()  # as a worker does once the app is up (gunicorn.conf.py post_worker_init)
            db = fts5(index, Path(tmp) / f"fts-{scale}.sqlite")
            ours, ours_cpu = timings(lambda q, ix=index: run_search(ix, q), queries)
            index.results.clear()
            for q in queries:  # fill the cache once, then time the same queries served from it
                run_cached(index, q)
            cached, cached_cpu = timings(lambda q, ix=index: run_cached(ix, q), queries)
            theirs, theirs_cpu = timings(lambda q, db=db: run_fts(db, q), queries)
            name = "real" if scale == 1 else f"{scale}x"
            for clock, a, c, b in (("wall", ours, cached, theirs), ("cpu", ours_cpu, cached_cpu, theirs_cpu)):
                (p50, p99), (c50, c99), (f50, f99) = pct(a), pct(c), pct(b)
                print(
                    f"{name:8} {len(index):>9,} {built:>11.1f} {statistics.median(opens):>7.0f} {clock:>5} "
                    f"| {p50:>5.2f} ms {p99:>6.2f} {max(a):>6.2f} | {c50:>7.3f} ms {c99:>6.3f} "
                    f"| {f50:>5.2f} ms {f99:>6.2f} | {p50 / f50:>8.1f}x {p99 / f99:>5.1f}x",
                    flush=True,
                )
            p50_cpu = statistics.median(ours_cpu)
            print(
                f"{'':8} cost bound: the slowest query {max(ours_cpu) / p50_cpu:.1f}x the median, the p99 "
                f"{pct(ours_cpu)[1] / p50_cpu:.1f}x (CPU); results cache {len(index.results)} queries, "
                f"about {index.results.used / 1e6:.1f} MB of {index.results.limit / 1e6:.1f} MB"
            )
            slowest = sorted(zip(ours_cpu, queries, strict=True), key=lambda tq: -tq[0])[:SLOWEST]
            print(f"{'':8} the slowest (CPU ms, x the median): " + "; ".join(
                f"{t:.1f} {t / p50_cpu:.1f}x {q.kind} {q.text[:40]!r}" for t, q in slowest
            ))  # fmt: skip
            if scale == 1:
                print(
                    f"{'':8} bench/flood.py's families, {FAMILY_TRIES} variants each, cold (CPU median, x the median):"
                )
                for family, (first, past) in families(index).items():
                    print(
                        f"{'':10} {family:26} first page of 10 {first:5.2f} ms {first / p50_cpu:4.1f}x; "
                        f"a page past the last of 50 {past:5.2f} ms {past / p50_cpu:4.1f}x"
                    )
                for kind in dict.fromkeys(q.kind for q in queries):
                    picked = [t for t, q in zip(ours_cpu, queries, strict=True) if q.kind == kind]
                    per_kind[kind] = pct(picked) if len(picked) > 1 else (picked[0], picked[0])
            db.close()
            index.close()
    print(f"\nreal corpus, cold, by kind of query (CPU p50 / p99 ms); load average {os.getloadavg()[0]:.1f}:")
    print("  " + "  ".join(f"{k} {a:.2f}/{b:.2f}" for k, (a, b) in per_kind.items()))


if __name__ == "__main__":
    sys.exit(main())
