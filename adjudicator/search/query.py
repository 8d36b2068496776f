"""Reading a query: cleaning it, finding the citations and the words that name codes, and
turning the rest into units of meaning ("concepts"), each a few alternative forms (the word,
its glossary headword, its forms the stemmer misses, the known words nearest a typo) made
of index terms only. Nothing slow (wildcard, regex, unbounded fuzzy term) reaches the index:
prefixes and typos are expanded to known words first, and the number of terms is bounded.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.search.index import FUZZY_PREFIX, SearchIndex, Synonyms
from adjudicator.search.text import LANGUAGE, NUMBER_WORDS, NUMBERS, fold, keys, lookup, pair_terms, stems, words

MAX_QUERY_CHARS = 256
MAX_WORDS = 16
MIN_PREFIX = 3
FUZZY_FORMS = 3
MAX_TERMS = 48  # index terms a query may ask for, in all (the cost bound's first part)

SYNONYM_BOOST = 0.6
LANGUAGE_BOOST = 0.95
VARIANT_BOOST = 0.1
FUZZY_BOOST = 0.8
PHRASE_BOOST = 1.5
COVERED_BOOST = 0.4  # a word of a glossary name typed with the rest of it

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_PHRASE = re.compile(r'"([^"]*)"')
_NUMBER = r"[a-z0-9](?:[a-z0-9.\-]*[a-z0-9])?"
_CITATION = re.compile(
    rf"(?<![\w§])(?:(?:laws?|rule|art(?:icle)?|l)\.?\s*|§+\s*)(?P<number>{_NUMBER})(?:\([a-z0-9]+\))*", re.IGNORECASE
)
_YEAR = re.compile(r"1[6-9]\d\d|20\d\d")
_TOKEN = re.compile(r"[^\s]+")
_EDGE = re.compile(r"^[^\w§*-]+|[^\w*]+$")


def clean(query: str) -> tuple[str, bool]:
    """The query as searched (no control characters, typographic quotes made plain, spaces
    collapsed, at most MAX_QUERY_CHARS characters), and whether it was cut."""
    text = unicodedata.normalize("NFC", str(query)[: MAX_QUERY_CHARS * 4])
    text = " ".join(_CONTROL.sub(" ", text).translate(_QUOTES).split())
    return text[:MAX_QUERY_CHARS].strip(), len(text) > MAX_QUERY_CHARS


@dataclass
class Parsed:
    words: list[str] = field(default_factory=list)  # plain words, folded
    prefixes: list[str] = field(default_factory=list)
    phrases: list[list[str]] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)  # law numbers, folded
    named_laws: list[str] = field(default_factory=list)  # words that may be a law's name ("dummy-ii")
    dropped: int = 0  # words past MAX_WORDS, not searched


def parse(text: str) -> Parsed:
    parsed = Parsed()

    def cite(match: re.Match[str]) -> str:  # a citation leaves the words where it stood
        number = fold(match["number"])
        if not any(ch.isdigit() for ch in number):
            return match.group(0)
        parsed.citations.append(number)
        return " "

    rest = _CITATION.sub(cite, text)
    pieces = _PHRASE.split(rest)  # odd items were inside balanced quotes
    for i, piece in enumerate(pieces):
        if i % 2:
            found = words(piece)
            if len(found) > 1:
                parsed.phrases.append(found)
            else:
                parsed.words.extend(found)
            continue
        for raw in _TOKEN.findall(piece.replace('"', " ")):
            token = _EDGE.sub("", fold(raw))
            token = re.sub(r"~\d*$", "", token)
            if not token:
                continue
            if token.startswith("-") and len(token) > 1:
                parsed.excluded.extend(words(token[1:]))
                continue
            if token.endswith("*") and "*" not in token[:-1] and re.fullmatch(r"\w+", token[:-1] or "-"):
                if len(token) - 1 >= MIN_PREFIX:
                    parsed.prefixes.append(token[:-1])
                else:
                    parsed.words.extend(words(token))
                continue
            if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", token):
                if any(c.isdigit() for c in token):
                    parsed.citations.append(token)  # NAP-HGM-05, CQ-1: a law id is never a plain word
                    continue
                parsed.named_laws.append(token)  # "Dummy-II": a law's name if a code has it, else words
            parsed.words.extend(words(token))
    unique = list(dict.fromkeys(parsed.words))  # a word typed twice is one word
    parsed.dropped = max(0, len(unique) - MAX_WORDS)
    parsed.words = unique[:MAX_WORDS]
    parsed.phrases = parsed.phrases[:4]
    parsed.prefixes = list(dict.fromkeys(parsed.prefixes))[:4]
    parsed.citations = list(dict.fromkeys(parsed.citations))[:8]
    return parsed


# ---------------------------------------------------------------- codes named, laws cited


def candidate_codes(index: SearchIndex, game: str | None, code: str | None) -> list[str]:
    return [c.id for c in index.codes.values() if (code is None or c.id == code) and (game is None or c.game == game)]


def naming(index: SearchIndex, found: list[str], codes: list[str]) -> tuple[list[str], list[str]]:
    """The words that name codes (a game, an edition, a year), and those of ``codes`` that
    every such word names (all of them when none does)."""
    hints = [w for w in found if _YEAR.fullmatch(w) or any(w in info.words for info in index.codes.values())]
    return hints, [c for c in codes if all(w in index.codes[c].words for w in hints)]


def named_codes(index: SearchIndex, parsed: Parsed, codes: list[str]) -> list[str] | None:
    """ "whist revoke", "auction 1915 insufficient bid": when some words name codes (game,
    edition, year) and others remain, the codes every such word names; the naming words
    are then taken out of the query. None when no word names a code."""
    hints, named = naming(index, parsed.words, codes)
    rest = len(parsed.words) - len(hints) + len(parsed.phrases) + len(parsed.prefixes)
    if not hints or not rest or not named:
        return None
    for word in hints:
        parsed.words.remove(word)
    return named


def resolve(index: SearchIndex, parsed: Parsed, codes: list[str]) -> list[int]:
    """Docnums of the laws cited exactly; consumes the words that named the code."""
    numbers = list(parsed.citations)
    for name in parsed.named_laws:
        if any(name in index.codes[c].numbers for c in codes):
            numbers.append(name)
            for w in words(name):
                if w in parsed.words:
                    parsed.words.remove(w)
    if not numbers and len(parsed.words) >= 1 and not parsed.phrases and not parsed.prefixes:
        # a bare number ("50", or "auction 1915 50") is a citation if it is all that is left
        # once the words naming a code are taken away
        rest = [w for w in parsed.words if not any(w in index.codes[c].words for c in codes)]
        if len(rest) == 1 and any(rest[0] in index.codes[c].numbers for c in codes):
            numbers = rest
            parsed.words.remove(rest[0])
    if not numbers:
        return []
    hints, named = naming(index, parsed.words, codes)
    if hints:  # "auction 1915 law 50": only the codes that every such word names
        codes = named
        if any(n in index.codes[c].numbers for c in codes for n in numbers):
            for w in hints:
                parsed.words.remove(w)
    found = [index.codes[c].numbers[n] for n in numbers for c in codes if n in index.codes[c].numbers]
    if not found:
        parsed.words.extend(w for n in numbers for w in words(n))  # no such law: search the words
        parsed.citations = []
    return sorted(set(found))


# ---------------------------------------------------------------- units of meaning


@dataclass(frozen=True)
class Form:
    """One way a unit may be found: every one of ``terms`` (field, term) in a document
    (``phrase``: also side by side, in order), weighted by ``boost``."""

    terms: tuple[tuple[str, str], ...]
    boost: float
    phrase: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unit:
    """A concept of the query: a word with its variants, a glossary phrase, a prefix, a
    quoted phrase. A document has the unit when it has one of its forms."""

    forms: tuple[Form, ...]
    stems: frozenset[str]  # what a title must hold to answer this unit
    label: str
    part: bool = False  # a word of a glossary name typed whole: it scores, but no document needs it


@dataclass
class Plan:
    units: list[Unit]
    pairs: list[str]  # neighbouring stems of the query, "bid_out": a phrase at the price of a term
    excluded: list[str]  # stems
    terms: int = 0  # index terms asked for, in all


def _form(form: str, boost: float, *, exact: bool = False) -> Form | None:
    """Words as a form: a term; two words, their pair (as good as a phrase, and as cheap as
    a term); more, their pairs together, or (``exact``) a true phrase."""
    found = stems(form)
    if not found:
        return None
    if len(found) == 1:
        return Form((("text", found[0]),), boost)
    if exact and len(found) > 2:
        return Form(tuple(("text", s) for s in dict.fromkeys(found)), boost, phrase=tuple(found))
    return Form(tuple(("pairs", p) for p in dict.fromkeys(pair_terms(found))), boost)


def written(index: SearchIndex, form: str) -> int:
    """How many documents write ``form`` as typed (the rarest of its words): a word's own
    frequency, not its stem's ("declarant" is rare; its stem, shared with "declaration", is not)."""
    return min((len(index.spelled(w)) for w in words(form)), default=0)


def _word_forms(index: SearchIndex, word: str, groups: Mapping[str, tuple[str, ...]]) -> list[tuple[str, float]]:
    weighted = [(word, 1.0)] + [(form, LANGUAGE_BOOST) for form in lookup(LANGUAGE, word)]
    heads = lookup(groups, word)
    if heads:
        # a rare variant ("renig", "declarant") is searched as its headword; a word in its
        # own right ("player", listed under "declarer") keeps its own meaning first
        variant = written(index, word) * 3 <= max(written(index, h) for h in heads)
        if variant:  # the word itself only where it is written as the headword is not
            weighted[0] = (word, VARIANT_BOOST)
        weighted += [(h, 1.0 if variant else SYNONYM_BOOST) for h in heads]
    if word.isalpha() and len(word) >= 4 and not index.known(word):
        # a word the index lacks: the nearest known words (1 edit for 4-5 letters, 2 for 6 or
        # more, sharing its first letter), only those at the smallest distance found
        limit = 1 if len(word) <= 5 else 2
        near = [(d, w) for d, _, w in index.near(word) if d <= limit and w[:FUZZY_PREFIX] == word[:FUZZY_PREFIX]]
        best = min((d for d, _ in near), default=None)
        weighted += [(w, FUZZY_BOOST) for d, w in near if d == best][:FUZZY_FORMS]
    return weighted


def _word_unit(index: SearchIndex, word: str, groups: Mapping[str, tuple[str, ...]]) -> Unit | None:
    """The unit one word is read as (its forms, synonyms and near words), read once under the
    same synonyms: the next query with the word takes it as it is (a unit never changes)."""
    if not isinstance(groups, Synonyms):
        return _unit(word, _word_forms(index, word, groups))
    key = (groups.key, word)
    kept = index.word_units.get(key)
    if kept is None:
        kept = index.word_units.put(key, (_unit(word, _word_forms(index, word, groups)),))
    return kept[0]


def _unit(label: str, weighted: list[tuple[str, float]], *, exact: bool = False) -> Unit | None:
    best: dict[tuple[str, ...], tuple[str, float]] = {}  # forms with the same stems are one form
    for form, boost in weighted:
        key = tuple(stems(form))
        if key and (key not in best or best[key][1] < boost):
            best[key] = (form, boost)
    forms = [f for f in (_form(w, b, exact=exact) for w, b in best.values()) if f is not None]
    if not forms:
        return None
    concept = frozenset(s for key in best for s in key)
    return Unit(tuple(forms), concept, label)


def plan(index: SearchIndex, parsed: Parsed, groups: Mapping[str, tuple[str, ...]]) -> Plan:
    """The units of meaning of ``parsed``, bounded to MAX_TERMS index terms in all."""
    units: list[Unit] = []
    found = parsed.words
    covered: set[int] = set()
    for n in (3, 2):  # words a glossary lists together: "insufficient declaration", "turn-up", "eldest hand"
        for i in range(len(found) - n + 1):
            if covered.intersection(range(i, i + n)):
                continue
            key = " ".join(found[i : i + n])
            targets = [t for k in keys(key) for t in groups.get(k, ())]
            if targets:
                # a name for the headword, as a rare variant is: searched as it, and as the
                # words side by side; each word alone counts for less (it is part of a name)
                unit = _unit(key, [(key, 1.0), *((t, 1.0) for t in targets)])
                if unit is not None:
                    units.append(unit)
                    covered.update(range(i, i + n))
    for i in range(len(found) - 1):  # "14 cards": a hand of more than thirteen, or fewer than fifteen
        n = NUMBERS.get(found[i])
        if n is not None and found[i + 1] in ("card", "cards") and 2 < n < 20:
            forms = [f"{rel} {NUMBER_WORDS[m]} cards" for rel, m in (("more than", n - 1), ("fewer than", n + 1))]
            unit = _unit(f"{found[i]} cards", [(f, SYNONYM_BOOST) for f in forms])
            if unit is not None:
                units.append(unit)
    for i, word in enumerate(found):
        if i in covered:
            weighted = [(form, boost * COVERED_BOOST) for form, boost in _word_forms(index, word, groups)]
            unit = _unit(word, weighted)
            if unit is not None:
                units.append(Unit(unit.forms, unit.stems, unit.label, part=True))
            continue
        unit = _word_unit(index, word, groups)
        if unit is not None:
            units.append(unit)
    for prefix in parsed.prefixes:
        completions = list(dict.fromkeys(s for w in index.completions(prefix) for s in stems(w)))
        if completions:
            forms = tuple(Form((("text", s),), 1.0) for s in completions)
            units.append(Unit(forms, frozenset(completions), prefix + "*"))
    for phrase in parsed.phrases:
        unit = _unit(" ".join(phrase), [(" ".join(phrase), PHRASE_BOOST)], exact=True)
        if unit is not None:
            units.append(unit)
    bounded, terms = [], 0
    for unit in units:  # the cost bound: forms past MAX_TERMS index terms are not searched
        size = sum(len(f.terms) for f in unit.forms)
        if terms + size > MAX_TERMS:
            # the unit's first forms while they fit (a form may hold several terms)
            sizes = itertools.accumulate(len(f.terms) for f in unit.forms)
            forms = tuple(f for f, total in zip(unit.forms, sizes, strict=True) if terms + total <= MAX_TERMS)
            if not forms:
                break
            unit = Unit(forms, unit.stems, unit.label, unit.part)
            size = sum(len(f.terms) for f in forms)
        bounded.append(unit)
        terms += size
    query_stems = stems(" ".join(found))
    return Plan(
        bounded,
        pair_terms(query_stems)[:8],
        [s for w in parsed.excluded for s in stems(w)][:8],
        terms,
    )
