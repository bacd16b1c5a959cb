"""Time values at the boundary: inside worlddb every time is integer microseconds (epoch, UTC).

Integers keep the canonical encoding float-free and make SQLite range scans exact. Callers may pass
``datetime`` objects (naive ones are taken as UTC), ISO-8601 strings or ints; this module is the
one place that converts.
"""

from __future__ import annotations

from datetime import UTC, datetime

from worlddb.errors import ValidationError

__all__ = ["TimeLike", "format_us", "now_us", "parse_time", "to_datetime"]

TimeLike = datetime | str | int

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Year 1..9999 in microseconds, so every stored value round-trips through datetime.
_MIN_US = -62135596800_000000
_MAX_US = 253402300799_999999


def now_us() -> int:
    """The current wall-clock time in microseconds (the default ingest clock)."""
    return to_us(datetime.now(UTC))


def to_us(moment: datetime) -> int:
    """Convert an aware or naive (taken as UTC) datetime to microseconds."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - _EPOCH
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds


def parse_time(value: TimeLike | None, *, field: str = "time") -> int | None:
    """Turn a caller's time value into microseconds; ``None`` stays ``None`` (unbounded)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValidationError(f"{field} must be a time, not {value!r}", field=field, value=value)
    if isinstance(value, int):
        us = value
    elif isinstance(value, datetime):
        us = to_us(value)
    elif isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        parsed: datetime | None
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            parsed = _parse_loose(text)
            if parsed is None:
                raise ValidationError(
                    f"{field} {value!r} is not an ISO-8601 time (e.g. '2024-05-01T12:00:00Z')",
                    field=field,
                    value=value,
                ) from None
        us = to_us(parsed)
    else:
        raise ValidationError(
            f"{field} must be a datetime, ISO-8601 string or int microseconds, not {value!r}",
            field=field,
            value=value,
        )
    if not _MIN_US <= us <= _MAX_US:
        raise ValidationError(f"{field} {value!r} is out of range", field=field, value=value)
    return us


def _parse_loose(text: str) -> datetime | None:
    """Accept the few non-ISO shapes real data uses, e.g. LongMemEval's '2023/05/20 (Sat) 02:21'."""
    cleaned = text.replace("/", "-")
    if "(" in cleaned and ")" in cleaned:
        head, _, rest = cleaned.partition("(")
        cleaned = head.strip() + " " + rest.partition(")")[2].strip()
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(cleaned.strip(), fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


def to_datetime(us: int) -> datetime:
    """Microseconds back to an aware UTC datetime."""
    from datetime import timedelta

    return _EPOCH + timedelta(microseconds=us)


def format_us(us: int | None) -> str | None:
    """ISO-8601 text for display and JSON output (``None`` for an open bound)."""
    if us is None:
        return None
    return to_datetime(us).isoformat().replace("+00:00", "Z")
