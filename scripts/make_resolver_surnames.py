"""Build ``worlddb/resolver/data/surnames_abroad.tsv.gz``: the common surnames of 105 countries.

Why: the resolver tells two surnames one letter apart from a typo by knowing that both are
surnames ("Lang" / "Lane"); its only surname list was the US Census's, so "Marini" / "Marino",
"Yamauchi" / "Yamaguchi" or "Jiménez" / "Giménez" read as typos and were proposed as one person.

Source: ``names-dataset`` 3.3.1 (Apache-2.0; Philippe Rémy), whose per-country surname ranks
count the names of 533M public social-network profiles (the 2021 scrape it documents). Only
each country's ``TOP`` most frequent surnames are kept — far enough down the list to be real
surnames, not the misspellings a profile dump also holds — one line each:
``surname<TAB>rank<TAB>country`` with the surname's best rank in any country and that country's
ISO alpha-2 code, sorted by surname.

Usage (in a throwaway virtualenv; the package loads ~2 GB): ``pip install
names-dataset==3.3.1`` then ``python scripts/make_resolver_surnames.py [--top 1000] [--out
worlddb/resolver/data/surnames_abroad.tsv.gz]``. Deterministic (sorted, gzip mtime 0).
"""

from __future__ import annotations

import argparse
import gzip
import io
from pathlib import Path

TOP = 1000
HEADER = (
    "# Common surnames of each country (top {top} by frequency) from names-dataset 3.3.1\n"
    "# (Apache-2.0); built by scripts/make_resolver_surnames.py (see its docstring).\n"
    "# surname<TAB>best rank in any country<TAB>that country (ISO 3166-1 alpha-2)\n"
)


def build(top: int) -> dict[str, tuple[int, str]]:
    """Each kept surname's best rank and the country it has it in."""
    from names_dataset import NameDataset  # type: ignore[import-not-found]

    data = NameDataset()
    countries = sorted(data.get_country_codes(alpha_2=True))
    best: dict[str, tuple[int, str]] = {}
    for country in countries:
        ranked = data.get_top_names(n=top, use_first_names=False, country_alpha2=country)
        for rank, name in enumerate(ranked.get(country, []), start=1):
            name = name.strip()
            if name and name.replace("-", "").replace("'", "").replace(" ", "").isalpha():
                best[name] = min(best.get(name, (rank, country)), (rank, country))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--top", type=int, default=TOP)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1]
        / "worlddb/resolver/data/surnames_abroad.tsv.gz",
    )
    args = parser.parse_args()
    best = build(args.top)
    body = io.StringIO()
    body.write(HEADER.format(top=args.top))
    for name, (rank, country) in sorted(best.items()):
        body.write(f"{name}\t{rank}\t{country}\n")
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(body.getvalue().encode("utf-8"))
    args.out.write_bytes(raw.getvalue())
    print(f"{args.out}: {len(best)} surnames")


if __name__ == "__main__":
    main()
