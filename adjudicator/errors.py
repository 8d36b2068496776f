"""The exception tree of adjudicator.

    AdjudicatorError                 base of everything we raise on purpose
    ├── LawFileError (ValueError)    one problem in a law or case file: path, line, message
    │   └── BrokenIrregularity       (engine) questions that lead nowhere or round in a circle
    ├── LibraryError                 a library could not be loaded; carries every LawFileError
    ├── IndexProblem                 the search index is missing, older than the laws, or corrupt
    ├── BadInput (ValueError)        (web) a request the web layer refuses: a 400 naming the parameter
    │   └── RepeatedParameter        (web) a parameter given more than once (one rule on every route)
    ├── Busy                         (web) as many searches running and waiting as a worker takes: a 503
    └── LookupProblem (LookupError)  a request names something that does not exist
        ├── UnknownCode              no code of laws with that id
        ├── UnknownIrregularity      the code has no such irregularity
        ├── UnknownLaw               the code has no law with that number
        ├── UnknownQuestion          the irregularity asks no such question
        ├── UnknownAnswer            the question has no such answer
        ├── TooUncertain             so many "not sure" answers that no useful ruling exists
        ├── UnknownQuizKind          (quiz) no such kind of quiz item
        │   └── NoQuizOfKind         (quiz) a kind the code's data has nothing to ask of: no such quiz
        ├── UnknownLevel             (quiz) no such quiz level
        ├── UnknownFilter            (search) no such game, code, topic or kind to filter by
        ├── NotOffered               (scoring) the code's data lacks what a table tool needs
        └── TableError               (scoring) an entry the table tools cannot read
            ├── SheetError           (scoring) a hand that cannot be scored as given
            └── CallError            (auction) a call that cannot be read

Every exception is defined here; the modules that raise them import them from here (and
quiz, scoring and auction re-export theirs under their old names).

Every LookupProblem names the offending ``field`` and ``value`` and lists the valid
``choices`` (with a did-you-mean in its message, unless it is given its own
``message``), so the CLI and the API can report it without knowing which kind it is
(``thing`` names what was looked for, for the message).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence


class AdjudicatorError(Exception):
    """Base class of every error adjudicator raises on purpose."""


class LawFileError(AdjudicatorError, ValueError):
    """One problem in a law (or scenario) file, located by path and line."""

    def __init__(self, path: str, line: int, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        super().__init__(f"{path}:{line}: {message}")

    def __lt__(self, other: LawFileError) -> bool:
        return (self.path, self.line, self.message) < (other.path, other.line, other.message)


class BrokenIrregularity(LawFileError):
    """The engine met an irregularity whose answers lead to no question or remedy, or round
    in a circle: law files that were never checked (``adjudicator check`` reports the same
    problem, and the app refuses to start on it). Located at the answer (or start) at fault."""


class LibraryError(AdjudicatorError):
    """The laws directory has problems; ``problems`` lists every one of them."""

    def __init__(self, problems: Iterable[LawFileError]) -> None:
        self.problems = sorted(problems)
        lines = "\n".join(str(p) for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in the law files:\n{lines}")


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for a close match, else an empty string."""
    close = difflib.get_close_matches(str(value), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class IndexProblem(AdjudicatorError):
    """The search index in ``directory`` cannot be used; the message says why and names
    the command that rebuilds it."""

    command = "adjudicator build-index"

    def __init__(self, directory: object, reason: str) -> None:
        self.directory = str(directory)
        self.reason = reason
        super().__init__(f"search index {self.directory}: {reason}; run `{self.command}` to rebuild it")


def plural(noun: str) -> str:
    """'irregularity' -> 'irregularities', 'code' -> 'codes', 'quiz kind' -> 'quiz kinds'."""
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


class LookupProblem(AdjudicatorError, LookupError):
    """A request names a code, irregularity, law, question or answer that does not exist."""

    thing = "thing"

    def __init__(
        self, value: str, choices: Iterable[str], *, field: str, where: str = "", message: str | None = None
    ) -> None:
        self.value = value
        self.choices = list(choices)
        self.field = field
        self.where = where
        if message is None:
            shown = ", ".join(self.choices[:40]) + (" ..." if len(self.choices) > 40 else "")
            place = f" in {where}" if where else ""
            message = (
                f"unknown {self.thing} {value!r}{place}{did_you_mean(value, self.choices)}; "
                f"valid {plural(self.thing)}: {shown or '(none)'}"
            )
        super().__init__(message)


class UnknownCode(LookupProblem):
    thing = "code"


class UnknownFilter(LookupProblem):
    """A search filter (``field``: game, code, topic or kind) with a value the index has not:
    the message names the nearest values (``close``) and lists the valid ones."""

    def __init__(self, field: str, value: str, choices: Iterable[str]) -> None:
        self.thing = field
        choices = list(choices)
        folded = str(value).strip().lower()
        starts = [c for c in choices if folded and (c.startswith(folded) or folded.startswith(c))]
        self.close = starts[:3] or difflib.get_close_matches(folded, choices, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(c) for c in self.close)}?" if self.close else ""
        shown = ", ".join(choices[:40]) + (" ..." if len(choices) > 40 else "")
        message = f"unknown {field} {value!r} to search by{hint}; valid {field}s: {shown or '(none)'}"
        super().__init__(value, choices, field=field, message=message)


class UnknownIrregularity(LookupProblem):
    thing = "irregularity"


class UnknownLaw(LookupProblem):
    thing = "law"


class UnknownQuestion(LookupProblem):
    thing = "question"


class UnknownAnswer(LookupProblem):
    thing = "answer"


class TooUncertain(LookupProblem):
    """Too many facts answered "not sure": settle some of them first."""

    thing = "answer"

    def __init__(self, *, field: str, where: str = "", limit: int = 0) -> None:
        super().__init__(
            "not-sure",
            [],
            field=field,
            where=where,
            message=f"too many 'not sure' answers in {where} (more than {limit} possible outcomes); "
            f"settle some of the facts first, starting with {field!r}",
        )


class UnknownQuizKind(LookupProblem):
    """(quiz) A kind or level that does not exist, or one the code's data has nothing for."""

    thing = "quiz kind"


class NoQuizOfKind(UnknownQuizKind):
    """(quiz) A kind that exists, but the code's data has nothing to ask of it: the quiz
    named does not exist (the web answers 404, ``choices`` the kinds the code has)."""


class UnknownLevel(LookupProblem):
    """(quiz) No such quiz level."""

    thing = "level"


class TableError(LookupProblem, ValueError):
    """(scoring, auction) An entry the table tools cannot read (a hand, a call): ``field``
    names the part, ``choices`` the valid values; subclasses name the kind of entry."""

    thing = "entry"

    def __init__(self, message: str, *, field: str, value: str = "", choices: Iterable[str] = ()) -> None:
        super().__init__(value, choices, field=field, message=message)


class SheetError(TableError):
    """(scoring) A hand that cannot be scored as given."""

    thing = "hand"


class CallError(TableError):
    """(auction) A call that cannot be read."""

    thing = "call"


class NotOffered(LookupProblem):
    """(scoring, auction) A code whose data lacks what a table tool needs: the tool is not
    offered for it."""

    thing = "code"

    def __init__(self, code_id: str, tool: str, missing: Sequence[str], choices: Iterable[str]) -> None:
        choices = list(choices)
        super().__init__(
            code_id,
            choices,
            field="code",
            message=f"{code_id!r} has no {tool}: its scoring values lack (or do not recognise) {', '.join(missing)}; "
            f"codes that have one: {', '.join(choices) or '(none)'}",
        )


class BadInput(AdjudicatorError, ValueError):
    """(web) A request the web layer refuses (a 400): ``field`` names the offending
    parameter, ``choices`` the values it may take when they are few enough to list."""

    def __init__(self, message: str, field: str, *, value: str | None = None, choices: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.value = value
        self.choices = choices


class RepeatedParameter(BadInput):
    """(web) A single-valued parameter given more than once: a 400 naming it, on every route
    (adjudicator.web.params.single_values)."""


class Busy(AdjudicatorError):
    """(web) A search turned away: the worker runs and queues as many as it takes (a 503
    with Retry-After; adjudicator/web/serving.py sets the bound)."""
