"""The command line: codes, laws, ask (non-interactive and interactive), errors."""

from __future__ import annotations

import io
import json

import pytest

from adjudicator import cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = cli.main(list(argv), out=out)
    return status, out.getvalue()


def test_codes_json_lists_every_code(library):
    status, out = run("codes", "--json")
    assert status == 0
    assert [c["id"] for c in json.loads(out)] == list(library.codes)


def test_laws_of_a_code_and_one_law(library):
    code = next(iter(library.codes.values()))
    number = next(iter(code.laws))
    status, out = run("laws", code.id, "--json")
    assert status == 0 and [law["number"] for law in json.loads(out)] == list(code.laws)
    status, out = run("laws", code.id, number, "--json")
    data = json.loads(out)
    assert data["number"] == number and data["text"] and data["text_label"].startswith("Digest")
    assert "cited_by" in data


def test_ask_json_gives_remedy_options_chooser_law_text_and_because():
    status, out = run("ask", "napoleon-hoffmann", "misdeal", "--answer", "hands-looked-at=no", "--json")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "ruling" and data["certain"]
    [outcome] = data["outcomes"]
    assert outcome["remedy"]["options"]["chooser"] == "any-player"
    assert outcome["remedy"]["options"]["choices"][0]["id"] == "fresh-deal"
    assert outcome["laws"][0]["number"] == "NAP-HGM-08" and outcome["laws"][0]["quotes"][0]["words"]
    assert outcome["because"][0]["fact"] == "A new deal was asked for before the hands were looked at."


def test_ask_with_not_sure_prints_the_alternatives():
    status, out = run("ask", "napoleon-hoffmann", "misdeal", "-a", "hands-looked-at=not-sure", "--json")
    data = json.loads(out)
    assert data["certain"] is False and data["unsure"] == ["hands-looked-at"]
    assert [o["remedy"]["id"] for o in data["outcomes"]] == ["deal-stands", "fresh-deal"]
    status, text = run("ask", "napoleon-hoffmann", "misdeal", "-a", "hands-looked-at=not-sure")
    assert (
        "It depends: 2 possible outcomes" in text
        and "IF: The hands had been looked at before anyone asked for a new deal." in text
    )


def test_ask_without_all_answers_names_the_next_question():
    status, out = run("ask", "napoleon-hoffmann", "revoke")
    assert status == 0 and "--answer shown=yes" in out


def test_unknown_names_exit_1_with_the_choices(capsys):
    assert run("ask", "napoleon-hofman", "revoke")[0] == 1
    err = capsys.readouterr().err
    assert "unknown code 'napoleon-hofman'; did you mean 'napoleon-hoffmann'?" in err
    assert run("ask", "napoleon-hoffmann", "revoke", "-a", "who-revoked=dealer")[0] == 1
    assert "valid answers: caller, opponent, not-sure" in capsys.readouterr().err


def test_malformed_answer_is_a_usage_error():
    with pytest.raises(SystemExit):
        run("ask", "napoleon-hoffmann", "revoke", "-a", "who-revoked")


def test_interactive_ask_numbers_choices_offers_help_and_goes_back(monkeypatch, library):
    replies = iter(["1", "2", "?", "b", "2", "2"])  # shown, opponent, help, back, opponent again, made
    monkeypatch.setattr("builtins.input", lambda prompt="": next(replies))
    out = io.StringIO()
    status = cli._interactive(library.code("napoleon-hoffmann"), "revoke", {}, out)
    text = out.getvalue()
    assert status == 0
    assert "1. The caller" in text and "Not sure" in text
    assert "the payments depend on the second playing" in text  # the help of the third question
    assert "The revoker pays the caller for everyone" in text


def test_schema_command_prints_a_json_schema():
    status, out = run("schema")
    assert status == 0 and json.loads(out)["title"].startswith("adjudicator law file")


def test_one_law_as_json_is_the_apis_law(library, client):
    """``laws CODE N --json`` prints what ``/api/v1/codes/CODE/laws/N`` returns, remedies'
    titles included in ``cited_by``."""
    code, number = next(
        (code, law.number)
        for code in library.codes.values()
        for law in code.laws.values()
        if code.citing(law.number)[1]
    )
    status, out = run("laws", code.id, number, "--json")
    data = json.loads(out)
    assert status == 0 and data["cited_by"]["remedies"]
    assert data == client.get(f"/api/v1/codes/{code.id}/laws/{number}").get_json()


def test_scoring_json_names_the_rows_each_table_is_unsure_of(library):
    code = next(c for c in library.codes.values() if any(t.unsure for t in c.score_tables))
    status, out = run("laws", code.id, "--topic", "scoring", "--json")
    tables = json.loads(out)["scoring"]["tables"]
    assert status == 0 and [t["unsure"] for t in tables] == [list(t.unsure) for t in code.score_tables]
    assert all(set(t["unsure"]) <= {row[0] for row in t["rows"]} for t in tables)
