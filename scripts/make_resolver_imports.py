"""Build ``worlddb/resolver/data/python_imports.tsv``: Python packages' import names, from pipreqs.

Why: people name a Python package by what they import ("yaml", "zmq", "sklearn", "bs4") as
often as by what they install ("PyYAML", "pyzmq", "scikit-learn", "beautifulsoup4"), and no
string distance joins "bs4" to "beautifulsoup4". ``pipreqs``, which writes a project's
requirements from its imports, maintains a table of the import names whose distribution is
named otherwise (``pipreqs/mapping``, 1,152 lines).

What is kept, and why: a pair only when the import name is found in the distribution's name
(folded: "yaml" in "pyyaml", "crypto" in "pycryptodome") or shortens it (its letters in order,
from the first: "sklearn", "bs4", "PIL"). The table also maps modules inside a larger project to
that project ("App" → Zope2, "ANSI" → pexpect): those are not the project's names.

Each line is ``Tool<TAB>pipreqs:import name<TAB>distribution|import``, as in ``aliases.tsv``,
with the distribution also as PyPI writes it when the table uses underscores ("scikit_learn",
"scikit-learn").

Usage, in the project's virtualenv: ``python scripts/make_resolver_imports.py DIR [--out
worlddb/resolver/data]``, where DIR
is the ``pipreqs`` 0.5.0 wheel unpacked (``pip download pipreqs==0.5.0 --no-deps`` and
``unzip``; its ``pipreqs/mapping`` is read as text). Licence: Apache-2.0. The file is committed;
nothing is fetched at run time.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from worlddb.resolver.alias_groups import shortens

VERSION = "0.5.0"
MIN_LETTERS = 3

HEADER = f"""\
# Python packages' import names whose distribution is named otherwise: TYPE<TAB>SOURCE<TAB>
# distribution|import. Source: pipreqs {VERSION}'s mapping (Apache-2.0); filtered by
# scripts/make_resolver_imports.py (the import name is in the distribution's name or shortens it).
"""


def letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def pep503(dist: str) -> str:
    """The distribution's name as PyPI and pip write it: "scikit_learn" is "scikit-learn"."""
    return re.sub(r"[-_.]+", "-", dist)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data"))
    args = parser.parse_args()
    text = (args.wheel / "pipreqs" / "mapping").read_text("utf-8")
    pairs: dict[str, str] = {}
    for line in text.splitlines():
        module, _, dist = line.strip().partition(":")
        if not module or not dist or letters(module) == letters(dist):
            continue
        if len(letters(module)) < MIN_LETTERS or "|" in module + dist:
            continue
        if letters(module) in letters(dist) or shortens(module, dist):
            pairs.setdefault(module, dist)
    lines = [
        f"Tool\tpipreqs:import name\t{'|'.join(dict.fromkeys([dist, pep503(dist), module]))}"
        for module, dist in sorted(pairs.items())
    ]
    target = args.out / "python_imports.tsv"
    target.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{target}: {len(lines)} pairs")


if __name__ == "__main__":
    main()
