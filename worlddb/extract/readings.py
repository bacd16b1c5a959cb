"""Read back what a stored fact said, so a new statement can be compared with it by value.

Stored facts keep their sentence, not the extractor's ``(attribute, value)`` reading. Ingest
re-reads the sentence with the same deterministic rules (``find_facts``) to recover the value and
whether it was negated or past; a sentence the rules cannot read (written by a caller or by
another extractor) is compared as a whole, so a new value contained in it counts as a
restatement, never as a change.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from worlddb.errors import ValidationError
from worlddb.extract.attributes import Statement, UpdateKind, is_additive, same_value, update_kind
from worlddb.extract.dates import find_dates
from worlddb.extract.facts import find_facts
from worlddb.model import World
from worlddb.plugins import ExtractedFact

__all__ = ["read_statements", "statement_of", "stored_update_kind"]


def read_statements(text: str, attribute: str, reference: int = 0) -> list[Statement]:
    """What ``text`` states about ``attribute``; the whole text as the value if unreadable.

    ``reference`` resolves relative dates, which only cut values short ("Denver on June 2").
    Readings are cached: ingest re-reads the same open facts for every new statement.
    """
    return list(_read(text, attribute, reference))


@lru_cache(maxsize=8192)
def _read(text: str, attribute: str, reference: int) -> tuple[Statement, ...]:
    try:
        cuts = [span.start for span in find_dates(text, reference)]
    except ValidationError:
        cuts = []
    readings = tuple(
        Statement(raw.value, raw.negated, raw.past, raw.change_cue, raw.additive)
        for raw in find_facts(text, cut_points=cuts)
        if raw.attribute == attribute
    )
    return readings or (Statement(text),)


def statement_of(fact: ExtractedFact) -> Statement:
    """An extracted fact as one side of a comparison (its sentence when it has no value)."""
    return Statement(
        fact.value or fact.text,
        fact.negated,
        fact.change_cue == "used to",
        fact.change_cue,
        is_additive(fact.text),
    )


def stored_update_kind(
    attribute: str, old: World, new: Statement, *, said_at: int | None, valid_from: int | None
) -> UpdateKind | None:
    """The edge a new statement (said at ``said_at``, valid from ``valid_from``) owes ``old``.

    A stored sentence that only negates a value holds nothing to update (one in the past tense
    does: "I worked at IBM" closes when a new employer is named); one that holds the new value
    in any of its readings is restated, not changed. A statement said after ``old`` but dated
    before it began ("vegan since January", said in April about a diet stated on January 5)
    cannot close it (the edge would point back in time): the two accounts contradict.
    """
    live = [r for r in read_statements(old.content, attribute, old.created_at) if not r.negated]
    if not live:
        return None
    if any(same_value(r.value, new.value) for r in live):
        return update_kind(attribute, live[0], replace(new, value=live[0].value), later=True)
    kind = update_kind(attribute, live[0], new, later=old.valid_from != valid_from)
    dated_before = (
        said_at is not None
        and valid_from is not None
        and old.valid_from is not None
        and said_at > old.created_at
        and valid_from < old.valid_from
    )
    return "contradicts" if kind == "supersedes" and dated_before else kind
