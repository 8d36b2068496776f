"""Napoleon's two codes against the digest: every law and none invented, the settlements of
the comparison table as data, the stakes of every remedy, the same ids for the same facts."""

from __future__ import annotations

import io
import json
import re

import pytest

from adjudicator import cli

HOFFMANN = [f"NAP-HGM-{n:02d}" for n in range(1, 22)]
FOSTER = [f"NAP-FOS-{n:02d}" for n in range(1, 16)]
SEEDED = {"napoleon-hoffmann": HOFFMANN[:13], "napoleon-foster": FOSTER[:3]}

# per opponent, in stakes (Hoffmann) or counters (Foster): (made, lost)
SETTLEMENTS = {
    "napoleon-hoffmann": {
        "call-one": (1, 1),
        "call-two": (2, 2),
        "call-three": (3, 3),
        "call-four": (4, 4),
        "misery": (3, 3),
        "nap": (10, 5),
        "nap-penny-rounded": (12, 6),
        "wellington": (20, 10),
        "sir-garnet": (10, 5),
        "dealer-compulsory-call": (1, 1),
    },
    "napoleon-foster": {
        "call-one": (1, 1),
        "call-two": (2, 2),
        "call-three": (3, 3),
        "call-four": (4, 4),
        "misere": (3, 3),
        "nap": (10, 5),
        "nap-penny": (12, 6),
        "wellington": (10, 10),
        "blucher": (10, 20),
    },
}

IRREGULARITIES = {
    "napoleon-hoffmann": {
        "revoke",
        "misdeal",
        "card-exposed-in-dealing",
        "faced-card",
        "imperfect-pack",
        "cutting-irregularity",
        "wrong-number-of-cards",
        "change-of-call",
        "all-passed",
        "lead-out-of-turn",
        "play-out-of-turn",
    },
    "napoleon-foster": {
        "revoke",
        "misdeal",
        "card-exposed-in-dealing",
        "faced-card",
        "cutting-irregularity",
        "deal-out-of-turn",
        "wrong-number-of-cards",
        "change-of-call",
        "all-passed",
        "lead-out-of-turn",
        "play-out-of-turn",
        "inspecting-tricks",
    },
}


PAYMENT = re.compile(r"(?<!neither )(?<!nobody )\bpays (?!nothing|anything|nor)")
"""A remedy whose plain words say someone pays someone (not "pays nothing", "neither pays ...")."""


def laws_json(code_id: str) -> list[dict]:
    out = io.StringIO()
    assert cli.main(["laws", code_id, "--json"], out=out) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize(("code_id", "numbers"), [("napoleon-hoffmann", HOFFMANN), ("napoleon-foster", FOSTER)])
def test_every_law_of_the_digest_is_listed_and_none_invented(code_id, numbers):
    listed = [law["number"] for law in laws_json(code_id)]
    assert listed == numbers
    assert len(listed) == {"napoleon-hoffmann": 21, "napoleon-foster": 15}[code_id]


@pytest.mark.parametrize("code_id", sorted(SEEDED))
def test_the_seeded_laws_quote_the_seed_and_the_rest_are_digests_of_the_full_text(library, code_id):
    code = library.code(code_id)
    for number, law in code.laws.items():
        if number in SEEDED[code_id]:
            assert law.basis == "seed" and law.quotes, number
            assert all(code.sources[q.source].seed is not None for q in law.quotes), number
        else:
            assert law.basis == "full-text" and not law.quotes, number


def test_both_codes_are_napoleon_and_stand_alone_with_the_general_laws_behind_them(library):
    codes = [library.code("napoleon-hoffmann"), library.code("napoleon-foster")]
    assert {c.game for c in codes} == {"napoleon"}
    assert all(c.extends is None for c in codes)
    assert all(c.fallback is not None and c.fallback.id == "general-laws-foster" for c in codes)


@pytest.mark.parametrize("code_id", sorted(SETTLEMENTS))
def test_each_call_is_settled_per_opponent_as_the_comparison_table_says(library, code_id):
    values = library.code(code_id).score_values
    for call, (made, lost) in SETTLEMENTS[code_id].items():
        value = dict(values[call].value)
        paid_to = next(v for k, v in value.items() if k.startswith("each-opponent-pays-"))
        paid_by = next(v for k, v in value.items() if k.endswith("-pays-each-opponent"))
        assert (paid_to, paid_by) == (made, lost), call


def test_hoffmann_has_no_blucher_and_foster_reports_the_english_doubling(library):
    assert library.code("napoleon-hoffmann").score_values["blucher"].value == "not-in-this-code"
    foster = library.code("napoleon-foster").score_values
    assert dict(foster["wellington-in-england"].value) == {"each-opponent-pays-caller": 20}
    assert dict(foster["blucher-in-england"].value) == {"each-opponent-pays-caller": 30}


def test_the_pools_are_fed_as_each_author_says(library):
    hoffmann = library.code("napoleon-hoffmann").score_values
    foster = library.code("napoleon-foster").score_values
    assert dict(hoffmann["peep"].value) == dict(foster["peep"].value) == {"peeper-pays-pool": 1}
    assert dict(hoffmann["purchase"].value) == dict(foster["purchase"].value) == {"buyer-pays-pool-per-card": 1}
    assert dict(foster["pool-opening"].value) == {"each-player-pays-pool": 2}
    assert dict(foster["pool-feeding"].value) == {"dealer-pays-pool": 2}
    assert dict(foster["pool-revoke"].value) == {"offender-pays-pool": 5}
    assert dict(foster["pool-lead-out-of-turn"].value) == {"offender-pays-pool": 3}
    assert foster["failed-nap-and-pool"].value == "doubles-the-pool"
    assert hoffmann["failed-nap-and-pool"].value == "nothing"


@pytest.mark.parametrize("code_id", sorted(IRREGULARITIES))
def test_every_irregularity_the_digest_describes_has_its_canonical_id(library, code_id):
    assert set(library.code(code_id).irregularities) == IRREGULARITIES[code_id]


@pytest.mark.parametrize("code_id", sorted(IRREGULARITIES))
def test_every_remedy_that_moves_money_says_who_pays_whom(library, code_id):
    code = library.code(code_id)
    for irregularity in code.irregularities.values():
        for remedy in irregularity.remedies.values():
            stakes = [e for e in remedy.effects if e.kind == "stakes"]
            if PAYMENT.search(remedy.now):
                assert stakes, f"{irregularity.id}/{remedy.id}"
            for effect in stakes:
                assert (effect.from_ and effect.to) or effect.detail, f"{irregularity.id}/{remedy.id}"


def test_the_same_fact_is_asked_with_the_same_question_under_both_codes(library):
    hoffmann, foster = library.code("napoleon-hoffmann"), library.code("napoleon-foster")
    for irregularity, question in [
        ("revoke", "who-revoked"),
        ("wrong-number-of-cards", "caller-hand"),
        ("change-of-call", "what-changed"),
        ("lead-out-of-turn", "who-offended"),
        ("play-out-of-turn", "who-offended"),
    ]:
        answers = [
            [a.id for a in code.irregularities[irregularity].questions[question].answers] for code in (hoffmann, foster)
        ]
        assert answers[0] == answers[1], (irregularity, question)


@pytest.mark.parametrize("code_id", sorted(IRREGULARITIES))
def test_the_glossary_finds_the_game_s_words_and_their_synonyms(library, code_id):
    words = set()
    for term in library.code(code_id).glossary.values():
        words.add(term.term.lower())
        words.update(s.lower() for s in term.synonyms)
    wanted = {"nap", "napoleon", "misère", "misery", "wellington", "blücher", "blucher", "peep", "purchase"}
    assert wanted | {"pool", "kitty", "revoke", "renounce", "renege"} <= words


def test_the_two_codes_rule_the_revoke_oppositely_and_each_says_which_rule_it_is(library):
    """Hoffmann plays the hand again (the English rule); Foster abandons the hands and the
    offender pays all (his own rule, which he sets against the English one)."""
    from adjudicator.engine import Ruling, adjudicate

    hoffmann, foster = library.code("napoleon-hoffmann"), library.code("napoleon-foster")
    replay = adjudicate(hoffmann, "revoke", {"shown": "yes", "who-revoked": "opponent", "replayed": "not-yet"})
    abandon = adjudicate(foster, "revoke", {"shown": "yes", "who-revoked": "opponent", "adversary-pool-game": "no"})
    assert isinstance(replay, Ruling) and isinstance(abandon, Ruling)
    assert [e.kind for e in replay.remedy.effects] == ["replay"]
    assert replay.remedy.next.deal == "replayed"
    assert "game-abandoned" in [e.kind for e in abandon.remedy.effects]
    assert abandon.remedy.next.deal == "ends"
    assert "English" in hoffmann.irregularities["revoke"].summary
    assert (
        "abandoned" in foster.irregularities["revoke"].summary and "English" in foster.irregularities["revoke"].summary
    )


@pytest.mark.parametrize("code_id", sorted(IRREGULARITIES))
def test_napoleon_declares_its_game_and_offers_no_partners_consultation(library, code_id):
    from adjudicator.engine import available

    code = library.code(code_id)
    assert code.features == {"tricks", "trumps", "bidding", "stakes"}
    assert code.players == (2, 6)
    offered = {i.id for i, _ in available(code)}
    assert "penalty-consultation" not in offered  # each plays for himself: no partners to consult
    assert "call-out-of-turn" in offered  # the general laws answer where both authors are silent
