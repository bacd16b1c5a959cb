"""Build ``worlddb/resolver/data/subdivisions.tsv``: regions' names in other languages.

Why: "Lappi" is Lapland, "Pohjois-Karjala" North Karelia and "Bayern" Bavaria. ``pycountry``
ships ISO 3166-2's subdivision names with their translations in ~70 languages (the gettext
catalogues of Debian's iso-codes), but reading 70 catalogues for 5,000 names costs a process
0.4 s of CPU the first time it resolves a place. The table is read once here instead, and the
resolver (``alias_groups``) reads the result.

What is kept: each subdivision name that only one country's subdivisions carry ("Central" names
regions of Botswana, Ghana and a dozen more: its translation says nothing about which one), with
its translations that differ from it, one group a line:
``Place<TAB>pycountry:subdivision names in other languages<TAB>name|other|...``.

Usage: ``python scripts/make_resolver_subdivisions.py [--out worlddb/resolver/data]`` in the
project's virtualenv (pycountry is a dependency). The header records pycountry's version; a
test compares the file with what that version gives.
"""

from __future__ import annotations

import argparse
import gettext
from importlib.metadata import version
from pathlib import Path

SOURCE = "pycountry:subdivision names in other languages"


def build() -> list[tuple[str, tuple[str, ...]]]:
    """(name, its other names) for each subdivision name one country carries, sorted."""
    import pycountry

    countries: dict[str, set[str]] = {}
    for sub in pycountry.subdivisions:
        countries.setdefault(sub.name, set()).add(sub.country_code)
    names = sorted(name for name, owners in countries.items() if len(owners) == 1)
    folder = Path(pycountry.__file__).parent / "locales"
    found: dict[str, set[str]] = {}
    for catalogue in sorted(folder.glob("*/LC_MESSAGES/iso3166-2.mo")):
        with catalogue.open("rb") as fh:
            language = gettext.GNUTranslations(fh)
        for name in names:
            other = " ".join(language.gettext(name).split())
            if other != name and "|" not in other:
                found.setdefault(name, set()).add(other)
    return [(name, tuple(sorted(found[name]))) for name in names if name in found]


def render(groups: list[tuple[str, tuple[str, ...]]]) -> str:
    head = (
        "# Subdivisions' (ISO 3166-2) names in other languages, one group a line:\n"
        "# TYPE<TAB>SOURCE<TAB>name|other|... From the iso3166-2 gettext catalogues of\n"
        f"# pycountry {version('pycountry')} (Debian's iso-codes, LGPL-2.1);"
        " built by scripts/make_resolver_subdivisions.py.\n"
    )
    body = "".join(f"Place\t{SOURCE}\t{'|'.join((name, *others))}\n" for name, others in groups)
    return head + body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data"))
    args = parser.parse_args()
    groups = build()
    target = args.out / "subdivisions.tsv"
    target.write_text(render(groups), encoding="utf-8")
    print(f"{target}: {len(groups)} groups")


if __name__ == "__main__":
    main()
