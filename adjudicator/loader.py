"""Law files -> the model: strict YAML reading, schema validation, ``extends`` resolution.

Every problem becomes a ``LawFileError`` reading ``laws/<file>.yaml:<line>: <what is
wrong>; <what is allowed>``. ``read_library`` collects the problems of every file in one
run (for ``adjudicator check``); ``load_library`` raises ``LibraryError`` if there is any.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import gc
import re
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType, UnionType
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from adjudicator import schema
from adjudicator.errors import LawFileError, LibraryError, did_you_mean
from adjudicator.model import (
    Answer,
    Choice,
    Choosing,
    Citation,
    Code,
    Effect,
    EtiquetteItem,
    Irregularity,
    Law,
    Library,
    Next,
    Options,
    Question,
    Quote,
    Remedy,
    ScoreTable,
    ScoreValue,
    Section,
    Source,
    Term,
    Unsure,
    Where,
    id_words,
)

DEFAULT_ROLES: Mapping[str, str] = {
    "offender": "the offender",
    "offender-partner": "the offender's partner",
    "non-offending-side": "the non-offending side",
    "offending-side": "the offending side",
    "any-player": "any player",
    "dealer": "the dealer",
    "nobody": "nobody (the law leaves no choice)",
    "offender-left": "the player on the offender's left",
    "offender-right": "the player on the offender's right",
    "dealer-left": "the player on the dealer's left",
    "next-player": "the next player in turn",
    "player-in-turn": "the player whose turn it was",
    "trick-winner": "the winner of the last trick",
    "director": "the director (or umpire, or the players together)",
}
"""Roles every code knows; a code names its own (declarer, caller, ...) under ``roles``."""

MAX_FILE_BYTES = 5_000_000

Path_ = tuple[str | int, ...]


# ---------------------------------------------------------------- YAML with line numbers


@dataclasses.dataclass
class Document:
    """A parsed YAML file: its data and its node tree (for line numbers)."""

    path: str
    data: Any
    root: yaml.Node | None

    def line(self, path: Path_, *, key: bool = True) -> int:
        """The 1-based line of the item at ``path`` (of its key, for a mapping entry)."""
        node = locate(self.root, path, key=key)
        return node.start_mark.line + 1 if node is not None else 1

    def where(self, path: Path_) -> Where:
        return Where(self.path, self.line(path))


def locate(root: yaml.Node | None, path: Path_, *, key: bool = False) -> yaml.Node | None:
    """The deepest node reached by following ``path``; steps that match nothing (pydantic's
    union tags, say) are skipped. With ``key``, a mapping entry gives its key node."""
    node = root
    steps = list(path)
    for i, step in enumerate(steps):
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.value == str(step):
                    node = k if (key and i == len(steps) - 1) else v
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
    return node


def read_yaml(path: Path, display: str) -> tuple[Document | None, list[LawFileError]]:
    """Parse one YAML file strictly: syntax, duplicate keys, non-text keys, aliases, tags."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [LawFileError(display, 1, f"cannot read the file: {exc.strerror}")]
    if len(raw) > MAX_FILE_BYTES:
        return None, [LawFileError(display, 1, f"file is {len(raw)} bytes; at most {MAX_FILE_BYTES}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [LawFileError(display, line, "not valid UTF-8 text; save the file as UTF-8")]
    loader = yaml.CSafeLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None, [LawFileError(display, 1, "the file is empty; a law file is a mapping of keys")]
        problems = list(_check_nodes(root, display))
        data = _to_text_keys(loader.construct_document(root))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        return None, [LawFileError(display, line, f"YAML syntax error: {exc.problem or exc.context}")]
    except yaml.YAMLError as exc:
        return None, [LawFileError(display, 1, f"YAML error: {exc}")]
    except RecursionError:
        return None, [LawFileError(display, 1, "the YAML is nested too deeply")]
    finally:
        loader.dispose()
    return Document(display, data, root), problems


_KEY_KINDS = {
    "tag:yaml.org,2002:int": "a number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true/false (YAML reads yes/no/on/off so)",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:timestamp": "a date",
}


def _check_nodes(root: yaml.Node, display: str) -> Iterator[LawFileError]:
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            yield LawFileError(
                display,
                node.start_mark.line + 1,
                "YAML anchors and aliases (&name, *name) are not allowed in law files; write the value out",
            )
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[str, yaml.Node] = {}
            for k, v in node.value:
                line = k.start_mark.line + 1
                if not isinstance(k, yaml.ScalarNode):
                    yield LawFileError(display, line, "a key must be plain text, not a list or mapping")
                    continue
                if k.tag in _KEY_KINDS:
                    yield LawFileError(
                        display,
                        line,
                        f'key {k.value} is read by YAML as {_KEY_KINDS[k.tag]}; write it in quotes: "{k.value}"',
                    )
                if k.value in keys:
                    first = keys[k.value].start_mark.line + 1
                    yield LawFileError(
                        display, line, f"duplicate key {k.value!r} (first at line {first}); each key once"
                    )
                keys[k.value] = k
                stack.append(v)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.ScalarNode) and node.tag.startswith("tag:yaml.org,2002:") is False:
            yield LawFileError(display, node.start_mark.line + 1, f"tags such as {node.tag} are not allowed")


def _to_text_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: _to_text_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_to_text_keys(v) for v in value]
    return value


# ---------------------------------------------------------------- schema problems


_PATTERN_HELP = {
    schema.ID_PATTERN: "lowercase words joined by hyphens, e.g. 'lead-out-of-turn'",
    schema.NUMBER_PATTERN: 'a law number as printed, in quotes, e.g. "50" or "84a"',
    schema.CITATION_PATTERN: 'a law number, optionally with its clause, e.g. "37" or "37(c)"',
}

_TYPE_NAMES = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping of keys",
    "model_type": "a mapping of keys",
    "model_attributes_type": "a mapping of keys",
}


_MODEL_NAMES = {
    name for name, value in vars(schema).items() if isinstance(value, type) and issubclass(value, BaseModel)
}


def _is_tag(step: str | int) -> bool:
    """pydantic's own steps in an error location: union members, validators, ``[key]``."""
    return isinstance(step, str) and (step in _MODEL_NAMES or step == "[key]" or step.startswith("function-"))


def _loc_text(loc: Path_) -> str:
    return "/".join(str(step) for step in loc) or "top level"


def _describe_input(value: Any, node: yaml.Node | None) -> str:
    if isinstance(node, yaml.ScalarNode):
        shown = node.value if len(node.value) <= 60 else node.value[:57] + "..."
        if isinstance(value, bool | datetime.date | int | float) and not isinstance(value, str):
            kind = {bool: "true/false", int: "a number", float: "a number"}.get(type(value), "a date")
            return f'got {shown} (YAML reads it as {kind}; write "{node.value}" in quotes if it is text)'
        return f"got {shown!r}"
    if isinstance(value, list):
        return "got a list"
    if isinstance(value, dict):
        return "got a mapping"
    return f"got {type(value).__name__}"


def _unwrap(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def _model_at(model: Any, loc: Path_) -> type[BaseModel] | None:
    """The pydantic model describing the mapping at ``loc``, to list its allowed keys."""
    current: Any = model
    for step in loc:
        current = _unwrap(current)
        origin = typing.get_origin(current)
        if origin in (typing.Union, UnionType):
            models = [a for a in typing.get_args(current) if isinstance(a, type) and issubclass(a, BaseModel)]
            current = models[0] if models else None
            if current is None:
                return None
        if isinstance(current, type) and issubclass(current, BaseModel):
            fields = {f.alias or name: f for name, f in current.model_fields.items()}
            if step in fields:
                current = fields[step].annotation
                continue
            if current.__name__ == step:  # a union tag such as 'AnswerSpec'
                continue
            return None
        if origin is dict or origin is list:
            current = typing.get_args(current)[-1]
            continue
        return None
    current = _unwrap(current)
    if typing.get_origin(current) in (typing.Union, UnionType):
        models = [a for a in typing.get_args(current) if isinstance(a, type) and issubclass(a, BaseModel)]
        current = models[0] if models else None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _keys(model: type[BaseModel] | None, *, required: bool = False) -> list[str]:
    if model is None:
        return []
    return [f.alias or name for name, f in model.model_fields.items() if (f.is_required() or not required)]


def schema_problems(doc: Document, exc: ValidationError, model: Any = schema.CodeSpec) -> list[LawFileError]:
    """Turn pydantic's errors into ``path:line: message; what is allowed`` problems."""
    problems: list[LawFileError] = []
    seen: set[tuple[int, str]] = set()
    for error in exc.errors(include_url=False):
        raw_loc = tuple(error["loc"])
        loc = tuple(step for step in raw_loc if not _is_tag(step))
        kind = error["type"]
        if "[key]" in raw_loc:  # a mapping key (an id or a law number) is malformed
            loc = loc[:-1] if loc and loc[-1] == error.get("input") else loc
        parent = loc[:-1]
        line = doc.line(loc, key=(kind == "extra_forbidden"))
        where = _loc_text(parent)
        if kind == "missing":
            owner = _model_at(model, parent)
            required = ", ".join(_keys(owner, required=True))
            line = doc.line(parent, key=False)
            message = f"{where}: missing key {loc[-1]!r}; required keys here: {required}"
        elif kind == "extra_forbidden":
            allowed = _keys(_model_at(model, parent))
            message = (
                f"{where}: unknown key {loc[-1]!r}{did_you_mean(str(loc[-1]), allowed)}; "
                f"allowed keys: {', '.join(allowed)}"
            )
        elif kind in _TYPE_NAMES:
            node = locate(doc.root, loc)
            message = f"{_loc_text(loc)}: must be {_TYPE_NAMES[kind]}; {_describe_input(error.get('input'), node)}"
        elif kind == "literal_error":
            expected = error.get("ctx", {}).get("expected", "")
            allowed = re.findall(r"'([^']*)'", expected)
            got = error.get("input")
            message = (
                f"{_loc_text(loc)}: {got!r} is not allowed{did_you_mean(str(got), allowed)}; "
                f"allowed: {', '.join(allowed)}"
            )
        elif kind == "string_pattern_mismatch":
            pattern = error.get("ctx", {}).get("pattern", "")
            help_text = _PATTERN_HELP.get(pattern, f"text matching {pattern}")
            message = f"{_loc_text(loc)}: {error.get('input')!r} is not valid; write {help_text}"
        elif kind in ("string_too_long", "too_long"):
            message = f"{_loc_text(loc)}: too long; {error['msg'].lower()}"
        elif kind in ("string_too_short", "too_short"):
            message = f"{_loc_text(loc)}: {error['msg'].lower()}; it may not be empty"
        elif kind in ("greater_than_equal", "less_than_equal"):
            message = f"{_loc_text(loc)}: {error['msg'].lower()}; got {error.get('input')!r}"
        else:
            message = f"{_loc_text(loc)}: {error['msg']}"
        if (line, message) not in seen:
            seen.add((line, message))
            problems.append(LawFileError(doc.path, line, message))
    return problems


# ---------------------------------------------------------------- building the model


def _natural(number: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.findall(r"\d+|\D+", number))


def _cites(items: list[str]) -> tuple[Citation, ...]:
    return tuple(Citation.parse(item) for item in items)


def _quotes(specs: list[schema.QuoteSpec]) -> tuple[Quote, ...]:
    return tuple(Quote(q.source, q.words.strip(), q.kind, q.note) for q in specs)


def _effects(specs: list[schema.EffectSpec]) -> tuple[Effect, ...]:
    return tuple(Effect(e.kind, e.who, e.to, e.from_, e.amount, e.unit, e.detail, e.at_most) for e in specs)


def _next(spec: schema.NextSpec | None) -> Next | None:
    if spec is None:
        return None
    return Next(spec.who, spec.does, spec.bidding, spec.deal, spec.stands, spec.example, spec.note)


def _unsure(spec: schema.UnsureSpec | str | None) -> Unsure | None:
    if spec is None:
        return None
    if isinstance(spec, str):  # the older plain-text form: names nothing missing
        return Unsure(None, None, spec.strip())
    return Unsure(spec.missing, spec.decides, spec.note.strip() if spec.note else None)


@dataclasses.dataclass
class _Parsed:
    id: str
    doc: Document
    spec: schema.CodeSpec


def _build_irregularity(code_id: str, irr_id: str, spec: schema.IrregularitySpec, doc: Document) -> Irregularity:
    base: Path_ = ("irregularities", irr_id)
    questions = {
        qid: Question(
            qid,
            q.ask,
            q.help,
            tuple(
                Answer(
                    aid, a.label or id_words(aid), a.next, a.fact, doc.where((*base, "questions", qid, "answers", aid))
                )
                for aid, a in q.answers.items()
            ),
            doc.where((*base, "questions", qid)),
        )
        for qid, q in spec.questions.items()
    }
    remedies = {
        rid: Remedy(
            id=rid,
            title=r.title,
            now=r.now,
            options=None
            if r.options is None
            else Options(
                r.options.chooser,
                r.options.consult,
                r.options.consult_note,
                r.options.until,
                tuple(Choice(cid, c.text, _effects(c.effects), _next(c.next)) for cid, c in r.options.choices.items()),
            ),
            effects=_effects(r.effects),
            until=r.until,
            then=r.then,
            cites=_cites(r.cites),
            notes=r.notes,
            unsure=_unsure(r.unsure),
            irregularity=irr_id,
            origin=code_id,
            where=doc.where((*base, "remedies", rid)),
            next=_next(r.next),
        )
        for rid, r in spec.remedies.items()
    }
    return Irregularity(
        id=irr_id,
        title=spec.title,
        phase=spec.phase,
        summary=spec.summary,
        keywords=tuple(spec.keywords),
        start=spec.start,
        questions=MappingProxyType(questions),
        remedies=MappingProxyType(remedies),
        cites=_cites(spec.cites),
        origin=code_id,
        where=doc.where(base),
        needs=frozenset(spec.needs),
        common=spec.common,
        covers=tuple(spec.covers),
    )


def _build_code(parsed: _Parsed, parent: Code | None) -> Code:
    spec, doc, cid = parsed.spec, parsed.doc, parsed.id
    omit = spec.omit or schema.OmitSpec()

    def inherit(name: str, omitted: list[str]) -> dict[str, Any]:
        items = dict(getattr(parent, name)) if parent else {}
        for key in omitted:
            items.pop(key, None)
        return items

    laws = inherit("laws", omit.laws)
    if spec.inherit_basis is not None:
        basis, note = spec.inherit_basis.basis, spec.inherit_basis.note.strip()
        laws = {n: dataclasses.replace(law, basis=basis, basis_note=note) for n, law in laws.items()}
    for number, law in spec.laws.items():
        laws[number] = Law(
            number=number,
            title=law.title,
            section=law.section,
            text=law.text.strip(),
            topics=tuple(law.topics),
            quotes=_quotes(law.quotes),
            see_also=_cites(law.see_also),
            basis=law.basis,
            basis_note=law.basis_note,
            same_as=MappingProxyType(dict(law.same_as)),
            notes=law.notes,
            origin=cid,
            where=doc.where(("laws", number)),
            printed_in=law.printed_in,
        )
    laws = dict(sorted(laws.items(), key=lambda item: _natural(item[0])))

    etiquette = inherit("etiquette", omit.etiquette)
    for eid, item in spec.etiquette.items():
        etiquette[eid] = EtiquetteItem(
            eid, item.number, item.title, item.text.strip(), item.why, tuple(item.topics),
            _quotes(item.quotes), _cites(item.see_also), cid, doc.where(("etiquette", eid)),
            tuple(p.strip() for p in item.proper), tuple(p.strip() for p in item.improper),
        )  # fmt: skip

    glossary = inherit("glossary", omit.glossary)
    for tid, term in spec.glossary.items():
        glossary[tid] = Term(
            tid, term.term, term.definition.strip(), tuple(term.synonyms), _cites(term.see_also),
            cid, doc.where(("glossary", tid)), term.plain,
        )  # fmt: skip

    irregularities = inherit("irregularities", omit.irregularities)
    for irr_id, irr in spec.irregularities.items():
        irregularities[irr_id] = _build_irregularity(cid, irr_id, irr, doc)

    sections = inherit("sections", omit.sections)
    for sid, title in spec.sections.items():
        sections[sid] = Section(sid, title)
    sources = dict(parent.sources) if parent else {}
    for src in spec.sources:
        sources[src.key] = Source(src.key, src.citation, src.url, src.seed, src.title, src.year, src.author)
    roles = dict(parent.roles) if parent else dict(DEFAULT_ROLES)
    roles.update(spec.roles)

    tables = {t.id: t for t in parent.score_tables if t.id not in omit.score_tables} if parent else {}
    values = inherit("score_values", omit.score_values)
    if spec.scoring:
        for i, t in enumerate(spec.scoring.tables):
            tables[t.id] = ScoreTable(
                t.id, t.title, tuple(t.columns), tuple(tuple(r) for r in t.rows), _cites(t.cites),
                t.notes, cid, doc.where(("scoring", "tables", i)), tuple(t.unsure),
            )  # fmt: skip
        for vid, v in spec.scoring.values.items():
            value = MappingProxyType(dict(v.value)) if isinstance(v.value, dict) else v.value
            values[vid] = ScoreValue(
                vid, value, _cites(v.cites), v.note, cid, doc.where(("scoring", "values", vid)), v.unsure
            )

    return Code(
        id=cid,
        game=spec.game,
        game_title=spec.game_title,
        title=spec.title,
        edition=spec.edition,
        year=spec.year,
        body=spec.body,
        kind=spec.kind,
        verification=spec.verification.strip(),
        summary=spec.summary,
        extends=spec.extends,
        lineage=(cid, *(parent.lineage if parent else ())),
        sources=MappingProxyType(sources),
        roles=MappingProxyType(roles),
        sections=MappingProxyType(sections),
        laws=MappingProxyType(laws),
        etiquette=MappingProxyType(etiquette),
        glossary=MappingProxyType(glossary),
        score_tables=tuple(tables.values()),
        score_values=MappingProxyType(values),
        irregularities=MappingProxyType(irregularities),
        where=Where(doc.path, 1),
        inapplicable=frozenset(spec.inapplicable) | (parent.inapplicable if parent else frozenset()),
        features=frozenset(spec.features) if spec.features is not None else (parent.features if parent else None),
        players=(spec.players.min, spec.players.max) if spec.players else (parent.players if parent else None),
        choose=Choosing(spec.choose.line.strip(), spec.choose.usual, doc.where(("choose",))) if spec.choose else None,
        printed_in=spec.printed_in or (parent.printed_in if parent else None),
    )


_OMITTABLE = ("laws", "irregularities", "etiquette", "glossary", "sections", "score_values")


def _omit_problems(item: _Parsed, parent: Code | None) -> list[LawFileError]:
    """``omit`` only makes sense with ``extends``, and only for what the parent has."""
    omit = item.spec.omit
    if omit is None:
        return []
    if parent is None:
        return [
            LawFileError(item.doc.path, item.doc.line(("omit",)), "omit: only a code that extends another may omit")
        ]
    problems = []
    inherited = {name: getattr(parent, name) for name in _OMITTABLE}
    inherited["score_tables"] = {t.id: t for t in parent.score_tables}
    for name, have in inherited.items():
        for i, key in enumerate(getattr(omit, name)):
            if key not in have:
                problems.append(
                    LawFileError(
                        item.doc.path,
                        item.doc.line(("omit", name, i)),
                        f"omit/{name}: {parent.id!r} has no {key!r}{did_you_mean(key, have)}; nothing to omit",
                    )
                )
    return problems


def _unsure_problems(doc: Document, spec: schema.CodeSpec) -> list[LawFileError]:
    """A score table's ``unsure`` names rows by their first cell: each must name one."""
    problems = []
    for i, table in enumerate(spec.scoring.tables if spec.scoring else []):
        labels = [row[0] for row in table.rows if row]
        for j, label in enumerate(table.unsure):
            if label not in labels:
                problems.append(
                    LawFileError(
                        doc.path,
                        doc.line(("scoring", "tables", i, "unsure", j)),
                        f"score table {table.id!r}: unsure {label!r} names no row{did_you_mean(label, labels)}; "
                        f"rows: {', '.join(labels)}",
                    )
                )
    return problems


def display_path(path: Path) -> str:
    """``path`` as messages show it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def parse_code_file(path: Path, display: str | None = None) -> tuple[_Parsed | None, list[LawFileError]]:
    """Read and validate one law file (no ``extends`` resolution)."""
    display = display or str(path)
    doc, problems = read_yaml(path, display)
    if doc is None:
        return None, problems
    if not isinstance(doc.data, dict):
        return None, [*problems, LawFileError(display, 1, "a law file must be a mapping of keys (game:, title:, ...)")]
    try:
        spec = schema.CodeSpec.model_validate(doc.data)
    except ValidationError as exc:
        return None, [*problems, *schema_problems(doc, exc)]
    return _Parsed(path.stem, doc, spec), [*problems, *_unsure_problems(doc, spec)]


def law_files(laws_dir: Path) -> list[Path]:
    return sorted(p for p in laws_dir.glob("*.yaml") if not p.name.startswith("."))


def collector_paused(fn):
    """Run ``fn`` with the cyclic garbage collector paused. Loading makes hundreds of
    thousands of long-lived objects and no garbage cycles, so the collector would only
    rescan them, again and again: two thirds of the load time, growing faster than the
    corpus (bench/coldstart.py)."""

    @functools.wraps(fn)
    def paused(*args: Any, **kwargs: Any) -> Any:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused


@collector_paused
def read_library(laws_dir: Path | str) -> tuple[Library, list[LawFileError]]:
    """Load every code in ``laws_dir``; return the codes that could be built and every problem."""
    laws_dir = Path(laws_dir)
    problems: list[LawFileError] = []
    parsed: dict[str, _Parsed] = {}
    if not laws_dir.is_dir():
        return Library(MappingProxyType({})), [LawFileError(str(laws_dir), 1, "no such directory of law files")]
    paths = law_files(laws_dir)
    for path in paths:
        display = display_path(path)
        if not re.fullmatch(schema.ID_PATTERN, path.stem):
            problems.append(LawFileError(display, 1, "the file name is the code id: lowercase words joined by hyphens"))
            continue
        item, found = parse_code_file(path, display)
        problems.extend(found)
        if item is not None:  # with problems such as a duplicate key it is still built: more is checked
            parsed[item.id] = item
    broken = {p.stem for p in paths} - set(parsed)

    codes: dict[str, Code] = {}
    failed: set[str] = set()  # codes that cannot be built (a bad or circular extends)

    def build(cid: str, chain: tuple[str, ...]) -> Code | None:
        if cid in codes:
            return codes[cid]
        item = parsed[cid]
        parent_id = item.spec.extends
        parent = None
        if parent_id is not None:
            line = item.doc.line(("extends",))
            if parent_id in chain or parent_id == cid:
                members = (*chain[chain.index(parent_id) :], cid) if parent_id in chain else (cid,)
                cycle = " -> ".join((*members, members[0]))
                for member in members:
                    doc = parsed[member].doc
                    problems.append(
                        LawFileError(
                            doc.path,
                            doc.line(("extends",)),
                            f"extends: circular ({cycle}); a code may not extend itself, even through others",
                        )
                    )
                    failed.add(member)
                return None
            if parent_id not in parsed:
                if parent_id in broken:
                    message = f"extends: {parent_id!r} has errors of its own; fix that file first"
                else:
                    message = (
                        f"extends: no code {parent_id!r} in {laws_dir}{did_you_mean(parent_id, parsed)}; "
                        f"codes: {', '.join(sorted(parsed))}"
                    )
                problems.append(LawFileError(item.doc.path, line, message))
                failed.add(cid)
                return None
            parent = build(parent_id, (*chain, cid))
            if parent is None:
                if parent_id in failed and not any(
                    p.path == item.doc.path and "extends" in p.message for p in problems
                ):
                    problems.append(LawFileError(item.doc.path, line, f"extends: {parent_id!r} could not be loaded"))
                failed.add(cid)
                return None
            if parent.game != item.spec.game:
                problems.append(
                    LawFileError(
                        item.doc.path,
                        item.doc.line(("game",)),
                        f"game: {item.spec.game!r} differs from {parent_id!r}'s game {parent.game!r}; "
                        "a code extends a code of the same game",
                    )
                )
        problems.extend(_omit_problems(item, parent))
        code = _build_code(item, parent)
        codes[cid] = code
        return code

    for cid in parsed:
        if cid not in failed:
            build(cid, ())

    # fallback: a code of general laws that answers where this code is silent
    for cid, code in list(codes.items()):
        declared = next((c for c in code.lineage if parsed[c].spec.fallback is not None), None)
        if declared is None:
            continue
        fallback_id = parsed[declared].spec.fallback
        if declared != cid:  # inherited: the parent's own check reports a bad target
            if fallback_id in codes and codes[fallback_id].kind == "general":
                codes[cid] = dataclasses.replace(code, fallback=codes[fallback_id])
            continue
        line = parsed[cid].doc.line(("fallback",))
        target = codes.get(fallback_id)
        if target is None:
            problems.append(
                LawFileError(
                    parsed[cid].doc.path,
                    line,
                    f"fallback: no code {fallback_id!r}{did_you_mean(fallback_id, codes)}; "
                    f"general codes: {', '.join(c.id for c in codes.values() if c.kind == 'general') or '(none)'}",
                )
            )
        elif target.kind != "general" or fallback_id == cid:
            problems.append(
                LawFileError(
                    parsed[cid].doc.path,
                    line,
                    f"fallback: {fallback_id!r} is not a code of general laws (kind: general)",
                )
            )
        else:
            codes[cid] = dataclasses.replace(code, fallback=target)

    ordered = sorted(codes.values(), key=lambda c: (c.kind == "general", c.game_title, c.year, c.id))
    return Library(MappingProxyType({c.id: c for c in ordered})), sorted(problems)


def load_library(laws_dir: Path | str) -> Library:
    """Load ``laws_dir``; raise ``LibraryError`` listing every problem if there is any."""
    library, problems = read_library(laws_dir)
    if problems:
        raise LibraryError(problems)
    return library
