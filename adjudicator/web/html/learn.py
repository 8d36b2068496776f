"""Learn: a section per code (etiquette and why, scoring, what can go wrong by phase of the
game) and quizzes drawn from the law data (adjudicator.quiz).

No accounts and nothing stored: a quiz is named by its parameters (level, kind, size and
seed), and the answers given so far travel in the address (``a=bda``, one letter a
question), so every page is a permalink and the score is worked out from the address.
Plain GET forms; no JavaScript.
"""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request
from werkzeug.wrappers import Response

from adjudicator import quiz
from adjudicator.errors import BadInput
from adjudicator.presentation import words
from adjudicator.web.params import LETTERS, QuizParams, new_quiz_seed, quiz_params, the_quiz
from adjudicator.web.presenters import learn as views
from adjudicator.web.presenters.common import Hidden
from adjudicator.web.state import library_of
from adjudicator.web.urls import learn_url, quiz_url

bp = Blueprint("learn", __name__, url_prefix="/learn")


@bp.get("")
def index() -> str:
    return render_template("learn/index.html", games=views.learn_games(library_of(current_app)))


@bp.get("/<code>")
def code(code: str) -> str:
    return render_template("learn/code.html", page=views.learn_page(library_of(current_app).code(code)))


@bp.get("/<code>/irregularities")
def irregularities(code: str) -> str:
    item = library_of(current_app).code(code)
    return render_template(
        "learn/irregularities.html",
        code_title=words.code_line(item),
        learn_url=learn_url(item.id),
        phases=views.lessons(item),
    )


# ---------------------------------------------------------------- taking a quiz


@bp.get("/<code>/quiz")
def question(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = quiz_params(item, request.args)
    if params.seed is None:  # a new quiz: give it a number, so that its address names it
        quiz.make_quiz(item, kind=params.kind, level=params.level, size=params.size)  # refuses a kind the data lacks
        return redirect(views.params_url("question", params, seed=new_quiz_seed(), a=None))
    made = the_quiz(item, params)
    if len(params.picks) >= len(made.items):
        return redirect(views.params_url("score_page", params))
    number = len(params.picks) + 1
    return render_template(
        "learn/question.html",
        head=views.header(item, params),
        item=views.item_view(item, made.items[number - 1], number, len(made.items)),
        hidden=[Hidden(k, str(v)) for k, v in params.query().items()],
        action=quiz_url("answer", item.id, {}),
        score=views.score(made, params.picks),
    )


@bp.get("/<code>/quiz/answer")
def answer(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = quiz_params(item, request.args)
    pick = request.args.get("pick", "")
    if params.seed is None:
        raise BadInput("'seed' names the quiz; start one from the Learn page", "seed")
    made = the_quiz(item, params)
    if len(params.picks) >= len(made.items):
        return redirect(views.params_url("score_page", params))
    if pick == "":  # no choice made: ask again
        return redirect(views.params_url("question", params))
    number = len(params.picks) + 1
    current = made.items[number - 1]
    if len(pick) != 1 or pick not in LETTERS[: len(current.choices)]:
        last = LETTERS[len(current.choices) - 1]
        raise BadInput(f"'pick' is one letter, a to {last}; got {pick[:20]!r}", "pick", value=pick[:20])
    done = QuizParams(params.code, params.level, params.kind, params.size, params.seed, params.picks + pick)
    view = views.item_view(item, current, number, len(made.items))
    shown = views.answer_view(item, current, number)
    last = number == len(made.items)
    return render_template(
        "learn/answer.html",
        head=views.header(item, done),
        item=view,
        chosen=view.choices[LETTERS.index(pick)],
        right=LETTERS.index(pick) == current.answer,
        remedy=shown.remedy,
        ruling_title=shown.ruling_title,
        about=shown.about,
        rule=shown.rule,
        laws=shown.laws,
        next_url=views.params_url("score_page" if last else "question", done),
        next_label="See your score" if last else "Next question",
        score=views.score(made, done.picks),
    )


@bp.get("/<code>/quiz/score")
def score_page(code: str) -> str:
    item = library_of(current_app).code(code)
    params = quiz_params(item, request.args)
    if params.seed is None:
        raise BadInput("'seed' names the quiz; start one from the Learn page", "seed")
    made = the_quiz(item, params)
    return render_template(
        "learn/score.html",
        head=views.header(item, params),
        score=views.score(made, params.picks),
        total=len(made.items),
        reviews=views.reviews(item, made, params.picks),
        continue_url=views.params_url("question", params) if len(params.picks) < len(made.items) else None,
    )


@bp.get("/<code>/quiz/sheet")
def sheet(code: str) -> str | Response:
    item = library_of(current_app).code(code)
    params = quiz_params(item, request.args)
    if params.seed is None:
        quiz.make_quiz(item, kind=params.kind, level=params.level, size=params.size)
        return redirect(views.params_url("sheet", params, seed=new_quiz_seed(), a=None))
    made = the_quiz(item, QuizParams(params.code, params.level, params.kind, params.size, params.seed))
    return render_template(
        "learn/sheet.html",
        head=views.header(item, params),
        seed=params.seed,
        items=[views.item_view(item, one, n, len(made.items)) for n, one in enumerate(made.items, 1)],
        start_url=views.params_url("question", params, a=None),
        start_address=quiz_url("question", item.id, params.query(a=None), external=True),
    )
