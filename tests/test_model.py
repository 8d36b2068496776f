"""The model's small shared helpers."""

from __future__ import annotations

import pytest

from adjudicator.errors import UnknownLaw
from adjudicator.model import whole_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7", 7), ("0", 0), ("13", 13), ("14", None), ("", None), ("-1", None), (" 7", None), ("7.0", None),
     ("\u00b2", None), ("\u0663", None), ("\uff15", None), ("1" * 10, None), ("9" * 5000, None)],
)  # fmt: skip
def test_a_whole_number_is_ascii_digits_within_the_range(text, expected):
    assert whole_number(text, 0, 13) == expected


def test_a_law_by_its_number_or_unknown_law_naming_the_numbers(library):
    code = library.code("whist-club-1864")
    number = next(iter(code.laws))
    assert code.numbered(number) is code.laws[number]
    with pytest.raises(UnknownLaw) as caught:
        code.numbered("9999")
    assert caught.value.field == "number" and caught.value.where == code.id
    assert number in caught.value.choices
