"""Every quote taken from a seed is the seed's words, character for character.

A law file lists its sources; a source with ``seed: "NNN"`` is the seed document
tests/seeds/NNN_*.txt (copies of ../shared/seeds). Whitespace and line breaks may differ;
every other character must match.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SEEDS = Path(__file__).parent / "seeds"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _seed_text(number: str) -> str:
    [path] = SEEDS.glob(f"{number}_*.txt")
    return _normal(path.read_text(encoding="utf-8"))


def _quotes(library):
    for code in library.codes.values():
        items = [*code.laws.values(), *code.etiquette.values()]
        for item in items:
            if item.origin != code.id:
                continue
            for quote in item.quotes:
                source = code.sources.get(quote.source)
                if source is not None and source.seed is not None:
                    label = getattr(item, "number", None) or item.id
                    yield code.id, label, source.seed, quote.words


def test_the_seed_copies_are_all_here():
    assert sorted(p.name[:3] for p in SEEDS.glob("*.txt")) == ["000", "001", "003", "004"]


def test_every_seed_quote_is_verbatim(library):
    checked = 0
    wrong = []
    for code_id, label, seed, words in _quotes(library):
        checked += 1
        if _normal(words) not in _seed_text(seed):
            wrong.append(f"{code_id} {label}: not in seed {seed}: {words[:80]!r}")
    assert not wrong, "\n".join(wrong)
    assert checked > 50


@pytest.mark.parametrize("seed", ["000", "001", "003", "004"])
def test_every_seed_is_quoted_somewhere(library, seed):
    assert any(s == seed for _, _, s, _ in _quotes(library))
