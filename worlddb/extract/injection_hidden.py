"""Hidden text: what a reader does not see but a model reads, and the folding that undoes it.

Injected instructions are often made invisible to the person who pastes them: Unicode tag
characters (U+E0000 block, which spell ASCII invisibly), runs of zero-width characters (binary
steganography, or a zero-width space inside "ig\\u200bnore" to dodge a keyword match), bidi
overrides that display text reversed, HTML comments and elements styled ``display:none``, and
base64 blobs. Each of these has benign uses too, which the rules here leave alone: an emoji
flag is a tag sequence (🏴 + letters + CANCEL TAG), a family emoji joins people with
zero-width joiners one at a time, Persian uses a zero-width non-joiner inside words, an HTML
comment can be a build stamp, and a base64 blob is usually a key or an image.

``fold`` maps text to what a keyword rule should see (NFKC, invisible characters dropped, a few
Cyrillic/Greek look-alikes mapped to Latin inside words that also have Latin letters) and keeps,
for every folded character, the offset of the original character it came from, so that markers
point into the caller's text.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

__all__ = ["Folded", "HiddenSpan", "decoded_blobs", "find_hidden", "fold", "hidden_segments"]

# Zero-width characters: space, non-joiner, joiner, word joiner, BOM, Mongolian vowel separator.
_ZERO_WIDTH: Final = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")
# Bidi embeddings, overrides and isolates; marks (LRM/RLM) are ordinary RTL typography, kept.
_BIDI: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BIDI_OVERRIDE: Final = frozenset("\u202d\u202e")
_SOFT_HYPHEN: Final = "\u00ad"
_TAG_FIRST, _TAG_LAST, _CANCEL_TAG = 0xE0000, 0xE007F, "\U000e007f"
_MAX_FLAG_TAGS: Final = 8  # 🏴 + "gbsct" + CANCEL TAG: subdivision flags are short
_MIN_ZW_RUN: Final = 4  # emoji ZWJ sequences never put two zero-width characters together
# Cyrillic and Greek letters that look like Latin ones ("ignоre" with a Cyrillic о).
_CONFUSABLES: Final = str.maketrans(
    "аеорсхуіјѕԁһԛԝаАВЕКМНОРСТХУІЈЅοαεικνρτυχΑΒΕΗΙΚΜΝΟΡΤΥΧ",
    "aeopcxyijsdhqwaABEKMHOPCTXYIJSoaeikvptuxABEHIKMNOPTYX",
)
_APOSTROPHES: Final = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})

_BLOB = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
_MAX_BLOBS: Final = 8
_MAX_BLOB_CHARS: Final = 8192
_HTML_COMMENT = re.compile(r"<!--(.{0,2000}?)-->", re.DOTALL)
_HIDDEN_STYLE = (
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:\.\d+)?\s*(?:px|pt|em)?"
    r"(?![\d.])|opacity\s*:\s*0(?:\.0+)?(?![\d.])|color\s*:\s*(?:white|#fff(?:fff)?\b|transparent)"
)
# An element is invisible by its style, by a white ``color`` attribute (``<font>``) or by the
# ``hidden`` attribute.
_HIDDEN_ELEMENT = re.compile(
    rf"<(\w+)\b(?=[^>]{{0,400}}?(?:style\s*=\s*[\"'][^\"']{{0,300}}?(?:{_HIDDEN_STYLE})"
    r"|\bcolor\s*=\s*[\"']?(?:white|#fff(?:fff)?)\b|\shidden(?=[\s>=/])))"
    r"[^>]{0,400}>(.{0,2000}?)</\1\s*>",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class Folded:
    """Folded text and, for each of its characters, the offset of its source character."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original ``[start, end)`` of the folded ``[start, end)`` (``end > start``)."""
        return self.origin[start], self.origin[end - 1] + 1


@dataclass(frozen=True, slots=True)
class HiddenSpan:
    """Invisible or disguised text at ``[start, end)`` of the original; ``kind`` says how."""

    kind: str
    start: int
    end: int


def _invisible(ch: str) -> bool:
    return (
        ch in _ZERO_WIDTH or ch in _BIDI or ch == _SOFT_HYPHEN or _TAG_FIRST <= ord(ch) <= _TAG_LAST
    )


def _look_alike(text: str, index: int) -> str:
    """A Cyrillic or Greek letter as the Latin one it imitates, inside a word with Latin
    letters ("ign\u043ere"); in a word of its own script (Russian, Greek) it stays itself."""
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if (before.isascii() and before.isalpha()) or (after.isascii() and after.isalpha()):
        return text[index].translate(_CONFUSABLES)
    return text[index]


def fold(text: str) -> Folded | None:
    """``text`` as keyword rules should read it, or ``None`` when folding changes nothing.

    Plain ASCII (nearly all chat) returns ``None`` at the cost of one ``isascii`` call.
    """
    if text.isascii():
        return None
    chars: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        if ch.isascii():
            chars.append(ch)
            origin.append(index)
            continue
        if _invisible(ch):
            continue
        for out in (
            _look_alike(text, index)
            if ord(ch) in _CONFUSABLES
            else unicodedata.normalize("NFKC", ch).translate(_APOSTROPHES)
        ):
            chars.append(out)
            origin.append(index)
    folded = "".join(chars)
    return None if folded == text else Folded(folded, tuple(origin))


def _flag_shaped(run: str) -> bool:
    """A subdivision flag's tags: a few tag letters or digits and CANCEL TAG (🏴 + "gbsct" +
    CANCEL). The 🏴 base itself is not required: copied text often loses it."""
    return (
        2 <= len(run) <= _MAX_FLAG_TAGS
        and run[-1] == _CANCEL_TAG
        and all(chr(ord(ch) - _TAG_FIRST).isalnum() for ch in run[:-1])
    )


def find_hidden(text: str) -> Iterator[HiddenSpan]:
    """Tag-character text, zero-width runs and bidi overrides, in text order."""
    if text.isascii():
        return
    index, n = 0, len(text)
    while index < n:
        ch = text[index]
        if _TAG_FIRST <= ord(ch) <= _TAG_LAST:
            end = index
            while end < n and _TAG_FIRST <= ord(text[end]) <= _TAG_LAST:
                end += 1
            if not _flag_shaped(text[index:end]):
                yield HiddenSpan("hidden-tag-text", index, end)
            index = end
        elif ch in _ZERO_WIDTH:
            end = index
            while end < n and text[end] in _ZERO_WIDTH:
                end += 1
            if end - index >= _MIN_ZW_RUN:
                yield HiddenSpan("hidden-zero-width", index, end)
            index = end
        elif ch in _BIDI_OVERRIDE:
            yield HiddenSpan("bidi-override", index, index + 1)
            index += 1
        else:
            index += 1


def hidden_segments(text: str) -> Iterator[tuple[int, str]]:
    """``(offset, text)`` of HTML comments and of elements styled to be invisible."""
    if "<" not in text:
        return
    for m in _HTML_COMMENT.finditer(text):
        yield m.start(1), m.group(1)
    lower = text.lower()
    if "style" in lower or "color" in lower or "hidden" in lower:
        for m in _HIDDEN_ELEMENT.finditer(text):
            yield m.start(2), m.group(2)


def decoded_blobs(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, decoded)`` for base64 runs that decode to printable UTF-8 text.

    At most ``_MAX_BLOBS`` runs of at most ``_MAX_BLOB_CHARS`` are tried, so the cost stays
    linear in the text; a key, a hash or an image decodes to bytes that are not text and is
    skipped.
    """
    for count, m in enumerate(_BLOB.finditer(text)):
        if count >= _MAX_BLOBS:
            return
        blob = m.group(0)
        if len(blob) > _MAX_BLOB_CHARS or blob.isalpha() or blob.isdigit():
            continue
        try:
            raw = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True)
            decoded = raw.decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        printable = sum(ch.isprintable() or ch in "\n\t" for ch in decoded)
        if decoded and printable >= 0.95 * len(decoded):
            yield m.start(), m.end(), decoded
