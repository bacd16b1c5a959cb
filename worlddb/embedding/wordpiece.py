"""A pure-Python BERT uncased WordPiece tokenizer, id-for-id with Hugging Face ``tokenizers``.

It reproduces the ``BertNormalizer`` + ``BertPreTokenizer`` + ``WordPiece`` pipeline of
all-MiniLM-L6-v2 so that the shipped embedder needs only onnxruntime and numpy: no
``tokenizers`` wheel, no hub. The steps, in the order the Rust implementation runs them:

1. clean: drop NUL, U+FFFD and control/format/unassigned characters (``C*``), turn every
   whitespace character into a space;
2. put spaces around CJK ideographs, so each becomes its own word;
3. NFD-decompose and drop non-spacing marks (accents), then lowercase character by character
   (no context-sensitive final sigma, unlike ``str.lower``);
4. split on whitespace and isolate every punctuation character (ASCII symbols count);
5. greedy longest-match-first WordPiece with the ``##`` continuation prefix; a word longer than
   100 characters, or one with an unmatchable remainder, becomes ``[UNK]``.

One deliberate difference: literal ``[CLS]``/``[SEP]``/``[MASK]`` in the text are tokenized as
ordinary text, never promoted to control tokens (what ``split_special_tokens=True`` does), so a
memory cannot smuggle a separator into the model's input. One accepted divergence: the Rust
tables date from about Unicode 8, so the ~500 marks and punctuation characters assigned since
(rare scripts, U+2E43..U+2E5D dashes) are split or stripped here but kept whole there.
``scripts/make_wordpiece_cases.py`` checks the rest id-for-id.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Final

from worlddb.errors import ModelMissingError, ValidationError

__all__ = ["MAX_CHARS_PER_WORD", "WordPieceTokenizer"]

MAX_CHARS_PER_WORD: Final = 100
_CACHE_LIMIT: Final = 200_000  # distinct words remembered; reset when full to bound memory
_SPECIALS: Final = ("[PAD]", "[UNK]", "[CLS]", "[SEP]")

# Ranges of tokenizers' is_chinese_char (CJK Unified Ideographs and extensions).
_CJK_RANGES: Final = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)
# Control, format, private-use and surrogate categories are dropped; unassigned (Cn) code points
# are kept, as tokenizers does.
_DROP: Final = frozenset({"Cc", "Cf", "Co", "Cs"})
# Rust's char::is_whitespace (the Unicode White_Space property); Python's str.isspace differs.
_WHITESPACE: Final = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def _is_cjk(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _CJK_RANGES)


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _normalize(text: str) -> str:
    """Steps 1–3: clean, space out CJK, strip accents, lowercase."""
    out: list[str] = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or (ch not in "\t\n\r" and unicodedata.category(ch) in _DROP):
            continue
        if ch in _WHITESPACE:
            out.append(" ")
        elif cp >= 0x3400 and _is_cjk(cp):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    decomposed = unicodedata.normalize("NFD", "".join(out))
    return "".join(c.lower() for c in decomposed if unicodedata.category(c) != "Mn")


def _words(normalized: str) -> Iterator[str]:
    """Step 4: whitespace split, then every punctuation character becomes its own word."""
    for chunk in normalized.split(" "):
        start = 0
        for i, ch in enumerate(chunk):
            if _is_punctuation(ch):
                if i > start:
                    yield chunk[start:i]
                yield ch
                start = i + 1
        if start < len(chunk):
            yield chunk[start:]


class WordPieceTokenizer:
    """Turn text into BERT uncased WordPiece ids, without truncation.

    Instances are safe to share between threads: the only mutable state is a word cache whose
    races can at worst recompute an entry.
    """

    def __init__(self, vocab: Mapping[str, int]) -> None:
        """Build from a token → id mapping that holds at least ``[PAD] [UNK] [CLS] [SEP]``.

        Raises:
            ValidationError: a special token is missing from ``vocab``.
        """
        missing = [t for t in _SPECIALS if t not in vocab]
        if missing:
            raise ValidationError(f"vocabulary lacks special tokens {missing!r}", field="vocab")
        self._vocab = dict(vocab)
        self.pad_id: Final = self._vocab["[PAD]"]
        self.unk_id: Final = self._vocab["[UNK]"]
        self.cls_id: Final = self._vocab["[CLS]"]
        self.sep_id: Final = self._vocab["[SEP]"]
        self._cache: dict[str, tuple[int, ...]] = {}

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> WordPieceTokenizer:
        """Load a ``vocab.txt`` (one token per line, the line number is the id).

        Raises:
            ModelMissingError: the file is missing or unreadable.
        """
        try:
            with open(path, encoding="utf-8") as f:
                tokens = [line.rstrip("\n") for line in f]
        except (OSError, UnicodeDecodeError) as exc:
            raise ModelMissingError(
                f"cannot read WordPiece vocabulary {str(path)!r}: {exc}"
            ) from exc
        return cls({tok: i for i, tok in enumerate(tokens)})

    @property
    def vocab_size(self) -> int:
        """Number of entries in the vocabulary."""
        return len(self._vocab)

    def tokenize(self, text: str) -> list[int]:
        """Return the WordPiece ids of ``text``, without ``[CLS]``/``[SEP]`` and untruncated."""
        ids: list[int] = []
        for word in _words(_normalize(text)):
            ids.extend(self._pieces(word))
        return ids

    def encode(self, text: str) -> list[int]:
        """Return ``[CLS] + tokenize(text) + [SEP]``, untruncated (callers chunk long text)."""
        return [self.cls_id, *self.tokenize(text), self.sep_id]

    def _pieces(self, word: str) -> tuple[int, ...]:
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        pieces = self._wordpiece(word)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[word] = pieces
        return pieces

    def _wordpiece(self, word: str) -> tuple[int, ...]:
        """Step 5: greedy longest-match-first; any unmatchable remainder makes the word [UNK]."""
        if len(word) > MAX_CHARS_PER_WORD:
            return (self.unk_id,)
        vocab, pieces, start = self._vocab, [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                found = vocab.get(piece)
                if found is not None:
                    pieces.append(found)
                    break
                end -= 1
            else:
                return (self.unk_id,)
            start = end
        return tuple(pieces)
