"""How words are read, for the documents and the queries alike: the analyzers (the same
chain at build and at query time), folding, stems, and the few forms of English the
stemmer does not join. Nothing here knows a game."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.porter import stem as _porter
from whoosh.support.charset import accent_map

NUMBER_WORDS = re.split(
    r"\s+",
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty",
)
NUMBERS = {**{w: n for n, w in enumerate(NUMBER_WORDS)}, **{str(n): n for n in range(len(NUMBER_WORDS))}}

# Forms the stemmer does not join, and numbers written both ways: English, not law data.
LANGUAGE_GROUPS: tuple[tuple[str, ...], ...] = (
    ("lead", "led"),
    ("deal", "dealt"),
    ("misdeal", "misdealt"),
    ("hold", "held"),
    ("take", "took", "taken"),
    ("throw", "threw", "thrown"),
    ("show", "shown"),
    ("win", "won"),
    ("lose", "lost"),
    ("draw", "drew", "drawn"),
    ("see", "saw", "seen"),
    ("fall", "fell", "fallen"),
    ("give", "gave", "given"),
    ("forget", "forgot", "forgotten"),
    ("say", "said"),
    ("buy", "bought"),
    ("find", "found"),
    ("tell", "told"),
    ("make", "made"),
    *((str(n), word) for n, word in enumerate(NUMBER_WORDS) if n >= 2),
)

DEFINITION = re.compile(r"^\s*what\b|\bdefin|\bmeaning\b", re.IGNORECASE)
"""A title that defines ("What a revoke is", "What is an exposed card"): English, not data."""


STOP_WORDS = frozenset(
    re.split(
        r"\s+",
        "a an the and but if or because as until while of at by for with about to from in on so than too very just "
        "then there here when where why how also not yet tbd i me my mine myself we us our ours you your yours he him "
        "his himself she her hers it its they them their theirs who whom whose which what that this these those am is "
        "are was were be been being have has had having do does did doing done will would shall should can could may "
        "might must ought s t d ll don didn doesn isn wasn aren weren hasn hadn shouldn wouldn couldn",
    )
)
"""Words that carry no meaning for a query or a law: function words only (never "no", "out",
"up", "down", "over", "first", "last", numbers, which the laws use for their own sense)."""


class _StopFilter(StopFilter):
    """StopFilter pickled with its words sorted: the schema is pickled into the index, and a
    frozenset's order changes with each process's hash seed (the build must be reproducible)."""

    def __getstate__(self):
        return {**self.__dict__, "stops": sorted(self.stops)}

    def __setstate__(self, state):
        self.__dict__.update({**state, "stops": frozenset(state["stops"])})


UNSTEMMED = {w: "declarer" for w in ("declarer", "declarers", "declarant", "declarants")}
"""Words the stemmer would join to others of another meaning: "declarer" and "declarant"
(the one who plays the hand) and "declaration" (a bid) all stem to "declar"."""


@functools.lru_cache(maxsize=50_000)
def stem_word(word: str) -> str:
    return UNSTEMMED.get(word) or _porter(word)


TOKEN = re.compile(r"\w+(\.?\w+)*", re.UNICODE)
"""A word, as the analyzers' tokenizer reads it."""


@functools.lru_cache(maxsize=50_000)
def _fold_word(word: str) -> str:
    return word.lower().translate(accent_map)


def stem_of(word: str) -> str:
    """One word's stem, as STEM makes it (lowercase, accents folded, stemmed; stop words too)."""
    return stem_word(_fold_word(word))


def _analyzer(*, stem: bool):
    chain = RegexTokenizer() | LowercaseFilter() | CharsetFilter(accent_map)
    return chain | _StopFilter(stoplist=STOP_WORDS) | StemFilter(stemfn=stem_word) if stem else chain


STEM = _analyzer(stem=True)
PLAIN = _analyzer(stem=False)


def fold(text: str) -> str:
    """Lowercase without accents: how words are compared."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The words of ``text`` as PLAIN reads them (lowercase, accents folded)."""
    return list(_words(text))


def stems(text: str) -> list[str]:
    """The stems of ``text`` as STEM reads them (no stop words, none shorter than two letters)."""
    return list(_stems(text))


# a query reads the same words several times (its forms, its synonyms, the glossary's
# names), and the next query many of them again: each text is read once
@functools.lru_cache(maxsize=20_000)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_fold_word(m.group(0)) for m in TOKEN.finditer(text))


@functools.lru_cache(maxsize=20_000)
def _stems(text: str) -> tuple[str, ...]:
    return tuple(
        stem_word(w) for m in TOKEN.finditer(text) if len(w := _fold_word(m.group(0))) >= 2 and w not in STOP_WORDS
    )


def join(*parts: str | None) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


def pair_terms(stem_list: list[str]) -> list[str]:
    return [f"{a}_{b}" for a, b in itertools.pairwise(stem_list)]


_PARENTHESIS = re.compile(r"\([^)]*\)")


def keys(member: str) -> set[str]:
    """How a form is looked up: its words, and its stems when no word was a stopword."""
    found = stems(member)
    return {member, " ".join(found)} if found and len(found) == len(member.split()) else {member}


def synonym_groups(per_code: Iterable[tuple[tuple[str, ...], ...]]) -> dict[str, tuple[str, ...]]:
    """Word or words (folded, or their stems) -> the glossary headwords they stand for.

    A glossary entry is (headword, synonym, ...): a synonym leads to its headword ("renig"
    -> "revoke"), never the other way, since glossaries list loose equivalents ("player" for
    the declarer) that must not flood a search for the headword.
    """
    out: dict[str, set[str]] = {}
    for groups in per_code:
        for headword, *synonyms in groups:
            head = fold(_PARENTHESIS.sub(" ", headword)).strip()
            for synonym in synonyms:
                member = " ".join(words(_PARENTHESIS.sub(" ", synonym)))
                if member and member != head:
                    for key in keys(member):
                        out.setdefault(key, set()).add(head)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def _language() -> dict[str, tuple[str, ...]]:
    """Word (or stem) -> the other members of its LANGUAGE_GROUPS group."""
    out: dict[str, set[str]] = {}
    for group in LANGUAGE_GROUPS:
        for member in group:
            for key in keys(member):
                out.setdefault(key, set()).update(m for m in group if m != member)
    return {k: tuple(sorted(v)) for k, v in out.items()}


LANGUAGE = _language()


def lookup(table: Mapping[str, Sequence[str]], word: str) -> list[str]:
    """What ``table`` gives for ``word``, or for its stems when it has nothing for the word
    itself (never both: "declarant" leads to "declarer", not on to what "declarer" names)."""
    found = table.get(word) or table.get(" ".join(stems(word)), ())
    return [f for f in dict.fromkeys(found) if f != word]


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance (a transposition counts as one edit)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            value = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, prev2[j - 2] + 1)
            row.append(value)
        prev2, prev = prev, row
    return prev[-1]
