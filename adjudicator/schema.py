"""The law-file format, as pydantic models (strict, unknown keys forbidden).

A law file ``laws/<code-id>.yaml`` is one code of laws: one game in one edition. This
module only describes the shape of that file; the loader turns a validated file into
the model (``adjudicator.model``), resolving ``extends`` and recording line numbers.
``python -m adjudicator schema`` prints the JSON Schema generated from these models so
that editors can validate law files as they are typed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from adjudicator.model import ACTS, BIDDING_NEXT, CLAUSES, DEAL_NEXT, FEATURES, LAW_NUMBER, PHASES

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
NUMBER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9.\-]*$"
CITATION_PATTERN = rf"^{LAW_NUMBER}{CLAUSES}$"  # model.CITATION without its group names (JSON Schema has none)

Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=80)]
LawNumber = Annotated[str, StringConstraints(pattern=NUMBER_PATTERN, max_length=24)]
CitationText = Annotated[str, StringConstraints(pattern=CITATION_PATTERN, max_length=40)]
Line = Annotated[str, StringConstraints(min_length=1, max_length=400)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=20_000)]
Basis = Literal["full-text", "seed", "passage", "provisional", "inferred"]
"""How far a law's text is verified: the code's full text, a seed, a passage, provisional or inferred."""

EFFECT_KINDS = (
    "score",  # points to a side (amount, to, optional unit such as a column of the score)
    "tricks",  # tricks transferred (amount, from, to)
    "stakes",  # a payment (from, to, amount or detail)
    "new-deal",  # the hand is dealt again (detail: by whom)
    "deal-void",  # the deal does not count
    "deal-stands",  # the deal is good; play on
    "replay",  # the hand is played again
    "barred",  # a player may not bid, lead a suit, ... (who, detail)
    "card-exposed",  # a card becomes an exposed card, liable to be called (who)
    "suit-called",  # a suit may be called from a player (who, detail)
    "play-directed",  # a player must play highest/lowest, win/lose (who, detail)
    "corrected",  # the error is put right and play goes on
    "trick-stands",  # the trick stands as played
    "no-penalty",  # nothing is exacted
    "penalty-forfeited",  # the non-offending side loses its right to a penalty
    "game-abandoned",  # play stops at once
    "other",  # anything else, described in detail
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SourceSpec(Strict):
    """A document the code is taken from. A reader cites it by ``author``, ``title`` and
    ``year`` (never by ``key``, which is ours); ``citation`` says which part of it we read;
    ``seed`` names the seed file number if it is one."""

    key: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9\-]*$", max_length=40)]
    author: Line | None = None
    title: Line
    year: Annotated[int, Field(ge=1700, le=2100)] | None = None
    citation: Text
    url: Line | None = None
    seed: Annotated[str, StringConstraints(pattern=r"^[0-9]{3}$")] | None = None


class QuoteSpec(Strict):
    """Words quoted verbatim from a source (a seed). ``kind: law-text`` means the code's
    own words; ``commentary`` means a handbook's words about the law."""

    source: Annotated[str, StringConstraints(max_length=40)]
    words: Text
    kind: Literal["law-text", "commentary"] = "law-text"
    note: Line | None = None


class LawSpec(Strict):
    """A numbered law. ``text`` is always our digest (our own words); ``quotes`` hold a
    seed's words where a seed has them. ``basis`` says how far the text is verified."""

    title: Line
    section: Id
    text: Text
    topics: list[Id] = []
    quotes: list[QuoteSpec] = []
    see_also: list[CitationText] = []
    basis: Basis = "full-text"
    basis_note: Text | None = None
    same_as: dict[Id, LawNumber] = {}
    notes: Text | None = None
    printed_in: Annotated[str, StringConstraints(max_length=40)] | None = None
    """The source (its key) the rule is printed in, where it is not the code's ``printed_in``."""


class EtiquetteSpec(Strict):
    """A rule of etiquette (no penalty). ``proper`` and ``improper`` are short sentences
    describing concrete conduct at the table that keeps or breaks the rule, each following
    from the source; the "is this proper?" quiz is drawn from them."""

    number: Annotated[str, StringConstraints(max_length=24)] | None = None
    title: Line
    text: Text
    why: Text | None = None
    proper: list[Line] = []
    improper: list[Line] = []
    topics: list[Id] = []
    quotes: list[QuoteSpec] = []
    see_also: list[CitationText] = []


class TermSpec(Strict):
    """A word of the game. ``plain``: an everyday word at the table (player, pack, trick)
    that a question may use without help; any other term in a question needs help."""

    term: Line
    definition: Text
    synonyms: list[Line] = []
    see_also: list[CitationText] = []
    plain: bool = False


class ScoreTableSpec(Strict):
    """A table of figures, one cell per column in every row; a row is named by its first
    cell. ``unsure`` lists the rows (by that name) whose figures the sources do not confirm:
    the pages mark them and the quizzes never ask about them (say why in ``notes``)."""

    id: Id
    title: Line
    columns: list[Line] = Field(min_length=1)
    rows: list[list[Annotated[str, StringConstraints(max_length=400)]]] = Field(min_length=1)
    cites: list[CitationText] = []
    notes: Text | None = None
    unsure: list[Line] = []


class ScoreValueSpec(Strict):
    """A figure of the scoring, with its law: a number, numbers keyed by id (suit, holding),
    or a named rule (an id such as ``tricks-then-value``). ``unsure`` says why the sources
    do not confirm it: the pages mark it, the table tools show the sentence beside every
    figure that uses it, and the quizzes never ask about it."""

    value: int | Id | dict[Id, int]
    cites: list[CitationText] = Field(min_length=1)
    note: Text | None = None
    unsure: Text | None = None


class ScoringSpec(Strict):
    tables: list[ScoreTableSpec] = []
    values: dict[Id, ScoreValueSpec] = {}


class EffectSpec(Strict):
    """``amount`` is an amount; a cap ("900 points at most") is ``at_most``, never an amount."""

    kind: Literal[EFFECT_KINDS]  # type: ignore[valid-type]
    who: Id | None = None
    to: Id | None = None
    from_: Id | None = Field(default=None, alias="from")
    amount: int | None = None
    at_most: int | None = None
    unit: Line | None = None
    detail: Text | None = None

    @model_validator(mode="after")
    def _amount_or_cap(self) -> EffectSpec:
        if self.amount is not None and self.at_most is not None:
            raise ValueError("give either amount (what is paid) or at_most (a cap), not both")
        return self


class NextSpec(Strict):
    """What happens next, once the remedy is applied: who acts (a role) and what he does;
    whether the bidding reopens; what becomes of the deal; which card, call, contract or
    multiplier stands; and a worked example where money or points change hands."""

    who: Id | None = None
    does: Literal[tuple(ACTS)] | None = None  # type: ignore[valid-type]
    bidding: Literal[BIDDING_NEXT] | None = None  # type: ignore[valid-type]
    deal: Literal[DEAL_NEXT] | None = None  # type: ignore[valid-type]
    stands: Text | None = None
    example: Text | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _says_something(self) -> NextSpec:
        if (self.who is None) != (self.does is None):
            raise ValueError("who and does go together: who acts next, and what he does")
        if self.who is None and self.deal is None and self.bidding is None and self.stands is None and not self.note:
            raise ValueError("say what happens next: who and does, bidding, deal, stands or note")
        return self


class UnsureSpec(Strict):
    """Where our sources are unsure or silent: the fact or law that is missing, who decides
    meanwhile (a role, usually ``director``), and why, in a plain sentence."""

    missing: Line
    decides: Id = "director"
    note: Text | None = None


class ChoiceSpec(Strict):
    text: Text
    effects: list[EffectSpec] = []
    next: NextSpec | None = None


class OptionsSpec(Strict):
    """The non-offending side's choice: who makes it, whether partners may consult, until when."""

    chooser: Id
    consult: Literal["allowed", "forbidden", "not-stated"] = "not-stated"
    consult_note: Text | None = None
    until: Text | None = None
    choices: dict[Id, ChoiceSpec] = Field(min_length=2)


class RemedySpec(Strict):
    """A prescribed outcome. ``now`` says in plain words what happens now; ``next`` what
    happens after it; ``unsure`` where our sources are unsure or silent (the ruling then
    names what is missing and who decides). A plain-text ``unsure`` is the older form, allowed
    only in codes that do not declare their ``features`` yet."""

    title: Line
    now: Text
    options: OptionsSpec | None = None
    effects: list[EffectSpec] = []
    until: Text | None = None
    then: Text | None = None
    next: NextSpec | None = None
    cites: list[CitationText] = Field(min_length=1)
    notes: Text | None = None
    unsure: UnsureSpec | Text | None = None


class AnswerSpec(Strict):
    """An answer and where it leads. Shorthand: ``answer-id: next-node-id``."""

    next: Id
    label: Line | None = None
    fact: Text | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: object) -> object:
        return {"next": data} if isinstance(data, str) else data


class QuestionSpec(Strict):
    ask: Line
    help: Text | None = None
    answers: dict[Id, AnswerSpec] = Field(min_length=2)


class IrregularitySpec(Strict):
    """What went wrong: a small graph of questions, starting at ``start``, ending in remedies."""

    title: Line
    phase: Literal[tuple(PHASES)]  # type: ignore[valid-type]
    summary: Text
    keywords: list[Line] = []
    start: Id
    questions: dict[Id, QuestionSpec] = {}
    remedies: dict[Id, RemedySpec] = Field(min_length=1)
    cites: list[CitationText] = []
    needs: list[Literal[tuple(FEATURES)]] = []  # type: ignore[valid-type]
    """What the game must have for this to happen (tricks, bidding, partnerships...)."""
    common: bool = False
    """One of the things that often go wrong: listed first in its phase."""
    covers: list[Id] = []
    """Irregularities of the fallback (general laws) whose point this one settles: they are
    not offered under this code, since its own law decides."""


class OmitSpec(Strict):
    """What a code that ``extends`` another leaves out of its parent."""

    laws: list[LawNumber] = []
    irregularities: list[Id] = []
    etiquette: list[Id] = []
    glossary: list[Id] = []
    sections: list[Id] = []
    score_values: list[Id] = []
    score_tables: list[Id] = []


class InheritBasisSpec(Strict):
    """How far the laws a code inherits unchanged are verified *for this code*: e.g. a later
    edition whose own wording was not seen shows the earlier text as ``provisional``."""

    basis: Basis
    note: Text


class PlayersSpec(Strict):
    min: Annotated[int, Field(ge=1, le=12)]
    max: Annotated[int, Field(ge=1, le=12)]

    @model_validator(mode="after")
    def _ordered(self) -> PlayersSpec:
        if self.min > self.max:
            raise ValueError(f"players: min {self.min} is more than max {self.max}")
        return self


CHOOSE_LINE_MAX = 110
"""A chooser's line is one short sentence a player reads at a glance (a phone line or two)."""


class ChooseSpec(Strict):
    """How the code is offered when a game has several: one plain line on who used it and how
    it differs ("The American code most clubs played from June 1915: bids rank by tricks
    first"), and whether it is the usual choice (exactly one code of such a game is)."""

    line: Annotated[str, StringConstraints(min_length=20, max_length=CHOOSE_LINE_MAX)]
    usual: bool = False


class CodeSpec(Strict):
    """One code of laws: one game in one edition. ``features`` says what the game has
    (tricks, trumps, bidding, partnerships, a dummy, a stock, declarations, stakes): a code
    offers only the irregularities its game can have."""

    game: Id
    game_title: Line
    title: Line
    edition: Line
    year: Annotated[int, Field(ge=1700, le=2100)]
    body: Line
    kind: Literal["code", "general"] = "code"
    verification: Text
    summary: Text | None = None
    choose: ChooseSpec | None = None
    """Its line in the game's chooser (not inherited: every code says how it differs)."""
    extends: Id | None = None
    fallback: Id | None = None
    inapplicable: list[Id] = []
    """Irregularities of the fallback that cannot happen in this game though its features
    allow them: they are not offered under this code."""
    features: list[Literal[tuple(FEATURES)]] | None = None  # type: ignore[valid-type]
    players: PlayersSpec | None = None
    omit: OmitSpec | None = None
    inherit_basis: InheritBasisSpec | None = None
    sources: list[SourceSpec] = []
    printed_in: Annotated[str, StringConstraints(max_length=40)] | None = None
    """The source (its key) the code's laws are printed in: an unnumbered rule is named by
    its title and where it is printed (this book, its section)."""
    roles: dict[Id, Line] = {}
    sections: dict[Id, Line] = {}
    laws: dict[LawNumber, LawSpec] = {}
    etiquette: dict[Id, EtiquetteSpec] = {}
    glossary: dict[Id, TermSpec] = {}
    scoring: ScoringSpec | None = None
    irregularities: dict[Id, IrregularitySpec] = {}


class CaseSpec(Strict):
    """One scenario test: the facts given and the remedy (or outcomes) the law prescribes."""

    name: Line
    irregularity: Id
    answers: dict[Id, Id] = {}
    remedy: Id | None = None
    outcomes: list[Id] | None = None
    question: Id | None = None
    cites: list[CitationText] = []
    fallback: bool = False

    @model_validator(mode="after")
    def _one_expectation(self) -> CaseSpec:
        given = [k for k in ("remedy", "outcomes", "question") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("a case expects exactly one of: remedy, outcomes (after 'not-sure'), question")
        return self


def json_schema() -> dict[str, object]:
    """The JSON Schema of a law file, for editors (yaml-language-server and the like)."""
    schema = CodeSpec.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "adjudicator law file (one code of laws)"
    return schema
