"""Turn any user text into a safe SQLite FTS5 MATCH expression. Pure: no database access.

FTS5's query language gives meaning to ``AND``/``OR``/``NOT``/``NEAR``, ``col:`` filters, ``*``,
``^``, ``+``, parentheses and double quotes; raw user text therefore either fails to parse
(``sqlite3.OperationalError: fts5: syntax error``) or silently means something else. Here the text
is split into words the way the ``unicode61`` tokenizer would split it, and every word is emitted
as a double-quoted string. A quoted string in FTS5 is always a phrase of plain tokens, and our
words contain only letters, digits and combining accents (never a quote), so no operator can leak
through, whatever the input. The index is assumed to be created with
``tokenize='porter unicode61 remove_diacritics 2'``; stemming and accent folding happen inside
FTS5 on both sides, so they are not repeated here.

Invariant (property-tested with a real FTS5 table): the result is ``None`` or an expression that
FTS5 accepts.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final, Literal

from worlddb.errors import ValidationError

__all__ = [
    "DEFAULT_STOPWORDS",
    "MAX_TERMS",
    "build_match",
    "prefix_match",
    "tokenize",
]

MAX_TERMS: Final = 24
"""Default term cap: long questions otherwise become slow, noisy OR-queries."""

_NAME_MAX_TERMS: Final = 8

# unicode61's default token characters are the categories L*, N* and Co; everything else separates.
_TOKEN_CATEGORIES: Final = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Co"})
# With remove_diacritics, unicode61 keeps Latin combining accents inside the word (then drops
# them), so "cafe\u0301" stays one token; other marks (e.g. Devanagari signs) separate words.
_COMBINING_ACCENTS: Final = range(0x0300, 0x0370)

_STOPWORD_TEXT: Final = """
    a about above after again against ago all also am an and any are aren as at be because been
    before being below between both but by can cannot could couldn did didn do does doesn doing
    don down during each either else ever few for from further get got had hadn has hasn have
    haven having he her here hers herself him himself his how however i if in into is isn it its
    itself just let ll me might mightn more most much must mustn my myself neither no nor not now
    of off on once only or other ought our ours ourselves out over own please quite rather re
    really same shall shan she should shouldn so some such than that the their theirs them
    themselves then there these they this those through thus to too under until up upon us ve
    very was wasn we were weren what whatever when whenever where whereas wherever whether which
    while who whoever whom whose why will with within without won would wouldn yet you your
    yours yourself yourselves many
"""
DEFAULT_STOPWORDS: Final = frozenset(_STOPWORD_TEXT.split())
"""English function words plus question words ("what", "when", "did", "how", "many" ...) and the
fragments that apostrophes leave behind ("didn", "ll", "ve", "re"). They match nearly every
document, so in an OR-query they only add noise."""


def tokenize(text: str) -> list[str]:
    """Split ``text`` into lowercase words as FTS5's ``unicode61`` tokenizer would.

    Args:
        text: Any string; unpaired surrogates and control characters simply separate words.

    Returns:
        The words in order, duplicates included.
    """
    words: list[str] = []
    current: list[str] = []
    for char in unicodedata.normalize("NFC", _scrub(text)):
        if unicodedata.category(char) in _TOKEN_CATEGORIES or (
            current and ord(char) in _COMBINING_ACCENTS
        ):
            current.append(char)
        elif current:
            words.append("".join(current).lower())
            current = []
    if current:
        words.append("".join(current).lower())
    return words


def build_match(
    text: str,
    *,
    max_terms: int = MAX_TERMS,
    stopwords: frozenset[str] = DEFAULT_STOPWORDS,
    mode: Literal["or", "and"] = "or",
) -> str | None:
    """Build an FTS5 MATCH expression that searches for the words of ``text``.

    Words are lowercased, stopwords and one-character words are dropped (a single digit or a
    single ideograph/syllable, category ``Lo``, is kept: "3" and "猫" carry meaning), duplicates
    are removed and each word is double-quoted.

    When more than ``max_terms`` words remain, the most specific-looking ones are kept, by this
    rule: words containing a digit first (dates, amounts, versions), then longer words before
    shorter ones (by Zipf's law long words are rarer and so more selective), then earlier words
    before later ones. The kept words are emitted in their original order.

    Args:
        text: Any user text, e.g. a question.
        max_terms: The most words the expression may hold (at least 1).
        stopwords: Lowercase words to drop.
        mode: ``"or"`` matches documents with any word (ranked by BM25), ``"and"`` only documents
            with every word.

    Returns:
        The expression, or ``None`` when no searchable word remains.

    Raises:
        ValidationError: ``text`` is not a string, ``max_terms`` is below 1 or ``mode`` is
            unknown.
    """
    _check_args(text, max_terms, mode)
    terms = _unique(w for w in tokenize(text) if _is_searchable(w) and w not in stopwords)
    if len(terms) > max_terms:
        kept = set(sorted(range(len(terms)), key=lambda i: _specificity(terms[i], i))[:max_terms])
        terms = [term for i, term in enumerate(terms) if i in kept]
    if not terms:
        return None
    joiner = " OR " if mode == "or" else " AND "
    return joiner.join(_quote(term) for term in terms)


def prefix_match(
    name: str,
    *,
    max_terms: int = _NAME_MAX_TERMS,
    mode: Literal["or", "and"] = "and",
) -> str | None:
    """Build an FTS5 expression that finds names starting like ``name``, for entity blocking.

    Every word is quoted and the last one becomes a prefix query (``"smi" *``), so a name typed
    half-way still finds its candidates. Stopwords are dropped only when other words remain ("The
    Who" keeps "who"; "The The" keeps "the").

    Args:
        name: An entity name as written by a user or an extractor.
        max_terms: The most words to use; the first ones are kept, since names read left to right.
        mode: ``"and"`` (default) requires every word, ``"or"`` any of them.

    Returns:
        The expression, or ``None`` when ``name`` has no searchable word.

    Raises:
        ValidationError: ``name`` is not a string, ``max_terms`` is below 1 or ``mode`` is
            unknown.
    """
    _check_args(name, max_terms, mode)
    words = _unique(w for w in tokenize(name) if _is_searchable(w))
    content = [w for w in words if w not in DEFAULT_STOPWORDS]
    terms = (content or words)[:max_terms]
    if not terms:
        return None
    quoted = [_quote(term) for term in terms]
    quoted[-1] += " *"
    return (" OR " if mode == "or" else " AND ").join(quoted)


def _check_args(text: object, max_terms: object, mode: object) -> None:
    if not isinstance(text, str):
        raise ValidationError(f"search text must be a string, not {text!r}", field="text")
    if isinstance(max_terms, bool) or not isinstance(max_terms, int) or max_terms < 1:
        raise ValidationError(
            f"max_terms must be a positive integer, not {max_terms!r}",
            field="max_terms",
            value=max_terms,
        )
    if mode not in ("or", "and"):
        raise ValidationError(f"mode must be 'or' or 'and', not {mode!r}", field="mode", value=mode)


def _scrub(text: str) -> str:
    # NFC normalisation cannot encode lone surrogates; they are separators anyway.
    if text.isascii():
        return text
    return "".join(" " if "\ud800" <= c <= "\udfff" else c for c in text)


def _is_searchable(word: str) -> bool:
    if len(word) > 1:
        return True
    return unicodedata.category(word)[0] == "N" or unicodedata.category(word) == "Lo"


def _unique(words: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(words))


def _specificity(term: str, position: int) -> tuple[int, int, int]:
    has_digit = any(unicodedata.category(c)[0] == "N" for c in term)
    return (0 if has_digit else 1, -len(term), position)


def _quote(term: str) -> str:
    # Terms hold only letters, digits and accents, so there is no quote to double; doubling
    # anyway keeps the quoting safe even if the tokenizer above is ever loosened.
    return '"' + term.replace('"', '""') + '"'
