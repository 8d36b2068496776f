"""Sentences the ruling's readers see for the structured parts of a remedy (what happens
next, what our sources leave unsure), made once for the pages, the CLI and search."""

from __future__ import annotations

from adjudicator.model import ACTS, Code, Next, Unsure

BIDDING_NEXT = {
    "reopens": "The bidding reopens: every player may call again.",
    "goes-on": "The bidding goes on.",
    "closed": "The bidding is closed.",
}
DEAL_NEXT = {
    "goes-on": "Play goes on.",
    "replayed": "The hand is played again.",
    "redealt": "The cards are dealt again.",
    "void": "The deal does not count.",
    "ends": "The deal is over: score it.",
}


def next_lines(code: Code, item: Next | None) -> list[str]:
    """What happens next, as short sentences: who acts and what he does, the bidding, the
    deal, what stands, the worked example."""
    if item is None:
        return []
    lines = []
    if item.who and item.does:
        lines.append(sentence_start(f"{role_label(code, item.who)} {ACTS.get(item.does, item.does)} next."))
    if item.bidding:
        lines.append(BIDDING_NEXT[item.bidding])
    if item.deal:
        lines.append(DEAL_NEXT[item.deal])
    lines.extend(text for text in (item.stands, item.note) if text)
    if item.example:
        lines.append(f"For example: {item.example}")
    return lines


def unsure_text(code: Code, item: Unsure | None) -> str | None:
    """Where the sources are unsure: what is missing, who decides meanwhile, why."""
    if item is None:
        return None
    parts = []
    if item.missing:
        parts.append(f"Not known: {item.missing}.")
        if item.decides:
            parts.append(f"Until it is settled, {role_label(code, item.decides)} decides.")
    if item.note:
        parts.append(item.note)
    return " ".join(parts)


def role_label(code: Code, role: str | None) -> str | None:
    return None if role is None else code.roles.get(role, role.replace("-", " "))


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]
