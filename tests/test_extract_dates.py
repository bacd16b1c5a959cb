"""Date expressions resolve against the message time, across month, year and leap boundaries."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.errors import ValidationError
from worlddb.extract.dates import find_dates, lower_same_length
from worlddb.timeutil import format_us, parse_time


def _ref(iso: str) -> int:
    us = parse_time(iso)
    assert us is not None
    return us


def _resolve(text: str, reference: str) -> dict[str, str]:
    return {
        span.text: (format_us(span.us) or "")[:10] for span in find_dates(text, _ref(reference))
    }


@pytest.mark.parametrize(
    ("text", "reference", "span", "expected"),
    [
        ("I was sick yesterday", "2024-03-01T09:00:00Z", "yesterday", "2024-02-29"),  # leap year
        ("I was sick yesterday", "2023-03-01T09:00:00Z", "yesterday", "2023-02-28"),
        ("see you tomorrow", "2023-12-31T22:00:00Z", "tomorrow", "2024-01-01"),
        ("we met last month", "2024-01-15T12:00:00Z", "last month", "2023-12-01"),
        ("moving next month", "2023-01-31T12:00:00Z", "next month", "2023-02-01"),
        ("it started a month ago", "2023-03-31T12:00:00Z", "a month ago", "2023-02-28"),
        ("it started a month ago", "2024-03-31T12:00:00Z", "a month ago", "2024-02-29"),
        ("it is due in a month", "2023-01-31T12:00:00Z", "in a month", "2023-02-28"),
        ("a year ago today", "2024-02-29T12:00:00Z", "a year ago today", "2023-02-28"),
        ("happened last year", "2024-01-02T12:00:00Z", "last year", "2023-01-01"),
        ("see you next year", "2023-12-31T12:00:00Z", "next year", "2024-01-01"),
        ("I got back last week", "2024-01-02T12:00:00Z", "last week", "2023-12-25"),
        ("two weeks ago", "2024-03-01T12:00:00Z", "two weeks ago", "2024-02-16"),
        ("3 days ago", "2024-01-02T12:00:00Z", "3 days ago", "2023-12-30"),
        (
            "the day before yesterday",
            "2024-01-01T12:00:00Z",
            "the day before yesterday",
            "2023-12-30",
        ),
    ],
)
def test_relative_dates_cross_month_and_year_boundaries(
    text: str, reference: str, span: str, expected: str
) -> None:
    assert _resolve(text, reference)[span] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I saw her last Tuesday", "2024-02-27"),  # strictly before Friday Mar 1
        ("lunch next Friday", "2024-03-08"),  # strictly after, never today
        ("we go this weekend", "2024-03-02"),
        ("we went last weekend", "2024-02-24"),
        ("I called on Monday and it rained", "2024-02-26"),  # past tense picks the past Monday
        ("I will call on Monday", "2024-03-04"),  # future tense picks the next one
    ],
)
def test_weekdays_resolve_around_a_friday_reference(text: str, expected: str) -> None:
    spans = find_dates(text, _ref("2024-03-01T09:15:00Z"))
    assert len(spans) == 1
    assert (format_us(spans[0].us) or "")[:10] == expected


def test_month_without_year_is_past_by_default_and_future_when_the_verb_is() -> None:
    reference = "2024-01-10T12:00:00Z"
    assert _resolve("we went to Rome in March", reference)["March"] == "2023-03-01"
    assert _resolve("we will go to Rome in March", reference)["March"] == "2024-03-01"
    assert _resolve("it happened in January", reference)["January"] == "2024-01-01"


def test_absolute_forms_resolve_to_their_day() -> None:
    found = _resolve(
        "Dates: 2023-05-12, 5/12/2023, 25/12/2022 and March 2022 and the 5th of May, 2021.",
        "2024-01-10T12:00:00Z",
    )
    assert found["2023-05-12"] == "2023-05-12"
    assert found["5/12/2023"] == "2023-05-12"
    assert found["25/12/2022"] == "2022-12-25"  # day first when the first number exceeds 12
    assert found["March 2022"] == "2022-03-01"
    assert found["the 5th of May, 2021"] == "2021-05-05"


def test_month_day_without_year_takes_the_nearest_occurrence() -> None:
    assert _resolve("my birthday is May 5th", "2024-03-10T00:00:00Z")["May 5th"] == "2024-05-05"
    assert _resolve("my birthday is Dec 30", "2024-01-03T00:00:00Z")["Dec 30"] == "2023-12-30"


def test_on_the_ordinal_picks_by_tense_else_the_nearest_month() -> None:
    assert _resolve("it happened on the 28th.", "2024-01-02T00:00:00Z")["the 28th"] == "2023-12-28"
    assert _resolve("it will be on the 20th.", "2024-01-02T00:00:00Z")["the 20th"] == "2024-01-20"
    assert _resolve("it is on the 20th.", "2024-01-02T00:00:00Z")["the 20th"] == "2023-12-20"


def test_granularity_and_midnight_utc() -> None:
    spans = {
        s.text: s for s in find_dates("next month and yesterday", _ref("2024-05-15T18:30:00Z"))
    }
    assert spans["next month"].granularity == "month"
    assert spans["yesterday"].granularity == "day"
    assert spans["yesterday"].us % 86_400_000_000 == 0


def test_impossible_and_non_dates_are_skipped() -> None:
    reference = "2024-05-15T12:00:00Z"
    assert _resolve("Feb 30 does not exist", reference) == {}
    assert _resolve("this may be true", reference) == {}  # the verb, not the month
    assert _resolve("open 24/7 and 3-4 of us came", reference) == {}
    assert _resolve("I have yoga every Tuesday", reference) == {}
    assert _resolve('I loved "Tomorrow, and Tomorrow, and Tomorrow"', reference) == {}


def test_span_offsets_slice_the_original_text() -> None:
    text = "İstanbul trip: I fly out next Friday and return on 3/14."
    for span in find_dates(text, _ref("2024-03-01T00:00:00Z")):
        assert text[span.start : span.end] == span.text


def test_reference_out_of_range_is_a_validation_error() -> None:
    with pytest.raises(ValidationError):
        find_dates("yesterday", 10**20)


@given(
    st.text(max_size=400), st.integers(min_value=-62135596800_000000, max_value=253402300799_999999)
)
def test_find_dates_never_raises_and_spans_are_consistent(text: str, reference: int) -> None:
    for span in find_dates(text, reference):
        assert text[span.start : span.end] == span.text
        assert span.us % 86_400_000_000 == 0


@given(st.text(max_size=200))
def test_lowercasing_keeps_every_offset(text: str) -> None:
    lowered = lower_same_length(text)
    assert len(lowered) == len(text)


def test_dates_near_the_end_of_time_do_not_overflow() -> None:
    spans = find_dates("next year and tomorrow", _ref("9999-12-31T12:00:00Z"))
    assert all(date(1, 1, 1) <= date.fromisoformat((format_us(s.us) or "")[:10]) for s in spans)
