"""The presentation of a ruling, written out by hand from the law files: the toy library
(tests/fixtures/laws) in full, and the three disputes of the seeds on the real laws.

Every expected value here is read off the YAML, never produced by the code under test.
"""

from __future__ import annotations

import pytest

from adjudicator.engine import adjudicate
from adjudicator.model import NOT_SURE
from adjudicator.presentation import words
from adjudicator.presentation.ruling import Question, Ruling, present, summary

FULL_TEXT = {
    "basis": "full-text",
    "basis_note": None,
    "basis_text": "Checked against the full text of the code.",
    "basis_notice": None,
    "sureness": "Checked against the full text of the code.",
}
"""How a law checked against the full text of its code reads (the basis the law files default to)."""
LAW_2 = {
    "number": "2",
    "title": "Lead out of turn",
    "name": "Law 2. Lead out of turn",
    "ref": "Law 2",
    "printed": True,
    "where_printed": None,
    "section": "play",
    "section_title": "Play",
    "code": "toy-whist",
    "origin": "toy-whist",
    "topics": [],
    "text": "A lead out of turn may be treated as an exposed card, or a suit may be called.",
    "text_label": "Digest (our summary, in our own words; not the code's text)",
    "quotes": [
        {
            "source": "T",
            "citation": "The test suite, Toy Whist, 2000",
            "kind": "law-text",
            "words": "Either adversary may call the card or call a suit.",
            "note": None,
            "label": "The code's own words, quoted",
        }
    ],
    "see_also": [],
    **FULL_TEXT,
    "sources": ["The test suite, Toy Whist, 2000"],
    "same_as": {},
    "notes": None,
}
OTHERS_NO = {
    "question": "others-played",
    "ask": "Had all the other players played to the lead?",
    "answer": "no",
    "label": "No",
    "fact": "Not all the others had played.",
    "assumed": False,
}
ADVERSARY = {
    "question": "who-led",
    "ask": "Who led out of turn?",
    "answer": "adversary",
    "label": "An adversary",
    "fact": "Who led out of turn? An adversary.",
    "assumed": False,
}
TOY_WHIST = {"id": "toy-whist", "title": "Toy Whist, test code", "edition": "first", "year": 1900, "game": "toy-whist"}
CALL_CARD_OR_SUIT = {
    "id": "call-card-or-suit",
    "title": "Call the card or a suit",
    "now": "The adversaries choose a penalty.",
    "options": {
        "chooser": "either-adversary",
        "chooser_label": "either adversary",
        "chooser_text": "Either adversary",
        "chooses": "Either adversary chooses",
        "consult": "allowed",
        "consult_text": "Partners may consult before choosing.",
        "consult_note": None,
        "until": "before the next lead",
        "choices": [
            {
                "id": "call-card",
                "text": "Treat the card as exposed.",
                "effects": [
                    {"kind": "card-exposed", "who": "offender", "who_label": "the offender",
                     "text": "Exposed card (the offender)"},
                ],
                "next": None,
            },
            {
                "id": "call-suit",
                "text": "Call a suit from the offender at his next lead.",
                "effects": [
                    {"kind": "suit-called", "who": "offender", "who_label": "the offender",
                     "text": "A suit may be called (the offender)"},
                ],
                "next": None,
            },
        ],
    },
    "effects": [],
    "until": None,
    "then": None,
    "next": None,
    "notes": None,
    "unsure": None,
    "call_director": None,
    "cites": ["2(a)"],
    "origin": "toy-whist",
}  # fmt: skip


@pytest.fixture
def whist(toy):
    return toy.code("toy-whist")


def test_a_ruling_with_a_choice_in_full(whist):
    """Lead out of turn, not all had played, an adversary led: either adversary calls the
    card or a suit, partners may consult, before the next lead; Law 2(a)."""
    ruling = present(adjudicate(whist, "lead-out-of-turn", {"others-played": "no", "who-led": "adversary"}))
    assert ruling.data() == {
        "kind": "ruling",
        "code": TOY_WHIST,
        "fallback_for": None,
        "fallback": None,
        "irregularity": {"id": "lead-out-of-turn", "title": "A lead out of turn"},
        "lead": "A lead out of turn: the ruling under Toy Whist, test code (1900)",
        "heading": "Call the card or a suit",
        "now": "The adversaries choose a penalty.",
        "certain": True,
        "to_settle": [],
        "call_director": None,
        "decided_under": "first, 1900; The test suite",
        "facts": [OTHERS_NO, ADVERSARY],
        "unsure": [],
        "outcomes": [
            {
                "key": [],
                "assumed": [],
                "because": [OTHERS_NO, ADVERSARY],
                "remedy": CALL_CARD_OR_SUIT,
                "laws": [{**LAW_2, "citation": "2(a)", "clause": True}],
            }
        ],
        "answers": {"others-played": "no", "who-led": "adversary"},
        "sources": [
            "Law 2: Checked against the full text of the code.",
            "Taken from: The test suite, Toy Whist, 2000.",
        ],
    }


def test_not_sure_gives_each_outcome_keyed_by_the_fact_and_the_facts_to_settle(whist):
    ruling = present(adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE, "who-led": "adversary"}))
    assert isinstance(ruling, Ruling) and not ruling.certain
    assert ruling.heading == "It depends: 2 possible outcomes"
    assert ruling.now == "It turns on what is not sure; the players (or the director) must settle:"
    assert ruling.to_settle == ["Had all the other players played to the lead?"]
    assert ruling.unsure == ["others-played"] and ruling.call_director is None
    assert [o.key for o in ruling.outcomes] == [
        ["All the others had played to the lead."],
        ["Not all the others had played."],
    ]
    assert [o.remedy.title for o in ruling.outcomes] == ["The trick stands", "Call the card or a suit"]
    assert ruling.answers == {"others-played": NOT_SURE, "who-led": "adversary"}


def test_a_remedy_our_sources_doubt_calls_the_director(whist):
    corrected = present(adjudicate(whist, "revoke", {"established": "no"}))
    [outcome] = corrected.outcomes
    assert outcome.remedy.unsure.data() == {
        "missing": "whether the card taken back becomes exposed",
        "decides": "either-adversary",
        "decides_label": "either adversary",
        "note": "Our digest is unsure whether the card becomes exposed.",
        "text": "Not known: whether the card taken back becomes exposed. Until it is settled, either adversary "
        "decides. Our digest is unsure whether the card becomes exposed.",
    }
    assert outcome.remedy.call_director == (
        "Call the director (or umpire). Our sources leave this open. Not known: whether the card taken back "
        "becomes exposed. Until it is settled, either adversary decides. Our digest is unsure whether the card "
        "becomes exposed."
    )
    assert outcome.remedy.next.data() == {
        "who": "offender",
        "who_label": "the offender",
        "does": "plays",
        "stands": "The cards played after it stand.",
        "lines": ["The offender plays next.", "The cards played after it stand."],
    }
    assert corrected.call_director is None  # one outcome: the remedy's own notice says it
    both = present(adjudicate(whist, "revoke", {"established": NOT_SURE}))
    assert both.call_director == (
        "Call the director (or umpire) if the outcome that applies is one our sources are not sure of."
    )


def test_an_effect_and_what_happens_next_in_words(whist):
    three = present(adjudicate(whist, "revoke", {"established": "yes"}))
    assert three.outcomes[0].remedy.next.lines == [
        "The deal is over: score it.",
        "For example: The offenders took eight tricks: they score five, the others eight.",
    ]
    [effect] = three.outcomes[0].remedy.effects
    assert effect.data() == {
        "kind": "tricks", "to": "non-offending-side", "to_label": "the non-offending side",
        "from": "offending-side", "from_label": "the offending side", "amount": 3,
        "text": "Tricks 3 from the offending side to the non-offending side",
    }  # fmt: skip


def test_the_general_laws_standing_in_say_so(whist):
    ruling = present(adjudicate(whist, "exposed-card", {"partner": "no"}))
    assert ruling.code.id == "toy-general" and ruling.fallback_for.id == "toy-whist"
    assert ruling.fallback == (
        "Toy Whist, test code (1900) has no law on this, so the general laws apply: General laws for tests "
        "(1897). They are weaker than a code's own law: a rule your table agreed prevails."
    )
    assert ruling.heading == "No penalty" and ruling.now == "No penalty; the offender only hurts himself."
    assert ruling.outcomes[0].laws[0].number == "G-1" and ruling.outcomes[0].laws[0].title == "Exposed cards"


def test_the_next_question(whist):
    question = present(adjudicate(whist, "lead-out-of-turn", {"others-played": "no"}))
    assert isinstance(question, Question)
    assert question.data() == {
        "kind": "question",
        "code": TOY_WHIST,
        "fallback_for": None,
        "fallback": None,
        "irregularity": {"id": "lead-out-of-turn", "title": "A lead out of turn"},
        "question": {
            "id": "who-led",
            "ask": "Who led out of turn?",
            "help": None,
            "choices": [
                {"id": "declarer", "label": "The declarer"},
                {"id": "adversary", "label": "An adversary"},
                {"id": NOT_SURE, "label": "Not sure"},
            ],
        },
        "matters_if": [],
        "because": [OTHERS_NO],
        "answers": {"others-played": "no"},
    }
    assert summary(adjudicate(whist, "lead-out-of-turn", {"others-played": "no"})) == (
        "Needs one more fact: Who led out of turn?"
    )


def test_a_cited_law_the_code_lacks(toy):
    house = toy.code("toy-whist-house")  # omits law 4; nothing cites it, so cite it by hand
    from dataclasses import replace

    from adjudicator.engine import CitedLaw
    from adjudicator.model import Citation
    from adjudicator.presentation.ruling import cited_law

    missing = cited_law(CitedLaw(Citation("4"), house.law("4")), house)
    assert missing.data() == {"citation": "4", "number": "4", "notice": "This law is not in our text of the code."}
    del replace


# ---------------------------------------------------------------- real rulings, as the seeds' disputes


def _reach(library, code_id: str, irregularity_id: str, remedy_id: str) -> Ruling:
    """The ruling that ends in ``remedy_id`` (its answers found by graph.path_to, tested
    on its own), presented."""
    from adjudicator.graph import path_to

    code = library.code(code_id)
    answers = path_to(code.irregularities[irregularity_id], remedy_id)
    assert answers is not None, f"{code_id} {irregularity_id}: nothing reaches {remedy_id}"
    ruling = present(adjudicate(code, irregularity_id, answers))
    assert isinstance(ruling, Ruling) and ruling.certain
    return ruling


def _laws(ruling: Ruling) -> list[tuple[str, str]]:
    return [(law.citation, law.title) for law in ruling.outcomes[0].laws]


def test_auction_1915_an_insufficient_bid_mentioned_in_time(library):
    """The seeds' first dispute: Auction Bridge, 1915 code, a bid too low, an adversary
    mentions it before the next player covers it (Law 50, with Law 44's ranking)."""
    ruling = _reach(library, "auction-bridge-1915", "insufficient-bid", "made-sufficient")
    assert ruling.heading == "Raised in the suit named; the partner is barred if the next adversary passes"
    assert ruling.now.startswith("The offender must raise his bid to sufficiency in the suit he named;")
    assert [e.text for e in ruling.outcomes[0].remedy.effects] == [
        # the roles are the 1912 code's, which 1915 extends through 1913
        "Corrected (the offender): raised to sufficiency in the suit named",
        "Barred (the offender's partner): may only pass until an adversary of the offender bids or doubles",
    ]
    assert _laws(ruling) == [
        ("50", "Insufficient and impossible bids"),
        ("44", "The ranking of bids"),
        ("50a", "A declaration while barred"),
    ]
    assert ruling.outcomes[0].remedy.options is None and ruling.call_director is None


def test_auction_1915_a_slip_corrected_calls_the_director(library):
    ruling = _reach(library, "auction-bridge-1915", "insufficient-bid", "slip-corrected")
    assert ruling.heading == "Corrected without penalty"
    assert ruling.outcomes[0].remedy.call_director == (
        "Call the director (or umpire). Our sources leave this open. Not known: the 1915 rule on changing a bid "
        "(Law 52). Until it is settled, the director (or umpire, or the players together) decides. Atherton (1916) "
        "lists changing a declaration among the changes of 1915; the late-1913 rule is the one shown."
    )


def test_napoleon_a_revoke_by_an_opponent_found_after_the_hand(library):
    """The seeds' second dispute: Napoleon (Hoffmann), an opponent of the caller revoked
    and the call succeeded: he alone pays the caller for everyone."""
    ruling = _reach(library, "napoleon-hoffmann", "revoke", "revoker-pays-caller")
    assert ruling.heading == "The revoker pays the caller for everyone"
    assert ruling.now.startswith("The revoker alone pays the caller the stake for the call once for every opponent")
    assert [e.text for e in ruling.outcomes[0].remedy.effects] == [
        "Payment from the offender to the caller (the highest caller, who plays alone): the stake for the call, "
        "once for every opponent (himself included)",
        "No penalty (each opponent other than the offender): the other opponents pay nothing",
    ]
    assert _laws(ruling) == [
        ("NAP-HGM-06", "Revoke by an opponent of the caller: who pays"),
        ("NAP-HGM-05", "Revoke: the hand is replayed"),
    ]


def test_rubicon_bezique_a_hand_short_at_the_deal(library):
    """Rubicon Bezique (French rules): the non-dealer chooses, until the dealer plays to
    the first trick; consultation is not stated (two players: nobody to consult)."""
    ruling = _reach(library, "rubicon-bezique-french", "wrong-number-of-cards", "non-dealer-chooses")
    options = ruling.outcomes[0].remedy.options
    assert ruling.heading == "The non-dealer chooses a new deal or a hand made up from the stock"
    assert options.chooser == "non-dealer" and options.until == "before the dealer plays to the first trick"
    assert [c.text for c in options.choices] == [
        "A new deal by the same dealer.",
        "The dealer fills the short hand from the top of the stock.",
    ]
    assert [(law.citation, law.title) for law in ruling.outcomes[0].laws] == [
        ("FR-5", "Wrong number of cards found at the deal"),
        ("FR-4", "A misdeal does not lose the deal"),
    ]


def test_words_decide_the_labels():
    assert words.CONSULT["forbidden"] == "Partners may not consult: the chooser decides alone."
    assert words.depends(5, 2) == "It depends: 2 possible rulings"
    assert words.depends(3, 3) == "It depends: 3 possible outcomes"


def test_a_result_in_one_line(whist):
    assert summary(adjudicate(whist, "revoke", {"established": "yes"})) == "Three tricks"
    unsure = adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE, "who-led": "adversary"})
    assert summary(unsure) == "It depends: 2 possible outcomes"


def test_a_two_handed_game_never_asks_whether_partners_may_consult(library):
    """Rubicon Bezique declares two players and no partnerships: its choice between making
    the hand up and a fresh deal says who chooses, and nothing of partners; four-handed
    whist still says that its law is silent on consulting."""
    bezique = _reach(library, "rubicon-bezique-portland", "wrong-number-of-cards", "make-up-or-fresh-deal")
    assert bezique.outcomes[0].remedy.options.consult_text is None
    whist = _reach(library, "whist-club-1864", "wrong-number-of-cards", "new-deal-or-stand")
    assert whist.outcomes[0].remedy.options.consult_text == "The law does not say whether partners may consult."


FULL = """\
game: full
game_title: Full
title: Full, every field
edition: one
year: 1900
body: Tests
verification: Tests.
roles:
  dealer: the younger hand (the dealer)
  either-adversary: either adversary
sections: {s: Play}
laws:
  "1": {title: One, section: s, text: One.}
irregularities:
  bid:
    title: A bid out of turn
    phase: bidding
    summary: A bid.
    start: claimed
    questions:
      claimed:
        ask: Was it claimed?
        help: Answer no if nobody said anything.
        answers: {"yes": penalty, "no": stands}
    remedies:
      penalty:
        title: Penalty
        now: A penalty.
        until: before the next call
        then: The auction goes on.
        notes: A note.
        effects:
          - {kind: score, to: either-adversary, amount: 50, unit: points, detail: above the line}
          - {kind: tricks, from: dealer, at_most: 3, unit: tricks}
        next: {who: dealer, does: calls, bidding: goes-on, deal: goes-on, stands: The bid stands., example: A scores 50., note: Then on.}
        options:
          chooser: either-adversary
          consult: forbidden
          consult_note: They may not talk.
          until: before they call
          choices:
            new-deal:
              text: Demand a new deal.
              effects: [{kind: new-deal}]
              next: {deal: redealt}
            stand:
              text: Let it stand.
        unsure: {missing: the 1915 wording, decides: dealer, note: Ask.}
        cites: ["1"]
      stands: {title: Stands, now: It stands., cites: ["1"]}
"""


@pytest.fixture
def full(tmp_path):
    from adjudicator.loader import load_library

    (tmp_path / "full.yaml").write_text(FULL)
    return load_library(tmp_path).code("full")


def test_a_remedy_with_every_field_in_full(full):
    """Every field of a remedy, written in the law file above, as the reader gets it."""
    ruling = present(adjudicate(full, "bid", {"claimed": "yes"}))
    assert ruling.data()["outcomes"][0]["remedy"] == {
        "id": "penalty",
        "title": "Penalty",
        "now": "A penalty.",
        "options": {
            "chooser": "either-adversary",
            "chooser_label": "either adversary",
            "chooser_text": "Either adversary",
            "chooses": "Either adversary chooses",
            "consult": "forbidden",
            "consult_text": "Partners may not consult: the chooser decides alone.",
            "consult_note": "They may not talk.",
            "until": "before they call",
            "choices": [
                {
                    "id": "new-deal",
                    "text": "Demand a new deal.",
                    "effects": [{"kind": "new-deal", "text": "New deal"}],
                    "next": {"deal": "redealt", "lines": ["The cards are dealt again."]},
                },
                {"id": "stand", "text": "Let it stand.", "effects": [], "next": None},
            ],
        },
        "effects": [
            {"kind": "score", "to": "either-adversary", "to_label": "either adversary", "amount": 50,
             "unit": "points", "detail": "above the line",
             "text": "Score 50 points to either adversary: above the line"},
            {"kind": "tricks", "from": "dealer", "from_label": "the younger hand (the dealer)", "at_most": 3,
             "unit": "tricks", "text": "Tricks of at most 3 tricks from the younger hand (the dealer)"},
        ],
        "until": "before the next call",
        "then": "The auction goes on.",
        "next": {
            "who": "dealer",
            "who_label": "the younger hand (the dealer)",
            "does": "calls",
            "bidding": "goes-on",
            "deal": "goes-on",
            "stands": "The bid stands.",
            "example": "A scores 50.",
            "note": "Then on.",
            "lines": [
                "The younger hand (the dealer) calls next.",
                "The bidding goes on.",
                "Play goes on.",
                "The bid stands.",
                "Then on.",
                "For example: A scores 50.",
            ],
        },
        "notes": "A note.",
        "unsure": {
            "missing": "the 1915 wording",
            "decides": "dealer",
            "decides_label": "the younger hand (the dealer)",
            "note": "Ask.",
            "text": "Not known: the 1915 wording. Until it is settled, the younger hand (the dealer) decides. Ask.",
        },
        "call_director": (
            "Call the director (or umpire). Our sources leave this open. Not known: the 1915 wording. "
            "Until it is settled, the younger hand (the dealer) decides. Ask."
        ),
        "cites": ["1"],
        "origin": "full",
    }  # fmt: skip


def test_a_question_with_its_help_and_the_answers_so_far_not_sure_kept(full, whist):
    question = present(adjudicate(full, "bid", {}))
    assert isinstance(question, Question)
    assert question.question.help == "Answer no if nobody said anything."
    waiting = present(adjudicate(whist, "lead-out-of-turn", {"others-played": NOT_SURE}))
    assert isinstance(waiting, Question) and waiting.question.id == "who-led"
    assert waiting.answers == {"others-played": NOT_SURE}
    assert waiting.matters_if == ["Not all the others had played."]


def test_an_unsure_remedy_that_names_nobody_to_decide(whist):
    """The model allows an unsure block without a decider (the law files always name one)."""
    from dataclasses import replace

    from adjudicator.model import Unsure
    from adjudicator.presentation.ruling import remedy

    corrected = whist.irregularities["revoke"].remedies["corrected"]
    presented = remedy(replace(corrected, unsure=Unsure("the wording", None, None)), whist).unsure
    assert presented is not None and (presented.decides_label, presented.text) == (None, "Not known: the wording.")
