"""Learn pages and quizzes on the site and in the API, tested by meaning with BeautifulSoup,
data-driven over whatever the library holds: every code's Learn page, its irregularities by
phase, and a whole quiz of each level taken through plain GET forms."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from adjudicator import config, quiz
from adjudicator.engine import Ruling, adjudicate, available
from adjudicator.model import PHASES
from tests.web.conftest import CATALOGUE_WEIGHT, CODES, answers_of, check_page, headings, soup

ONE_KIND = "proper-or-not"
API = "/api/v1"


@pytest.fixture(scope="module")
def quizzes(library) -> list[tuple[str, str]]:
    """Each code's quiz levels."""
    return [(c.id, level) for c in library.codes.values() for level in quiz.levels(c)]


@pytest.fixture(scope="module")
def taken(library, quizzes) -> list[tuple[str, str, str]]:
    """The quizzes taken through the pages and the API: each level's mixed quiz, and a quiz
    of the one kind a mixed quiz may hold too few of ("is this proper?") under every code
    that has it."""
    return [(code_id, level, quiz.MIXED) for code_id, level in quizzes] + [
        (c.id, "player", ONE_KIND) for c in library.codes.values() if ONE_KIND in quiz.supported(c)
    ]


def hrefs(page) -> set[str]:
    return {a["href"] for a in page.find_all("a", href=True)}


def query(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(url).query))


def answer_url(page, pick: str) -> str:
    """Where the question's form goes when the choice ``pick`` is checked and sent."""
    form = page.find("form", class_="quiz")
    pairs = [(i["name"], i["value"]) for i in form.find_all("input", type="hidden")]
    assert pick in [i["value"] for i in form.find_all("input", type="radio")]
    return f"{form['action']}?{urlencode([*pairs, ('pick', pick)])}"


def start(client, code_id: str, **params) -> tuple[str, dict[str, str]]:
    """Start a quiz as the Learn page does (no seed): the site names it with a seed."""
    response = client.get(f"/learn/{code_id}/quiz", query_string=params)
    assert response.status_code == 302
    location = response.headers["Location"]
    named = query(location)
    assert re.fullmatch(r"[0-9]+", named["seed"]) and "a" not in named
    return location, named


# ---------------------------------------------------------------- the Learn pages


def test_every_page_links_to_learn(client):
    page = check_page(client.get("/"))
    nav = page.find("nav", attrs={"aria-label": "Site"})
    assert nav.find("a", string="Learn")["href"] == "/learn"
    # every section is /name, like /codes and /tools (Learn alone was /learn/, and /learn redirected)
    assert all(a["href"] == "/" or not a["href"].endswith("/") for a in nav.find_all("a")), nav


def test_learn_lists_every_code_by_game(client, library):
    page = check_page(client.get("/learn"))
    for code in library.codes.values():
        assert f"/learn/{code.id}" in hrefs(page)
    assert {t for lvl, t in headings(page) if lvl == 2} == {c[0].game_title for c in library.games().values()}


@pytest.mark.parametrize("code_id", CODES)
def test_a_codes_learn_page_teaches_etiquette_scoring_and_what_can_go_wrong(client, library, code_id):
    code = library.code(code_id)
    page = check_page(client.get(f"/learn/{code_id}"))
    titles = [t for _, t in headings(page)]
    assert page.h1.get_text(strip=True).startswith("Learn:")
    if code.etiquette:
        rules = page.find_all("article", class_="rule")
        assert [r.h3.get_text(strip=True) for r in rules] == [e.title for e in code.etiquette.values()]
        for rule, item in zip(rules, code.etiquette.values(), strict=True):
            why = rule.find("p", class_="why").get_text(" ", strip=True)
            assert why.startswith("Why:") and (item.why or "The code gives no reason") in why
            for verdict, sentences in (("proper", item.proper), ("improper", item.improper)):
                listed = rule.find("ul", class_=verdict)
                shown = [li.get_text(" ", strip=True) for li in listed.find_all("li")] if listed else []
                assert shown == list(sentences), (item.id, verdict)
    else:
        assert "Etiquette" not in titles
    captions = [c.get_text(strip=True) for c in page.find_all("caption")]
    assert captions == [t.title for t in code.score_tables]
    if available(code):
        assert f"/learn/{code_id}/irregularities" in hrefs(page)
    levels = quiz.levels(code)
    if levels:
        form = page.find("form", class_="quiz-setup")
        assert form["method"] == "get" and form["action"] == f"/learn/{code_id}/quiz"
        assert form.find("fieldset").legend.get_text(strip=True) == "Level"
        assert [i["value"] for i in form.find_all("input", type="radio")] == list(levels)
        kinds = [o["value"] for o in form.find("select", id="kind").find_all("option")]
        assert kinds == [quiz.MIXED, *quiz.supported(code)]
        for level in levels:
            assert f"/learn/{code_id}/quiz?level={level}" in hrefs(page)
    assert not page.find("script")


@pytest.mark.parametrize("code_id", CODES)
def test_what_can_go_wrong_goes_phase_by_phase_with_what_the_law_can_do(client, library, code_id):
    code = library.code(code_id)
    page = check_page(client.get(f"/learn/{code_id}/irregularities"), weight=CATALOGUE_WEIGHT)
    expected = [PHASES[p] for p in PHASES if any(i.phase == p for i, _ in available(code))]
    assert [t for lvl, t in headings(page) if lvl == 2] == expected
    lessons = {a["id"]: a for a in page.find_all("article", class_="lesson")}
    assert list(lessons) == [i.id for phase in PHASES for i, _ in available(code) if i.phase == phase]
    for irregularity, fallback in available(code):
        lesson = lessons[irregularity.id]
        assert lesson.h3.get_text(strip=True) == irregularity.title
        links = lesson.find("ul", class_="remedies").find_all("a")
        assert [a.get_text(strip=True) for a in links] == [r.title for r in irregularity.remedies.values()]
        for link, remedy in zip(links, irregularity.remedies.values(), strict=True):
            result = adjudicate(code, irregularity.id, answers_of(link["href"]))
            assert isinstance(result, Ruling) and remedy.id in {o.remedy.id for o in result.outcomes}
        assert bool(lesson.find(class_="general")) == (fallback is not None)


# ---------------------------------------------------------------- taking a quiz through the forms


def check_rule(code, item, page) -> None:
    """An "is this proper?" answer names the etiquette item, links to it, shows its text and why."""
    rule = code.etiquette[item.source]
    answer = page.find("section", class_="answer")
    link = answer.find("p", class_="rule-name").a
    assert link["href"] == f"/codes/{code.id}/etiquette#{rule.id}" and rule.title in link.get_text()
    text = re.sub(r"\s", "", answer.get_text(" ", strip=True))  # the law references in it are links
    assert re.sub(r"\s", "", rule.text) in text and re.sub(r"\s", "", rule.why or "The code gives no reason") in text
    assert item.situation[0] in page.find(class_="situation").get_text(" ", strip=True)


def test_take_a_whole_quiz_and_see_the_score_with_the_laws(client, library, taken):
    for code_id, level, kind in taken:
        _take_a_whole_quiz_and_see_the_score_with_the_laws(client, library, code_id, level, kind)


def _take_a_whole_quiz_and_see_the_score_with_the_laws(client, library, code_id, level, kind):
    code = library.code(code_id)
    location, named = start(client, code_id, level=level, kind=kind, n="5")
    made = quiz.make_quiz(code, kind=kind, level=level, seed=int(named["seed"]), size=5)
    url = location
    for number, item in enumerate(made.items, 1):
        page = check_page(client.get(url))
        assert (
            page.find("p", class_="kicker").get_text(strip=True).startswith(f"Question {number} of {len(made.items)}")
        )
        fieldset = page.find("form", class_="quiz").fieldset
        assert fieldset.legend.h1.get_text(strip=True) == item.prompt
        labels = [lab.get_text(" ", strip=True) for lab in fieldset.find_all("label")]
        assert labels == [f"{'ABCD'[i]} {c.text}" for i, c in enumerate(item.choices)]
        situation = page.find(class_="situation")
        for line in item.situation:
            assert line in situation.get_text(" ", strip=True)
        right = "abcd"[item.answer]
        answered = client.get(answer_url(page, right))
        page = check_page(answered)
        assert page.h1.get_text(strip=True) == "Right"
        law_links = {f"/codes/{code_id}/laws/{n}" for n in item.laws}
        assert law_links <= hrefs(page.find("section", class_="laws") or page)
        if item.kind == "ruling":
            remedy = code.irregularities[item.irregularity].remedies[item.remedy]
            answer = page.find("section", class_="answer").get_text(" ", strip=True)
            assert re.sub(r"\s", "", remedy.now) in re.sub(r"\s", "", answer)
            if remedy.options:
                chooser = code.roles.get(remedy.options.chooser, remedy.options.chooser.replace("-", " "))
                assert chooser.lower() in answer.lower()
        if item.kind == ONE_KIND:
            check_rule(code, item, page)
        url = page.find("a", class_="cta")["href"]
        assert query(url)["a"] == "".join("abcd"[i.answer] for i in made.items[:number])
    assert "/quiz/score" in url
    page = check_page(client.get(url))
    assert page.h1.get_text(strip=True) == f"Your score: {len(made.items)} of {len(made.items)}"
    reviews = page.find("ol", class_="review").find_all("li", recursive=False)
    assert len(reviews) == len(made.items)
    for review, item in zip(reviews, made.items, strict=True):
        assert "right" in review["class"]
        for number in item.laws:
            assert review.find("a", href=f"/codes/{code_id}/laws/{number}")
        if item.kind == ONE_KIND:
            assert review.find("a", href=f"/codes/{code_id}/etiquette#{item.source}")


def test_wrong_answers_show_the_right_one_and_count_nothing(client, quizzes, library):
    code_id, level = quizzes[0]
    code = library.code(code_id)
    made = quiz.make_quiz(code, level=level, seed=31, size=3)
    picks = "".join("abcd"[(i.answer + 1) % len(i.choices)] for i in made.items)
    base = {"level": level, "kind": "mixed", "n": "3", "seed": "31"}
    page = check_page(client.get(f"/learn/{code_id}/quiz/answer", query_string={**base, "pick": picks[0]}))
    assert page.h1.get_text(strip=True) == "Not quite"
    correct = page.find("dd", class_="correct").get_text(" ", strip=True)
    assert correct == f"{'ABCD'[made.items[0].answer]}. {made.items[0].correct.text}"
    page = check_page(client.get(f"/learn/{code_id}/quiz/score", query_string={**base, "a": picks}))
    assert page.h1.get_text(strip=True) == f"Your score: 0 of {len(made.items)}"
    assert all("wrong" in li["class"] for li in page.find("ol", class_="review").find_all("li", recursive=False))


def test_the_score_lives_in_the_address_and_a_finished_quiz_goes_to_it(client, quizzes, library):
    code_id, level = quizzes[-1]
    made = quiz.make_quiz(library.code(code_id), level=level, seed=8, size=2)
    picks = "".join("abcd"[i.answer] for i in made.items)
    base = {"level": level, "kind": "mixed", "n": "2", "seed": "8"}
    response = client.get(f"/learn/{code_id}/quiz", query_string={**base, "a": picks})
    assert response.status_code == 302 and "/quiz/score" in response.headers["Location"]
    assert query(response.headers["Location"])["a"] == picks
    half = check_page(client.get(f"/learn/{code_id}/quiz/score", query_string={**base, "a": picks[:1]}))
    assert "You answered 1 of the" in half.get_text(" ", strip=True)
    assert half.find("a", string="Go on with the quiz")
    assert "Set-Cookie" not in response.headers


def test_a_quiz_page_is_the_same_every_time(client, quizzes):
    code_id, level = quizzes[0]
    url = f"/learn/{code_id}/quiz?level={level}&kind=mixed&n=10&seed=4242&a=a"
    assert client.get(url).data == client.get(url).data


def test_a_sent_form_without_a_choice_asks_again(client, quizzes):
    code_id, level = quizzes[0]
    response = client.get(f"/learn/{code_id}/quiz/answer?level={level}&n=5&seed=3")
    assert response.status_code == 302 and "/quiz?" in response.headers["Location"]


def test_the_printed_sheet_has_every_question_then_the_answer_key(client, library, taken):
    for code_id, level, kind in taken:
        _the_printed_sheet_has_every_question_then_the_answer_key(client, library, code_id, level, kind)


def _the_printed_sheet_has_every_question_then_the_answer_key(client, library, code_id, level, kind):
    code = library.code(code_id)
    page = check_page(client.get(f"/learn/{code_id}/quiz/sheet?level={level}&kind={kind}&n=20&seed=77"))
    made = quiz.make_quiz(code, kind=kind, level=level, seed=77, size=20)
    assert page.body["class"] == ["quiz-sheet"]
    questions = page.find("ol", class_="sheet").find_all("li", recursive=False)
    assert len(questions) == len(made.items)
    for question, item in zip(questions, made.items, strict=True):
        assert question.find("p", class_="asked").get_text(strip=True) == item.prompt
        assert [c.get_text(" ", strip=True) for c in question.find("ol", class_="letters").find_all("li")] == [
            " ".join(c.text.split()) for c in item.choices
        ]
    key = page.find("section", class_="answer-key")
    assert key.h2.get_text(strip=True) == "Answer key: quiz 77"
    letters = [li.strong.get_text(strip=True) for li in key.find_all("li")]
    assert letters == ["ABCD"[i.answer] for i in made.items]
    for line, item in zip(key.find_all("li"), made.items, strict=True):
        if item.kind == ONE_KIND:  # the key names the etiquette item the answer rests on
            assert code.etiquette[item.source].title in line.get_text(" ", strip=True)


def test_the_print_stylesheet_puts_the_answer_key_on_a_page_of_its_own():
    css = (config.ROOT / "static" / "site.css").read_text()
    prints = re.findall(r"@media print \{(.*?)\n\}", css, re.S)
    assert any(re.search(r"\.answer-key \{[^}]*break-before: page", block) for block in prints)


def test_a_new_sheet_gets_a_number(client, quizzes):
    code_id, level = quizzes[0]
    response = client.get(f"/learn/{code_id}/quiz/sheet?level={level}")
    assert response.status_code == 302 and "seed=" in response.headers["Location"]


# ---------------------------------------------------------------- what the address may not say


ANSWERS_NOT_IN_QUIZ = (
    "This address holds answers that this quiz does not have: each answer is one of the letters shown."
)


@pytest.mark.parametrize(
    "params,said",
    [
        ({"level": "expert"}, "There is no quiz for the level \u201cexpert\u201d."),
        ({"kind": "rulings"}, "There is no kind of quiz question \u201crulings\u201d."),
        ({"n": "0"}, "A quiz has 1 to 20 questions; this address asks for \u201c0\u201d."),
        ({"n": "21"}, "A quiz has 1 to 20 questions; this address asks for \u201c21\u201d."),
        ({"seed": "x"}, "This address does not say which quiz it is: its number is missing or not a number."),
        ({"seed": "1", "a": "zz"}, ANSWERS_NOT_IN_QUIZ),
        ({"seed": "1", "a": "a" * 21}, ANSWERS_NOT_IN_QUIZ),
    ],
)
def test_a_bad_quiz_address_is_a_400_that_says_what_is_wrong_in_words(client, quizzes, params, said):
    code_id, level = quizzes[0]
    response = client.get(f"/learn/{code_id}/quiz", query_string={"level": level, **params})
    page = check_page(response, 400)
    assert page.h1.get_text(strip=True) == said


def test_more_answers_than_questions_or_choices_are_refused(client, quizzes, library):
    code_id, level = quizzes[0]
    made = quiz.make_quiz(library.code(code_id), level=level, seed=1, size=2)
    check_page(client.get(f"/learn/{code_id}/quiz?level={level}&n=2&seed=1&a=aaa"), 400)
    too_far = "abcdefgh"[len(made.items[0].choices)]
    check_page(client.get(f"/learn/{code_id}/quiz?level={level}&n=2&seed=1&a={too_far}"), 400)
    check_page(client.get(f"/learn/{code_id}/quiz/answer?level={level}&n=2&seed=1&pick=zz"), 400)


def test_a_kind_the_code_lacks_lists_the_kinds_it_has(client, library):
    code = next((c for c in library.codes.values() if "etiquette" not in quiz.supported(c)), None)
    if code is None:
        pytest.skip("every code has etiquette")
    page = check_page(client.get(f"/learn/{code.id}/quiz?kind=etiquette"), 404)  # no such quiz
    text = page.get_text(" ", strip=True)
    for kind in quiz.supported(code):
        assert kind in text


def test_an_unknown_code_is_a_404(client):
    check_page(client.get("/learn/no-such-code"), 404)
    check_page(client.get("/learn/no-such-code/quiz"), 404)


# ---------------------------------------------------------------- the API


def test_the_api_quiz_is_the_same_quiz_with_its_answers(client, library, taken):
    for code_id, level, kind in taken:
        _the_api_quiz_is_the_same_quiz_with_its_answers(client, library, code_id, level, kind)


def _the_api_quiz_is_the_same_quiz_with_its_answers(client, library, code_id, level, kind):
    code = library.code(code_id)
    asked = {"code": code_id, "level": level, "kind": kind, "seed": "5", "n": "5"}
    data = client.get(f"{API}/quiz", query_string=asked).get_json()  # the client checks it against the OpenAPI
    made = quiz.make_quiz(code, kind=kind, level=level, seed=5, size=5)
    assert [(i["id"], i["answer"]) for i in data["items"]] == [(i.id, i.answer) for i in made.items]
    assert query(data["permalink"]) == {"level": level, "kind": kind, "n": "5", "seed": "5"}
    assert client.get(data["permalink"]).status_code == 200 and client.get(data["sheet"]).status_code == 200
    for item in data["items"]:
        if item["kind"] == "ruling":
            ruling = adjudicate(code, item["irregularity"]["id"], item["facts"])
            assert item["choices"][item["answer"]]["ref"] == ruling.remedy.id == item["remedy"]["id"]
            assert [law["number"] for law in item["laws"]] == [
                c.number for c in ruling.remedy.cites if c.number in code.laws
            ]
        if item["kind"] == ONE_KIND:  # the marked answer is the list the sentence comes from
            rule = code.etiquette[item["source"]]
            marked = item["choices"][item["answer"]]["ref"]
            assert item["situation"][0] in {"proper": rule.proper, "improper": rule.improper}[marked]


def test_the_api_names_a_new_quiz_by_its_seed(client, quizzes):
    code_id, level = quizzes[0]
    first = client.get(f"{API}/quiz", query_string={"code": code_id, "level": level}).get_json()
    again = client.get(f"{API}/quiz", query_string={"code": code_id, "level": level, "seed": first["seed"]}).get_json()
    assert first == again


@pytest.mark.parametrize(
    "params,status,field",
    [
        ({}, 400, "code"),
        ({"code": "no-such-code"}, 404, "code"),
        ({"code": CODES[0], "level": "expert"}, 400, "level"),
        ({"code": CODES[0], "seed": "-1"}, 400, "seed"),
        ({"code": CODES[0], "a": "ab"}, 400, "a"),
    ],
)
def test_the_api_refuses_a_bad_quiz_request_naming_the_field(client, params, status, field):
    response = client.get(f"{API}/quiz", query_string=params)
    assert response.status_code == status
    assert response.get_json()["error"]["field"] == field


def test_the_quiz_pages_and_the_api_send_the_security_headers(client, quizzes):
    code_id, level = quizzes[0]
    for url in (f"/learn/{code_id}", f"/learn/{code_id}/quiz?level={level}&seed=1", f"{API}/quiz?code={code_id}"):
        response = client.get(url)
        assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert "Set-Cookie" not in response.headers
    page = soup(client.get(f"/learn/{code_id}/quiz?level={level}&seed=1"))
    assert not page.find("script") and not page.find(attrs={"style": True})


# ---------------------------------------------------------------- work done once


def test_an_answer_builds_its_quiz_once_and_refuses_a_pick_past_the_choices(client, monkeypatch, quizzes, library):
    code_id, level = quizzes[0]
    made = quiz.make_quiz(library.code(code_id), level=level, seed=5, size=2)
    built = []
    real = quiz.make_quiz
    monkeypatch.setattr(quiz, "make_quiz", lambda *a, **k: built.append(1) or real(*a, **k))
    base = {"level": level, "kind": "mixed", "n": "2", "seed": "5"}
    check_page(client.get(f"/learn/{code_id}/quiz/answer", query_string={**base, "pick": "a"}))
    assert len(built) == 1
    too_far = "abcdefgh"[len(made.items[0].choices)]
    page = check_page(client.get(f"/learn/{code_id}/quiz/answer", query_string={**base, "pick": too_far}), 400)
    assert page.h1.get_text(strip=True) == ANSWERS_NOT_IN_QUIZ


def test_a_codes_learn_page_builds_only_its_scoring_not_the_whole_code_page(client, monkeypatch, library):
    from adjudicator.web.presenters import codes as views

    def code_page(*args, **kwargs):
        raise AssertionError("the Learn page needs the scoring tables and values only")

    monkeypatch.setattr(views, "code_page", code_page)
    code = next(c for c in library.codes.values() if c.score_tables)
    page = check_page(client.get(f"/learn/{code.id}"))
    assert page.find("caption", string=code.score_tables[0].title)
