"""Where the same law stands in the other codes of the library: an edition concordance.

A law is the same law elsewhere when a law file says so (``same_as``, in either
direction), when it is inherited unchanged through ``extends``, or when a code of the same
lineage prints the same number. Pure: it reads the model only.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.model import Code, Law, Library

WHY = ("same-law", "inherited-from", "same-inherited", "later-extends", "earlier-extended")
"""Why a law is listed: the same law by ``same_as``; inherited from that code unchanged;
the same law inherited by both; the same number in a later code that extends this one; the
same number in the code this one extends. The words for each are the presentation's."""


@dataclass(frozen=True, slots=True)
class Concordance:
    code: Code
    law: Law
    why: str  # one of WHY


def elsewhere(library: Library, code: Code, law: Law) -> list[Concordance]:
    """The same law in the other codes, each code and number once, in this order: the
    law's own ``same_as``, the code it was inherited from, then the library in order."""
    found: list[Concordance] = []
    seen: set[tuple[str, str]] = {(code.id, law.number)}

    def add(other: Code, number: str, why: str) -> None:
        if (other.id, number) in seen or number not in other.laws:
            return
        seen.add((other.id, number))
        found.append(Concordance(other, other.laws[number], why))

    for other_id, number in law.same_as.items():
        if other_id in library.codes:
            add(library.codes[other_id], number, "same-law")
    if law.origin != code.id and law.origin in library.codes:
        add(library.codes[law.origin], law.number, "inherited-from")
    for other in library.codes.values():
        theirs = other.laws.get(law.number)
        if other.id != code.id and theirs is not None:
            if theirs.origin == law.origin:
                add(other, law.number, "same-inherited")
            elif code.id in other.lineage:
                add(other, law.number, "later-extends")
            elif other.id in code.lineage:
                add(other, law.number, "earlier-extended")
        for number, item in other.laws.items():
            if item.same_as.get(code.id) == law.number:
                add(other, number, "same-law")
    return found
