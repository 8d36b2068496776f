"""Every word of a ruling, a law and a code that a reader sees, decided once.

The pages, the JSON API and the CLI take their labels, notices and sentences from here
(through the presentation models of this package); none writes its own. To change how a
ruling reads, change it here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adjudicator.model import ACTS, PHASES, PRINTED_NUMBER, Code, Effect, Law, Next, Source, Unsure

# ---------------------------------------------------------------- vocabularies (an id -> its words)

PHASE_TITLES: Mapping[str, str] = PHASES
"""When an irregularity happens, in table order, with its heading."""

EFFECTS: Mapping[str, str] = {
    "score": "Score",
    "tricks": "Tricks",
    "stakes": "Payment",
    "new-deal": "New deal",
    "deal-void": "The deal does not count",
    "deal-stands": "The deal stands",
    "replay": "The hand is replayed",
    "barred": "Barred",
    "card-exposed": "Exposed card",
    "suit-called": "A suit may be called",
    "play-directed": "Play directed",
    "corrected": "Corrected",
    "trick-stands": "The trick stands",
    "no-penalty": "No penalty",
    "penalty-forfeited": "The penalty is forfeited",
    "game-abandoned": "Play stops",
    "other": "Other",
}
"""Each kind of effect, as a label."""

BIDDING_NEXT: Mapping[str, str] = {
    "reopens": "The bidding reopens: every player may call again.",
    "goes-on": "The bidding goes on.",
    "closed": "The bidding is closed.",
}
"""What becomes of the auction after a remedy (model.BIDDING_NEXT)."""

DEAL_NEXT: Mapping[str, str] = {
    "goes-on": "Play goes on.",
    "replayed": "The hand is played again.",
    "redealt": "The cards are dealt again.",
    "void": "The deal does not count.",
    "ends": "The deal is over: score it.",
}
"""What becomes of the deal after a remedy (model.DEAL_NEXT)."""

CONSULT: Mapping[str, str] = {
    "allowed": "Partners may consult before choosing.",
    "forbidden": "Partners may not consult: the chooser decides alone.",
    "not-stated": "The law does not say whether partners may consult.",
}
"""Whether partners may consult before the chooser chooses."""


def consult_text(code: Code, consult: str) -> str | None:
    """Whether partners may consult, in words; nothing in a game its code declares without
    partners (two-handed Piquet or Bezique, Napoleon): there is nobody to consult."""
    if code.features is not None and "partnerships" not in code.features:
        return None
    return CONSULT.get(consult, consult)


BASIS: Mapping[str, str] = {
    "full-text": "Checked against the full text of the code.",
    "seed": "Checked against the words of a book of the period that gives this law.",
    "passage": "Checked against a passage of the code, not its complete text.",
    "provisional": "Not yet checked against this code's own text.",
    "inferred": "Inferred from other laws or commentary; the code's own words are not confirmed.",
}
"""How far the text of a law is checked."""

CHECKED = frozenset({"full-text", "seed"})
"""The bases that need no notice beside a cited law."""

QUOTE_LABELS: Mapping[str, str] = {
    "law-text": "The code's own words, quoted",
    "commentary": "Not the law's words: commentary on it, quoted",
}
"""Whose words a quote is."""

CONCORDANCE: Mapping[str, str] = {
    "same-law": "the same law in that edition",
    "inherited-from": "inherited from that code unchanged",
    "same-inherited": "the same law, inherited",
    "later-extends": "the same number in a later code that extends this one",
    "earlier-extended": "the same number in the code this one extends",
}
"""Why the same law is listed under another code (adjudicator.concordance.WHY)."""

# ---------------------------------------------------------------- labels

DIGEST_LABEL = "Digest (our summary, in our own words; not the code's text)"
"""Beside a law's text, which is always our digest."""
DIGEST_SHORT = "Digest (our words)"
"""The same, under a ruling's cited laws."""
NOT_IN_TEXT = "This law is not in our text of the code."
NOT_SURE = "Not sure"
CHOOSES = "{chooser} chooses"
CHOOSE = "{chooser} choose"  # a chooser named in the plural
WHO_CHOOSES = "Who chooses"
MAY_CONSULT = "May partners consult?"
UNTIL_WHEN = "Until when"
IN_SHORT = "In short"
WHAT_NEXT = "What happens next"
NEXT = "Next"
UNTIL = "Until"
THEN = "Then"
IF = "If"
BECAUSE = "Because"
THE_LAW = "The law"
THE_LAW_TEXT = "The law's text"
FACTS_GIVEN = "The facts given"
DECIDED_UNDER = "Decided under"
OTHER_CODES = "Under other codes"
IF_CHOSEN = "If chosen"
ASSUMED = "assumed"
GENERAL_LAWS = "General laws"
GENERAL_CODE = "General laws: they answer where a game's own code is silent."
SAME_WHATEVER = "{irregularity}: the law rules the same way whatever the details."
NO_HELP = "No further help for this question."
CALL_DIRECTOR = "Call the director (or umpire)."
NOT_SURE_HERE = "Our sources leave this open."
SOURCES = "Sources"
VERIFICATION = "How sure the text is"
TAKEN_FROM = "Taken from"
PRINTED = "Where it is printed"

IN_FULL = "In full"
WHICH_GAME = "Which game is the table playing?"
WHICH_CODE = "Which code of laws does the table play by?"
USUAL_CHOICE = "The usual choice"
NOT_SURE_WHICH_CODE = "Not sure? Take the usual choice."
UNDER_USUAL = "Under the usual code, what went wrong?"
EVERYTHING_UNDER = "Everything that can go wrong under it"
ANOTHER_GAME = "Another game"
GENERAL_GAME_LINE = "The general laws, for a game without a code here"
# ---------------------------------------------------------------- error pages (one sentence, then links)

NO_CODE = "There is no code of laws called \u201c{value}\u201d."
NO_IRREGULARITY = "\u201c{value}\u201d is not one of the things that can go wrong under {code}."
NO_LAW = "{code} has no law \u201c{value}\u201d."
NO_QUESTION = "This address answers a question that this ruling does not ask."
BAD_ANSWERS = "This address holds something that is not an answer to one of this ruling's questions."
NO_ANSWER = "\u201c{value}\u201d is not one of the answers to the question: {ask}"
TOO_UNCERTAIN = (
    "Too many facts are answered \u201cnot sure\u201d to give a ruling: settle some of them first, starting with: {ask}"
)
NO_FILTER = "There is no {field} \u201c{value}\u201d to search in."
BAD_QUIZ = "This address holds answers that this quiz does not have: each answer is one of the letters shown."
QUIZ_FIELDS: Mapping[str, str] = {
    "level": "There is no quiz for the level \u201c{value}\u201d.",
    "kind": "There is no kind of quiz question \u201c{value}\u201d.",
    "n": "A quiz has 1 to {most} questions; this address asks for \u201c{value}\u201d.",
    "seed": "This address does not say which quiz it is: its number is missing or not a number.",
}
"""A quiz address with a bad level, kind, size or number (its answers: BAD_QUIZ)."""
NO_PAGE = "There is no page at this address."
DID_YOU_MEAN = "Did you mean"
WAY_BACK = "Or go back to"
SEARCH_THE_LAWS = "Search the laws"
QUERY_DROPPED = (
    "Only the first {limit} characters are searched, up to the last whole word; not searched: \u201c{rest}\u201d."
)
QUERY_LIMIT = "At most {limit} characters."
HOME = "The home page"
ALL_CODES = "All the codes of laws"
WHAT_CAN_GO_WRONG = "What can go wrong under {code}"
LAWS_OF = "The laws of {code}"
LEARN_CODE = "Learn {code}"
START_AGAIN = "This dispute, from its first question"
WITHOUT_IT = "The same ruling without that answer"
ASK_AGAIN = "Answer the question again"
GIVEN_ONCE = "The same page with it given once"
SEARCH_EVERYWHERE = "The same search, everywhere"
QUIZ_AGAIN = "A new quiz of this code"
ERROR_TITLES: Mapping[int, str] = {
    400: "That request cannot be answered.",
    404: "There is no page at this address.",
    405: "That address cannot be used this way.",
    413: "That request is too large.",
    415: "That request is not in a form this service reads.",
    500: "Something went wrong on our side; it has been noted.",
    503: "Too many searches at once: try again in a moment.",
}
"""The heading of an error page with nothing more precise to say."""

NOT_SURE_IN_THE_COPY = (
    "\u201cNot sure\u201d is not offered here in this copy: too many rulings would still be possible. "
    "The live service asks the other questions first."
)
"""Said by a static copy's question where "not sure" would leave more outcomes than a ruling shows."""

NEEDS_THE_SERVICE = (
    "This copy of the site holds the laws and the rulings, but a quiz is drawn fresh each time by the "
    "live service: open this page there to take one."
)
"""Said by a static copy (adjudicator export) where a page needs the live service."""

TOOLS_NEED_THE_SERVICE = (
    "This copy of the site holds the laws and the rulings, but the score sheet and the auction checker "
    "work out their results on the live service: open this page there to use them."
)
"""Said by a static copy in place of the table tools' forms (their results need the live service)."""

SITE_NAME = "Adjudicator"
SITE_LINE = "The laws of card games, and rulings on what went wrong at the table."
"""How a phone names the site when a static copy is kept on it (its web app manifest)."""
NOT_KEPT = "This page is not kept on this phone"
NOT_KEPT_WHY = (
    "This phone keeps {code} for use with no signal, but not this page. Open it again when you have a signal."
)
KEEP = "Keep this code for use offline"
KEEP_SIZE = "It takes {mb} MB on this phone."
KEEPING = "Keeping this code: {done} of {total} pages\u2026"
KEPT = "Kept on this phone for use offline ({mb} MB): its laws, questions and rulings open with no signal."
KEEP_UPDATING = "Kept on this phone; bringing it up to date with the new laws\u2026"
KEEP_FAILED = "This code could not be kept: the connection failed before all its pages were stored. Try again with a better signal."
KEEP_NO_ROOM = "This code could not be kept: this phone has no room left for it."
FORGET = "Remove it from this phone"
"""A code kept on a phone (a static copy's code page, its script and service worker)."""
SEARCH_NEEDS_SCRIPT = (
    "Searching this copy of the site needs its script, which this browser is not running; the live "
    "service searches without it. The laws of each code:"
)
SEARCH_FOUND = "{n} results for \u201c{q}\u201d"
SEARCH_FOUND_ONE = "1 result for \u201c{q}\u201d"
SEARCH_NONE = "No results for \u201c{q}\u201d"
SEARCH_MORE = "Searching a copy shows the first {n}: add words to narrow it."
SEARCH_BROKEN = "This copy's search could not be loaded. The laws of each code are listed on its page:"
CODES_AND_LAWS = "the codes and their laws"
EXACT = "exact match"
ALSO_IN = "Also in"
WORDED_DIFFERENTLY = "worded differently"
"""The search page of a static copy, searched by its script."""

LABELS: Mapping[str, str] = {
    name: value for name, value in globals().items() if name.isupper() and isinstance(value, str)
}
"""Every label above by name, for the templates (``words.UNTIL``)."""

# ---------------------------------------------------------------- sentences


def codes_count(n: int) -> str:
    """'4 codes of laws'; one code is named, not counted."""
    return f"{n} codes of laws" if n != 1 else "1 code of laws"


def code_line(code: Code) -> str:
    """How a code is named in a sentence: its title, and its year unless the title has it."""
    return code.title if str(code.year) in code.title else f"{code.title} ({code.year})"


def rules_differently(codes: int, game: str) -> str:
    """The line above a ruling that another code of the same game would rule otherwise."""
    if codes == 1:
        return f"Another code of {game} rules differently on these facts; compare with"
    return f"{codes} other codes of {game} rule differently on these facts; compare with"


def code_in_game(code: Code) -> str:
    """A code named where its game is already said: 'Auction Bridge, the English laws (...)'
    is 'The English laws (...)' under the heading Auction Bridge; the year as in code_line."""
    line = code_line(code)
    prefix = f"{code.game_title}, "
    return sentence_start(line[len(prefix) :]) if line.startswith(prefix) else line


def edition_line(code: Code) -> str:
    """A code's edition, year and the body that made it."""
    return f"{code.edition}, {code.year}; {code.body}"


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def full_stop(text: str) -> str:
    """``text`` ended as a sentence: a full stop unless it ends with one, or a question or
    exclamation mark ("Who bid first?", never "Who bid first?.")."""
    text = text.rstrip()
    return text if text.endswith((".", "?", "!", "…")) else f"{text}."


_PLURAL = re.compile(r"(both|the two)\b|(the )?(\w+'s )?(players|adversaries)\b")


def chooses(label: str) -> str:
    """'The dealer chooses', 'Both players together choose': the verb agrees with the
    chooser as the code names him (or them)."""
    return (CHOOSE if _PLURAL.match(label) else CHOOSES).format(chooser=sentence_start(label))


def role(code: Code, role_id: str) -> str:
    """Who a role is, as the code names it (a role the code does not name: its id in words)."""
    return code.roles.get(role_id, role_id.replace("-", " "))


def effect_text(item: Effect, code: Code) -> str:
    """One structured effect as a plain sentence fragment."""
    if item.kind == "other" and item.detail:  # the detail says it all; name who it falls on
        who = role(code, item.who) if item.who else None
        return sentence_start(f"{who}: {item.detail}" if who else item.detail)
    parts = [EFFECTS.get(item.kind, item.kind)]
    if item.amount is not None:
        parts.append(f"{item.amount}{' ' + item.unit if item.unit else ''}")
    elif item.at_most is not None:
        parts.append(f"of at most {item.at_most}{' ' + item.unit if item.unit else ''}")
    elif item.unit:
        parts.append(item.unit)
    if item.who:  # a role named with a bracket of its own is set off by a comma, not bracketed again
        who = role(code, item.who)
        parts.append(f", {who}" if "(" in who else f"({who})")
    if item.from_:
        parts.append(f"from {role(code, item.from_)}")
    if item.to:
        parts.append(f"to {role(code, item.to)}")
    text = " ".join(parts).replace(" , ", ", ")
    return f"{text}: {item.detail}" if item.detail else text


def next_lines(code: Code, item: Next | None) -> list[str]:
    """What happens next, as short sentences: who acts and what he does, the bidding, the
    deal, what stands, the worked example."""
    if item is None:
        return []
    lines = []
    if item.who and item.does:
        lines.append(sentence_start(f"{role(code, item.who)} {ACTS.get(item.does, item.does)} next."))
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
            parts.append(f"Until it is settled, {role(code, item.decides)} decides.")
    if item.note:
        parts.append(item.note)
    return " ".join(parts)


def basis_text(law: Law) -> str:
    return BASIS.get(law.basis, law.basis)


def basis_notice(law: Law) -> str | None:
    """The notice beside a cited law whose text is not checked (None when it is)."""
    if law.basis in CHECKED:
        return None
    return " ".join(filter(None, [basis_text(law), law.basis_note]))


def fallback_notice(silent: Code, general: Code) -> str:
    """Why the general laws answer, and how far they weigh, when ``silent`` has no law."""
    return (
        f"{code_line(silent)} has no law on this, so the general laws apply: {code_line(general)}. "
        "They are weaker than a code's own law: a rule your table agreed prevails."
    )


def extends(parent: Code) -> str:
    """Beside a code that extends another."""
    return f"extends {parent.title}"


def silent_here(general: Code) -> str:
    """Beside an irregularity this code is silent on: who answers instead."""
    return f"This code is silent on it; the general laws apply: {code_line(general)}."


def general_laws_tag(general: Code) -> str:
    """Beside an irregularity that the general laws answer for a code."""
    return f"{GENERAL_LAWS}: {general.title}"


def call_director(unsure: str) -> str:
    """The notice on a remedy our sources are unsure of."""
    return f"{CALL_DIRECTOR} {NOT_SURE_HERE} {unsure}"


CALL_DIRECTOR_IF = f"{CALL_DIRECTOR[:-1]} if the outcome that applies is one our sources are not sure of."
"""The notice on a ruling with several outcomes, one of which our sources are unsure of."""

UNSETTLED = "It turns on what is not sure; the players (or the director) must settle:"
"""What happens now, when the ruling depends on facts answered "not sure"."""


def depends(outcomes: int, remedies: int) -> str:
    """The heading of a ruling with several possible outcomes (fewer remedies than outcomes:
    the same remedy is reached more than one way)."""
    if remedies < outcomes:
        return f"It depends: {remedies} possible rulings"
    return f"It depends: {outcomes} possible outcomes"


def needs_fact(ask: str) -> str:
    return f"Needs one more fact: {ask}"


NEEDS_FACT = "Needs one more fact"

AGREEMENT: Mapping[str, str] = {
    "same": "Both codes rule the same way on these facts.",
    "different": "The codes rule differently on these facts: compare what happens now.",
    "waiting": "{codes} must know one more fact before ruling.",
}
"""Whether the codes compared agree (adjudicator.compare.agreement)."""


def ruling_on(irregularity: str, code: Code) -> str:
    """The line above a ruling's heading: what went wrong as the code names it, never
    lowered into a sentence ("Ruling on a player has too many cards under ..." read as made)."""
    return f"{irregularity}: the ruling under {code_line(code)}"


def cited_as(citation: str) -> str:
    return f"cited as {citation}"


NUMBERED = PRINTED_NUMBER
"""A law number as the code prints it (50, 50a, 37(c), 4-6); anything else is our id for a
rule the book does not number (NAP-HGM-05), never shown as a number."""
_RANGE = re.compile(r"(\d+)-(\d+)")


def law_ref(number: str, title: str | None = None) -> str:
    """A law named short, in a list or a link: "Law 50", "Laws 4 to 6"; a rule the book does
    not number, by its title (our id for it is never shown)."""
    if not NUMBERED.fullmatch(number):
        return title or "A rule the book does not number"
    if found := _RANGE.fullmatch(number):
        return f"Laws {found[1]} to {found[2]}"
    return f"Law {number}"


def laws_line(cited: list[tuple[str, str, str | None]]) -> str:
    """The laws a ruling rests on in one short line, as the table reads them: (citation,
    number, title) each; numbered laws by number ('Laws 50, 44 and 50a'), an unnumbered
    rule by its title (our ids are never shown as numbers)."""
    numbered = [citation for citation, number, _ in cited if NUMBERED.fullmatch(number)]
    named = [title or citation for citation, number, title in cited if not NUMBERED.fullmatch(number)]
    parts = []
    if numbered:
        listed = numbered[0] if len(numbered) == 1 else f"{', '.join(numbered[:-1])} and {numbered[-1]}"
        parts.append(f"{'Law' if len(numbered) == 1 else 'Laws'} {listed}")
    return "; ".join([*parts, *named])


def law_name(number: str, title: str | None = None) -> str:
    """A law named in full: "Law 50. Insufficient declarations"; an unnumbered rule by its title."""
    if not NUMBERED.fullmatch(number):
        return law_ref(number, title)
    return f"{law_ref(number)}. {title}" if title else law_ref(number)


def source_line(source: Source) -> str:
    """A source as a reader cites it: author, title, year ("Florence Irwin, The Complete
    Auction Player, 1915"); never our key for it."""
    return ", ".join(str(part) for part in (source.author, source.title or source.citation, source.year) if part)


def book(code: Code, law: Law) -> Source | None:
    """The source a law is printed in (its own, else its code's)."""
    return code.sources.get(law.printed_in or code.printed_in or "")


def where_printed(code: Code, law: Law) -> str | None:
    """Where a rule the book does not number is printed: the book and its section ("In R. F.
    Foster, Foster's Complete Hoyle, 1914, under Playing"); None for a numbered law."""
    if law.printed:
        return None
    source = book(code, law)
    section = code.sections.get(law.section)
    parts = [f"In {source_line(source)}" if source else None, f"under {section.title}" if section else None]
    return sentence_start(", ".join(p for p in parts if p)) + "."


def source_notes(laws: list[tuple[str, str, list[str]]]) -> list[str]:
    """The Sources part at the foot of a ruling or a law: for each law (its name, how sure its
    text is, the sources it rests on) one sentence of how sure it is, then the books, as a
    reader cites them."""
    grouped: dict[str, list[str]] = {}
    for name, sure, _ in laws:  # laws as sure as each other are named together, the sentence said once
        grouped.setdefault(sure, []).append(name)
    lines = [f"{'; '.join(names)}: {sure}" for sure, names in grouped.items()]
    books = list(dict.fromkeys(book for *_, found in laws for book in found))
    if books:
        lines.append(f"{TAKEN_FROM}: {'; '.join(books)}.")
    return lines


def sureness(law: Law) -> str:
    """How sure the text of a law is, in one plain sentence (the basis's note says it best
    when there is one: "The 1915 wording of this law has not been found; ...")."""
    return law.basis_note.strip() if law.basis_note else basis_text(law)
