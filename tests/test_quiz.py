"""Quizzes drawn from the law data: every item's marked answer is what the data (and, for
rulings, the engine) says; every code yields each kind of quiz its data supports; a quiz is
a pure function of (code, kind, level, seed). Data-driven over whatever the library holds."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import config, quiz
from adjudicator.engine import Ruling, adjudicate
from adjudicator.loader import law_files
from adjudicator.model import Code, ScoreTable, Where

CODE_IDS = [path.stem for path in law_files(config.laws_dir())]  # the file stem is the code id: no loading
SEEDS = (0, 1, 2)


def offering(library, kind: str) -> list[Code]:
    """The codes whose data yields ``kind`` (never none: the test would then test nothing)."""
    codes = [code for code in library.codes.values() if kind in quiz.supported(code)]
    assert codes, f"no code offers {kind!r} items"
    return codes


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def cited(code: Code, cites) -> set[str]:
    return {c.number for c in cites if c.number in code.laws}


def examples(code: Code) -> dict[str, set[str]]:
    """Every example of conduct of the code's etiquette (by its words) -> the lists it is in."""
    found: dict[str, set[str]] = {}
    for item in code.etiquette.values():
        for verdict, sentences in (("proper", item.proper), ("improper", item.improper)):
            for sentence in sentences:
                found.setdefault(_key(sentence), set()).add(verdict)
    return found


def expected_kinds(code: Code) -> set[str]:
    """Which kinds the data supports, judged from the data directly (not by the generator)."""
    kinds = set()
    for irregularity in code.irregularities.values():
        if len({_key(r.title) for r in irregularity.remedies.values()}) >= 2:
            kinds.add("ruling")
        laws = set().union(
            cited(code, irregularity.cites), *(cited(code, r.cites) for r in irregularity.remedies.values())
        )
        if laws and set(code.laws) - laws:
            kinds.add("which-law")
    if len({_key(i.text) for i in code.etiquette.values()}) >= 2:
        kinds.add("etiquette")
    if any(len(verdicts) == 1 for verdicts in examples(code).values()):
        kinds.add("proper-or-not")
    if len({_key(t.definition) for t in code.glossary.values()}) >= 2:
        kinds.add("glossary")
    figures = {
        n
        for v in code.score_values.values()
        for n in (v.value.values() if isinstance(v.value, dict | type(code.roles)) else [v.value])
        if isinstance(n, int)
    }
    rows = [t for t in code.score_tables if len([r for r in t.rows if len(r) == len(t.columns)]) >= 2]
    if len(figures) >= 2 or rows:
        kinds.add("scoring")
    return kinds


def check_choices(item: quiz.Item) -> None:
    assert 2 <= len(item.choices) <= quiz.MAX_CHOICES, item.id
    texts = [_key(c.text) for c in item.choices]
    assert len(set(texts)) == len(texts), f"{item.id}: two choices read the same"
    assert 0 <= item.answer < len(item.choices)
    assert item.prompt and all(item.situation) and all(c.text for c in item.choices)


def check_ruling_item(code: Code, item: quiz.Item) -> Ruling:
    """The property: the engine, given the item's facts, rules exactly the marked answer."""
    ruling = adjudicate(code, item.irregularity, item.facts)
    assert isinstance(ruling, Ruling), f"{item.id}: the facts leave a question open"
    assert ruling.is_certain and ruling.remedy is not None, item.id
    assert ruling.code.id == code.id, item.id
    assert ruling.remedy.id == item.remedy, item.id
    irregularity = ruling.irregularity
    if item.kind == "ruling":
        assert item.correct.ref == ruling.remedy.id and item.correct.text == ruling.remedy.title
        # the situation is the because-path, told in its own fact sentences
        assert list(item.situation[1:]) == [step.fact for step in ruling.outcomes[0].steps], item.id
        assert irregularity.title in item.situation[0]
        for choice in item.choices:  # every choice is one of this irregularity's own remedies
            assert choice.ref in irregularity.remedies and irregularity.remedies[choice.ref].title == choice.text
        wrong = [c for i, c in enumerate(item.choices) if i != item.answer]
        assert all(_key(c.text) != _key(ruling.remedy.title) for c in wrong)
        assert set(item.laws) == cited(code, ruling.remedy.cites)
    else:
        assert item.correct.ref in cited(code, ruling.remedy.cites), item.id
        everything = set().union(
            cited(code, irregularity.cites), *(cited(code, r.cites) for r in irregularity.remedies.values())
        )
        for i, choice in enumerate(item.choices):
            assert choice.ref in code.laws and choice.text == quiz.law_label(code.laws[choice.ref])
            if i != item.answer:
                assert choice.ref not in everything, f"{item.id}: {choice.ref} is cited for this irregularity"
    return ruling


# ---------------------------------------------------------------- every code, every kind


def _told(item) -> tuple[str, ...]:
    """The facts an item tells (a figure is told by its prompt alone)."""
    return item.situation or (item.prompt,)


def _ruled(item) -> tuple[str, str] | None:
    return (item.irregularity, item.remedy) if item.irregularity and item.remedy else None


@pytest.mark.parametrize("code_id", CODE_IDS)
def test_every_code_yields_each_kind_its_data_supports(library, code_id):
    code = library.code(code_id)
    assert set(quiz.supported(code)) == expected_kinds(code)
    for level, kinds in quiz.levels(code).items():
        assert set(kinds) <= set(quiz.LEVELS[level])
        made = quiz.make_quiz(code, level=level, seed=7, size=quiz.MAX_SIZE)
        available = sum(quiz.supported(code)[k] for k in kinds)
        assert len(made.items) <= min(quiz.MAX_SIZE, available)
        if len(made.items) < min(quiz.MAX_SIZE, available):  # short only because the rest would repeat a situation
            asked = {_told(i) for i in made.items} | {_ruled(i) for i in made.items if _ruled(i)}
            for k in kinds:
                for item in quiz.bank(code, k):
                    assert _told(item) in asked or _ruled(item) in asked, f"{code_id}: {item.id} left out"
        assert {i.kind for i in made.items} == set(kinds) or len(made.items) < len(kinds)
    for kind, count in quiz.supported(code).items():
        made = quiz.make_quiz(code, kind=kind, seed=3, size=5)
        assert len(made.items) == min(5, count) and {i.kind for i in made.items} == {kind}


def test_the_library_yields_every_kind_somewhere(library):
    assert sorted(CODE_IDS) == sorted(library.codes)
    kinds = set().union(*(quiz.supported(c) for c in library.codes.values()))
    expected = set().union(*(expected_kinds(c) for c in library.codes.values()))
    assert kinds == expected and "ruling" in kinds


# ---------------------------------------------------------------- the property: the answer is the engine's ruling


def test_every_ruling_item_is_what_the_engine_rules(library, subtests):
    for code in offering(library, "ruling"):
        with subtests.test(code=code.id):
            for seed in SEEDS:
                items = quiz.bank(code, "ruling", seed)
                assert items
                for item in items:
                    check_choices(item)
                    check_ruling_item(code, item)
            # one item per clear path, and every remedy some clear path reaches is asked about
            items = quiz.bank(code, "ruling")
            assert len({i.id for i in items}) == len(items)
            for irregularity in code.irregularities.values():
                if len({_key(r.title) for r in irregularity.remedies.values()}) < 2:
                    continue
                reached = {p.remedy.id for p in quiz.clear_paths(irregularity)}
                asked = {i.remedy for i in items if i.irregularity == irregularity.id}
                assert asked == reached, irregularity.id


def test_every_which_law_item_names_a_law_the_ruling_rests_on(library, subtests):
    for code in offering(library, "which-law"):
        with subtests.test(code=code.id):
            for seed in SEEDS:
                for item in quiz.bank(code, "which-law", seed):
                    check_choices(item)
                    check_ruling_item(code, item)


def test_which_law_distractors_come_from_the_same_section_first(library, subtests):
    for code in offering(library, "which-law"):
        with subtests.test(code=code.id):
            for item in quiz.bank(code, "which-law"):
                irregularity = code.irregularities[item.irregularity]
                law = code.laws[item.correct.ref]
                excluded = set().union(
                    cited(code, irregularity.cites), *(cited(code, r.cites) for r in irregularity.remedies.values())
                )
                section = {
                    _key(quiz.law_label(o))
                    for o in code.laws.values()
                    if o.section == law.section and o.number not in excluded and irregularity.id not in o.topics
                } - {_key(item.correct.text)}
                wrong = [_key(c.text) for i, c in enumerate(item.choices) if i != item.answer]
                from_section = [t for t in wrong if t in section]
                assert len(from_section) == min(len(section), quiz.MAX_CHOICES - 1), item.id


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    kind=st.sampled_from(["ruling", "which-law", quiz.MIXED]),
    seed=st.integers(0, quiz.MAX_SEED),
    size=st.integers(1, quiz.MAX_SIZE),
)
def test_any_director_quiz_marks_the_engines_ruling(library, data, kind, seed, size):
    code = data.draw(st.sampled_from(offering(library, "ruling")), label="code")
    made = quiz.make_quiz(code, kind=kind, level="director", seed=seed, size=size)
    assert made.items
    for item in made.items:
        check_choices(item)
        check_ruling_item(code, item)


# ---------------------------------------------------------------- the player's kinds come from the data


def test_etiquette_items_are_the_codes_own_items(library, subtests):
    for code in offering(library, "etiquette"):
        with subtests.test(code=code.id):
            texts = {_key(i.text) for i in code.etiquette.values()}
            whys = {_key(i.why) for i in code.etiquette.values() if i.why}
            for item in quiz.bank(code, "etiquette"):
                check_choices(item)
                source = code.etiquette[item.source]
                if item.id.startswith("etiquette:why:"):
                    assert item.correct.text == source.why and item.situation == (source.text,)
                    assert all(_key(c.text) in whys for c in item.choices)
                else:
                    assert item.correct.text == source.text and source.title in item.situation[0]
                    assert all(_key(c.text) in texts for c in item.choices)
                    assert item.explanation == source.why


def conduct(library) -> list[Code]:
    """The codes with examples of conduct (proper or improper) in their etiquette."""
    return [code for code in library.codes.values() if examples(code)]


def test_every_code_with_etiquette_has_examples_of_conduct(library):
    assert conduct(library) and [c for c in library.codes.values() if c.etiquette] == conduct(library)


@pytest.mark.parametrize("code_id", CODE_IDS)  # every code with etiquette: the test above says which
def test_every_example_of_conduct_is_asked_and_marked_with_the_list_it_came_from(library, code_id):
    code = library.code(code_id)
    if not examples(code):
        assert "proper-or-not" not in quiz.supported(code) and quiz.bank(code, "proper-or-not") == []
        return
    assert "proper-or-not" in quiz.supported(code)
    for seed in SEEDS:
        items = quiz.bank(code, "proper-or-not", seed)
        # one item per example, each example once: the sentence is the whole situation
        assert sorted(_key(i.situation[0]) for i in items) == sorted(examples(code))
        for item in items:
            check_choices(item)
            assert item.situation == (item.situation[0],) and item.prompt == "Is this proper?"
            assert [(c.ref, c.text) for c in item.choices] == [("proper", "Proper"), ("improper", "Not proper")]
            source = code.etiquette[item.source]
            said = item.situation[0]
            lists = {"proper": source.proper, "improper": source.improper}
            assert said in lists[item.correct.ref], f"{item.id}: the marked answer is not the sentence's list"
            other = "improper" if item.correct.ref == "proper" else "proper"
            assert said not in lists[other]
            # the answer names the etiquette item, with its text and why, and the laws it refers to
            assert source.title in item.explanation and source.text in item.explanation
            assert (source.why or "") in item.explanation
            assert set(item.laws) == cited(code, source.see_also) and item.topic == source.id


def test_an_example_listed_both_ways_is_not_asked_and_one_listed_twice_is_asked_once(library):
    code = conduct(library)[0]
    first, second, *_ = code.etiquette.values()
    both, twice = "Doing the thing both ways.", "Doing the thing twice."
    changed = dataclasses.replace(
        code,
        etiquette={
            first.id: dataclasses.replace(first, proper=(both, twice), improper=()),
            second.id: dataclasses.replace(second, proper=(twice,), improper=(both, "Another thing.")),
        },
    )
    items = quiz.bank(changed, "proper-or-not")
    assert [(i.situation[0], i.source, i.correct.ref) for i in items] == [
        (twice, first.id, "proper"),
        ("Another thing.", second.id, "improper"),
    ]


def test_glossary_items_ask_a_terms_own_definition(library, subtests):
    for code in offering(library, "glossary"):
        with subtests.test(code=code.id):
            definitions = {_key(t.definition) for t in code.glossary.values()}
            items = quiz.bank(code, "glossary")
            assert len(items) == len(code.glossary)
            for item in items:
                check_choices(item)
                term = code.glossary[item.source]
                assert term.term in item.prompt and item.correct.text == term.definition
                assert all(_key(c.text) in definitions for c in item.choices)


def test_scoring_items_are_figures_of_the_codes_scoring(library, subtests):
    for code in offering(library, "scoring"):
        with subtests.test(code=code.id):
            tables = {t.id: t for t in code.score_tables}
            for item in quiz.bank(code, "scoring"):
                check_choices(item)
                what, _, ident = item.source.partition(":")
                if what == "table":
                    table = tables[ident]
                    column = next(
                        j for j, name in enumerate(table.columns) if item.prompt.startswith(name.rstrip("?:. "))
                    )
                    row = next(
                        r for r in table.rows if len(r) == len(table.columns) and item.situation[1].endswith(f"{r[0]}.")
                    )
                    assert item.correct.text == row[column]
                    cells = {_key(r[column]) for r in table.rows if len(r) == len(table.columns)}
                    assert all(_key(c.text) in cells for c in item.choices)
                else:
                    value = code.score_values[ident].value
                    numbers = value.values() if not isinstance(value, int) else [value]
                    assert int(item.correct.text) in numbers


@pytest.mark.parametrize("code_id", CODE_IDS)  # every code: a filtered list could come up empty and skip for good
def test_no_scoring_item_asks_or_offers_a_row_the_table_is_unsure_of(library, code_id):
    code = library.code(code_id)
    tables = {t.id: t for t in code.score_tables}
    asked = set()
    for item in quiz.bank(code, "scoring"):
        what, _, ident = item.source.partition(":")
        if what != "table":
            continue
        table, column = tables[ident], int(item.id.rsplit(":", 1)[1])
        rows = [r for r in table.rows if len(r) == len(table.columns)]
        row = next(r for r in rows if item.situation[1] == f"{table.columns[0]}: {r[0]}.")
        assert not table.is_unsure(row), item.id
        unsure = {_key(r[column]) for r in rows if table.is_unsure(r)} - {
            _key(r[column]) for r in rows if not table.is_unsure(r)
        }
        assert not {_key(c.text) for c in item.choices} & unsure, item.id
        asked.add(ident)
    assert asked >= {t.id for t in code.score_tables if t.unsure}, "a table with unsure rows yields no item"


def test_a_table_row_marked_unsure_is_never_asked_nor_a_choice(toy):
    """Of four rows, one gives no figure (a dash) and one is unsure: the two others make
    the only items, each offering the other's figure."""
    rows = (("Slam", "100"), ("Little slam", "\u2014"), ("Revoke", "50"), ("Chicane", "200"))
    table = ScoreTable("bonus", "Bonuses", ("Item", "Value"), rows, (), None, "toy", Where("t", 1), ("Chicane",))
    code = dataclasses.replace(next(iter(toy.codes.values())), score_tables=(table,), score_values={})
    items = list(quiz.bank(code, "scoring"))
    assert sorted((i.situation[1], i.correct.text) for i in items) == [("Item: Revoke.", "50"), ("Item: Slam.", "100")]
    assert all({c.text for c in i.choices} == {"50", "100"} for i in items)


# ---------------------------------------------------------------- a quiz is a pure function of its parameters


@pytest.mark.parametrize("code_id", CODE_IDS)
def test_the_same_seed_gives_the_same_quiz_and_a_shorter_one_is_its_start(library, code_id):
    code = library.code(code_id)
    for level in quiz.levels(code):
        first = quiz.make_quiz(code, level=level, seed=418203, size=10)
        assert first == quiz.make_quiz(code, level=level, seed=418203, size=10)
        assert quiz.make_quiz(code, level=level, seed=418203, size=5).items == first.items[:5]
        others = {quiz.make_quiz(code, level=level, seed=s, size=10).items for s in range(5)}
        assert len(others) > 1 or len(first.items) <= 1


def test_the_quiz_does_not_depend_on_the_process(library):
    """random.Random seeded with text is the same in every process (no hash randomisation)."""
    code_id = next(c.id for c in library.codes.values() if quiz.levels(c))
    script = (
        "from adjudicator import config, quiz; from adjudicator.loader import load_library\n"
        f"code = load_library(config.laws_dir()).code({code_id!r})\n"
        "level = next(iter(quiz.levels(code)))\n"
        "print([(i.id, i.answer) for i in quiz.make_quiz(code, level=level, seed=99).items])\n"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": s}
        ).stdout
        for s in ("1", "2")
    }
    assert len(runs) == 1


def test_topics_take_turns(library):
    code = next(c for c in library.codes.values() if len(c.irregularities) >= 3 and "ruling" in quiz.supported(c))
    made = quiz.make_quiz(code, kind="ruling", level="director", seed=5, size=3)
    assert len({i.topic for i in made.items}) == 3


def test_score_counts_the_right_picks(library):
    code = next(c for c in library.codes.values() if quiz.levels(c))
    made = quiz.make_quiz(code, level=next(iter(quiz.levels(code))), seed=1, size=4)
    right = [i.answer for i in made.items]
    assert made.score(right) == len(made.items)
    assert made.score([(a + 1) % len(i.choices) for a, i in zip(right, made.items, strict=True)]) == 0
    assert made.score(right[:2]) == min(2, len(made.items))


# ---------------------------------------------------------------- asking for what is not there


def test_an_unknown_kind_or_level_lists_the_valid_ones(library):
    code = next(iter(library.codes.values()))
    with pytest.raises(quiz.UnknownQuizKind) as info:
        quiz.make_quiz(code, kind="rulings", level="director")
    assert "did you mean 'ruling'" in str(info.value) and info.value.field == "kind"
    with pytest.raises(quiz.UnknownLevel) as info:
        quiz.make_quiz(code, level="expert")
    assert info.value.choices == list(quiz.LEVELS) and info.value.field == "level"


def test_a_kind_the_data_lacks_is_refused_with_the_kinds_it_has(toy):
    code = toy.code("toy-whist")  # the toy codes have no etiquette (a fixture: it does not change with laws/)
    assert "etiquette" not in quiz.supported(code)
    with pytest.raises(quiz.UnknownQuizKind) as info:
        quiz.make_quiz(code, kind="etiquette", level="player")
    assert set(info.value.choices) == {quiz.MIXED, *quiz.supported(code)}


def test_the_toy_library_yields_a_quiz(toy):
    for code in toy.codes.values():
        for level in quiz.levels(code):
            made = quiz.make_quiz(code, level=level, seed=1)
            for item in made.items:
                check_choices(item)
                if item.kind in ("ruling", "which-law"):
                    check_ruling_item(code, item)


def test_importing_the_quiz_leaves_flask_and_the_engine_out():
    script = (
        "import sys, adjudicator.quiz\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'flask', 'werkzeug', 'jinja2', 'yaml'} "
        "or m == 'adjudicator.engine')\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=config.ROOT)


# ---------------------------------------------------------------- the command: adjudicator quiz CODE


@pytest.fixture
def director_code(library) -> Code:
    return next(c for c in library.codes.values() if "director" in quiz.levels(c))


def run_cli(*argv: str) -> tuple[int, str]:
    import io

    from adjudicator.cli import main

    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_cli_json_is_the_quiz_with_its_answers(director_code):
    import json

    code = director_code
    status, text = run_cli("quiz", code.id, "--level", "director", "--seed", "12", "-n", "5", "--json")
    assert status == 0
    made = quiz.make_quiz(code, level="director", seed=12, size=5)
    assert [item["id"] for item in json.loads(text)["items"]] == [item.id for item in made.items]
    for data, item in zip(json.loads(text)["items"], made.items, strict=True):
        assert data["choices"][data["answer"]]["ref"] == item.correct.ref
        if item.kind == "ruling":
            assert data["remedy"]["id"] == item.remedy and data["laws"]


def test_cli_without_a_terminal_prints_the_sheet_then_the_answer_key(monkeypatch, director_code):
    code = director_code
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    status, text = run_cli("quiz", code.id, "--level", "director", "--seed", "12", "-n", "4")
    assert status == 0
    sheet, key = text.split("\nANSWER KEY\n")
    made = quiz.make_quiz(code, level="director", seed=12, size=4)
    for number, item in enumerate(made.items, 1):
        assert f"Question {number} of 4" in sheet and item.prompt in sheet
        assert f"{number}. Answer: {'ABCD'[item.answer]}." in key
    assert f"--seed 12 -n {len(made.items)}" in sheet.splitlines()[0]


def test_cli_runs_a_quiz_in_the_terminal_and_gives_the_score(monkeypatch, director_code):
    code = director_code
    made = quiz.make_quiz(code, level="director", seed=4, size=3)
    replies = iter(["x", *("ABCD"[i.answer].lower() for i in made.items)])
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(replies))
    status, text = run_cli("quiz", code.id, "--level", "director", "--seed", "4", "-n", "3")
    assert status == 0
    assert text.count("Right.") == len(made.items)
    assert f"Score: {len(made.items)} of {len(made.items)}" in text
    for item in made.items:
        for number in item.laws:
            assert f"Law {number}. {code.laws[number].title}" in text


def test_cli_stops_on_q_and_scores_what_was_answered(monkeypatch, director_code):
    code = director_code
    made = quiz.make_quiz(code, level="director", seed=4, size=3)
    wrong = "ABCD"[(made.items[0].answer + 1) % len(made.items[0].choices)]
    replies = iter([wrong, "q"])
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(replies))
    status, text = run_cli("quiz", code.id, "--level", "director", "--seed", "4", "-n", "3")
    assert status == 0 and "Not quite." in text and "Score: 0 of 1" in text


def test_cli_names_the_kinds_a_code_has(capsys):
    toy = Path(__file__).parent / "fixtures" / "laws"  # no etiquette in any toy code
    status, _ = run_cli("--laws", str(toy), "quiz", "toy-whist", "--kind", "etiquette")
    assert status == 1
    assert "unknown quiz kind 'etiquette'" in capsys.readouterr().err


# ---------------------------------------------------------------- paths that cannot be told are left out


def _graph():
    from adjudicator.model import Answer, Irregularity, Question, Remedy

    here = Where("test", 1)

    def remedy(rid: str) -> Remedy:
        return Remedy(rid, rid.title(), "now", None, (), None, None, (), None, None, "thing", "toy", here)

    def answer(aid: str, target: str, fact: str | None) -> Answer:
        return Answer(aid, aid, target, fact, here)

    asked = Question(
        "what",
        "What happened?",
        None,
        (
            answer("x", "first", "A card fell."),
            answer("y", "second", "A card fell."),  # the same words, another remedy: ambiguous
            answer("z", "first", "A card was led."),
            answer("w", "third", None),  # no fact sentence: cannot be told
        ),
        here,
    )
    remedies = {r: remedy(r) for r in ("first", "second", "third")}
    return Irregularity("thing", "A thing", "play", "", (), "what", {"what": asked}, remedies, (), "toy", here)


def test_paths_whose_facts_cannot_tell_the_remedy_are_skipped():
    graph = _graph()
    assert [p.answers for p in quiz.paths(graph)] == [(("what", "x"),), (("what", "y"),), (("what", "z"),)]
    clear = quiz.clear_paths(graph)
    assert [(p.answers, p.facts, p.remedy.id) for p in clear] == [((("what", "z"),), ("A card was led.",), "first")]


REPEAT_SEEDS = range(25)


@pytest.mark.parametrize("code_id", CODE_IDS)
def test_a_sheet_never_asks_the_same_situation_twice(library, code_id):
    """Over many seeds, every level and every kind: no two items of one sheet tell the same
    facts, or rule the same irregularity the same way (a "what is the ruling?" and a "which
    law?" on one path, or two paths to one remedy)."""
    code = library.code(code_id)
    kinds = [(quiz.MIXED, level) for level in quiz.levels(code)] + [(kind, "director") for kind in quiz.supported(code)]
    for kind, level in kinds:
        for seed in REPEAT_SEEDS:
            items = quiz.make_quiz(code, kind=kind, level=level, seed=seed, size=quiz.MAX_SIZE).items
            told = [_told(item) for item in items]
            assert len(set(told)) == len(told), f"{code_id} {kind} {level} seed {seed}: the same facts twice"
            ruled = [_ruled(i) for i in items if _ruled(i)]
            assert len(set(ruled)) == len(ruled), f"{code_id} {kind} {level} seed {seed}: one ruling asked twice"
