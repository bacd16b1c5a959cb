"""FTS5 match expressions as PostgreSQL ``tsquery`` SQL. Pure: no database access.

The layers above build SQLite FTS5 expressions (``worlddb.index.fts_query``, the resolver's
blocking stages, erasure's name phrase): double-quoted phrases, a trailing ``*`` for a prefix,
``AND``/``OR``/``NOT``, juxtaposition (an implicit ``AND``), parentheses and a leading column
filter ``name : (...)``. Rather than teach every caller a second language, the PostgreSQL
backend parses that small grammar and renders one ``tsquery`` expression from SQL functions
(``phraseto_tsquery`` per phrase, ``to_tsquery`` with ``:*`` for a prefix, combined with
``||``, ``&&`` and ``!!``). Every phrase travels as a bound parameter, never as SQL text.

FTS5's precedence is kept: ``NOT`` binds tightest, then ``AND`` (explicit or implicit), then
``OR``. A column filter may only wrap the whole expression (the only form the callers emit);
it selects the ``name_tsv`` column instead of the weighted ``doc`` column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from worlddb.errors import ValidationError

__all__ = ["CONFIG", "TsQuery", "to_tsquery_sql"]

CONFIG: Final = "worlddb"
"""The text search configuration the schema creates: English Snowball stemming, no stopwords
(FTS5's ``porter`` tokenizer keeps stopwords too, so a phrase of "the" still matches)."""

_TOKEN = re.compile(r'\s*(?:"((?:[^"]|"")*)"|(\()|(\))|(\*)|(:)|([^\s"():*]+))')


@dataclass(frozen=True, slots=True)
class TsQuery:
    """A rendered expression: SQL yielding a ``tsquery``, its parameters and the column."""

    sql: str
    params: tuple[str, ...]
    column: str  # "doc" (name and content, weighted) or "name_tsv"
    leaves: tuple[tuple[str, str], ...] = ()
    """Each phrase or prefix as its own ``(tsquery SQL, parameter)``, in order: the terms a
    BM25-like ranking weighs one by one."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise ValidationError(f"unparsable match expression {text!r}", field="match")
        phrase, lpar, rpar, star, colon, word = m.groups()
        if phrase is not None:
            out.append(("phrase", phrase.replace('""', '"')))
        elif lpar:
            out.append(("(", lpar))
        elif rpar:
            out.append((")", rpar))
        elif star:
            out.append(("*", star))
        elif colon:
            out.append((":", colon))
        else:
            out.append(("word", word or ""))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.params: list[str] = []
        self.leaves: list[tuple[str, str]] = []
        self.column = "doc"

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def parse(self) -> str:
        first, second = self.peek(), self.tokens[1] if len(self.tokens) > 1 else None
        if first == ("word", "name") and second is not None and second[0] == ":":
            self.pos = 2
            self.column = "name_tsv"
        sql = self.or_expr()
        if self.peek() is not None:
            raise ValidationError(f"unexpected {self.peek()!r} in match expression", field="match")
        return sql

    def or_expr(self) -> str:
        parts = [self.and_expr()]
        while self.peek() == ("word", "OR"):
            self.take()
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else "(" + " || ".join(parts) + ")"

    def and_expr(self) -> str:
        parts = [self.not_expr()]
        while True:
            tok = self.peek()
            if tok == ("word", "AND"):
                self.take()
            elif tok is None or tok[0] not in ("phrase", "(", "word") or tok[1] in ("OR", "NOT"):
                break
            parts.append(self.not_expr())
        return parts[0] if len(parts) == 1 else "(" + " && ".join(parts) + ")"

    def not_expr(self) -> str:
        sql = self.primary()
        while self.peek() == ("word", "NOT"):
            self.take()
            sql = f"({sql} && !!{self.primary()})"
        return sql

    def primary(self) -> str:
        tok = self.take() if self.peek() is not None else ("end", "")
        if tok[0] == "(":
            sql = self.or_expr()
            if self.peek() is None or self.take()[0] != ")":
                raise ValidationError("unbalanced parenthesis in match expression", field="match")
            return sql
        if tok[0] not in ("phrase", "word"):
            raise ValidationError(f"unexpected {tok!r} in match expression", field="match")
        if self.peek() is not None and self.peek() == ("*", "*"):
            self.take()
            return self._prefix(tok[1])
        return self._leaf(f"phraseto_tsquery('{CONFIG}', %s)", tok[1])

    def _leaf(self, sql: str, param: str) -> str:
        self.params.append(param)
        self.leaves.append((sql, param))
        return sql

    def _prefix(self, phrase: str) -> str:
        words = re.findall(r"\w+", phrase)
        if not words:
            return self._leaf(f"phraseto_tsquery('{CONFIG}', %s)", phrase)
        quoted = [f"'{w}'" for w in words]
        quoted[-1] += ":*"
        return self._leaf(f"to_tsquery('{CONFIG}', %s)", " <-> ".join(quoted))


def to_tsquery_sql(expression: str) -> TsQuery:
    """Render an FTS5 ``expression`` as ``tsquery`` SQL (``%s`` placeholders) and parameters."""
    parser = _Parser(_tokens(expression))
    sql = parser.parse()
    return TsQuery(sql, tuple(parser.params), parser.column, tuple(parser.leaves))
