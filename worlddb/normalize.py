"""Name normalisation shared by the store's exact-match index and the resolver. Pure.

Normalising: Unicode NFKC, strip control and format characters, casefold, collapse whitespace,
trim, cap the length. Two surface forms with the same normal form are the *same name*.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

__all__ = ["MAX_NAME_CHARS", "normalize_name"]

MAX_NAME_CHARS: Final = 256
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=65536)
def normalize_name(name: str) -> str:
    """The canonical comparison key of an entity name or alias.

    Memoised (bounded): the resolver asks again for the same surfaces at every tier and commit.
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(
        ch
        for ch in text
        if unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Co"} or ch in "\t\n "
    )
    text = _SPACES.sub(" ", text.casefold()).strip()
    return text[:MAX_NAME_CHARS]
