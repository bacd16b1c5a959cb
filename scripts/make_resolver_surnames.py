"""Build ``worlddb/resolver/data/surnames_abroad.tsv.gz`` (the common surnames of 105 countries)
and, with ``--given``, ``given_abroad.tsv.gz`` (their common first names).

Why: the resolver tells two surnames one letter apart from a typo by knowing that both are
surnames ("Lang" / "Lane"); its only surname list was the US Census's, so "Marini" / "Marino",
"Yamauchi" / "Yamaguchi" or "Jiménez" / "Giménez" read as typos and were proposed as one person.

Source: ``names-dataset`` 3.3.1 (Apache-2.0; Philippe Rémy), whose per-country surname ranks
count the names of 533M public social-network profiles (the 2021 scrape it documents). Only
each country's ``TOP`` most frequent surnames are kept — far enough down the list to be real
surnames, not the misspellings a profile dump also holds — one line each:
``surname<TAB>rank<TAB>country`` with the surname's best rank in any country and that country's
ISO alpha-2 code, sorted by surname.

First names (``--given``, round 14): the same count of each country's most frequent first names
of each sex, for the same reason one level up: "Nina" / "Jina", "Clas" / "Claus" or "Michelle" /
"Michele" are two given names, and the Census and ``nam_dict`` lists the resolver had did not
know enough of the world's first names to say so. The profile dump writes common misspellings
as names too ("Jhon" is Colombia's 16th), so the cut is kept at the top of each list.

Usage (in a throwaway virtualenv; the package loads ~2 GB): ``pip install
names-dataset==3.3.1`` then ``python scripts/make_resolver_surnames.py [--given] [--top 1000]
[--out PATH]`` (default: ``worlddb/resolver/data/surnames_abroad.tsv.gz``, or
``given_abroad.tsv.gz`` with ``--given``). Deterministic (sorted, gzip mtime 0).
"""

from __future__ import annotations

import argparse
import gzip
import io
from pathlib import Path

TOP = 1000
HEADER = (
    "# Common {kind} of each country (top {top} by frequency{each}) from names-dataset 3.3.1\n"
    "# (Apache-2.0); built by scripts/make_resolver_surnames.py (see its docstring).\n"
    "# {col}<TAB>best rank in any country<TAB>that country (ISO 3166-1 alpha-2)\n"
)


def build(top: int, given: bool = False) -> dict[str, tuple[int, str]]:
    """Each kept name's best rank and the country it has it in (first names: either sex's list)."""
    from names_dataset import NameDataset  # type: ignore[import-not-found]

    data = NameDataset()
    countries = sorted(data.get_country_codes(alpha_2=True))
    best: dict[str, tuple[int, str]] = {}
    for country in countries:
        ranked = data.get_top_names(n=top, use_first_names=given, country_alpha2=country)
        found = ranked.get(country, {} if given else [])
        lists = [found.get("F", []), found.get("M", [])] if given else [found]
        for names in lists:
            for rank, name in enumerate(names, start=1):
                name = name.strip()
                if name and name.replace("-", "").replace("'", "").replace(" ", "").isalpha():
                    best[name] = min(best.get(name, (rank, country)), (rank, country))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--top", type=int, default=TOP)
    parser.add_argument("--given", action="store_true", help="first names, not surnames")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    data_dir = Path(__file__).resolve().parents[1] / "worlddb/resolver/data"
    out = args.out or data_dir / ("given_abroad.tsv.gz" if args.given else "surnames_abroad.tsv.gz")
    best = build(args.top, args.given)
    body = io.StringIO()
    given = ("first names", " for each sex", "first name")
    kind, each, col = given if args.given else ("surnames", "", "surname")
    body.write(HEADER.format(kind=kind, top=args.top, each=each, col=col))
    for name, (rank, country) in sorted(best.items()):
        body.write(f"{name}\t{rank}\t{country}\n")
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(body.getvalue().encode("utf-8"))
    out.write_bytes(raw.getvalue())
    print(f"{out}: {len(best)} names")


if __name__ == "__main__":
    main()
