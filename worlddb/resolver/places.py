"""Places' other names: "Bozen" is Bolzano, "Helsingfors" is Helsinki, "Olang" is Valdaora.

A town's names in its other official languages, its historical names and its exonyms share too
few letters for any string distance, so they come from data: GeoNames' alternate names of the
129k places of 500 people or more that have one (``data/places.tsv.gz``, built by
``scripts/make_resolver_places.py``, which says what it keeps).

Many names belong to more than one place ("Frankfurt", "Springfield", "Bolzano" is also a
hamlet near Belluno). A name *reads* as the places whose own name it is, written exactly so
(accents included: "Veen" is a Dutch village before it is an old name of Vienna), else as the
places that list it among their other names. Of those, it reads as one when that place is ten
times as populous as the next (people who write "Bolzano" mean the city of 107,000, not the
hamlet of 538), else as each while they are at most ``MAX_READINGS``, else as none. Two
names are one place only through a place both read as: so "Bolzano Bellunese" never reaches the
city through the hamlet's other name "Bolzano".

The same table says when two names one letter apart are two towns, not one mistyped
(``two_places``: "Antalya" / "Antakya"), as the name lists do for surnames.

Memory and time: the places' lines are held as one byte string beside a sorted index (a 32-bit
hash of each folded name and its place's row, ``data/places.index.npz``, built with the data
file so a process need not fold 970k names to start), ~45 MB, read on the first query that needs
them. A hash is never trusted alone: the place's own line must hold the name.
"""

from __future__ import annotations

import gzip
import io
import re
import threading
import unicodedata
import zlib
from array import array
from functools import lru_cache
from importlib import resources
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt
from rapidfuzz.distance import OSA

from worlddb.errors import ResolutionError
from worlddb.normalize import normalize_name
from worlddb.resolver.forms import umlaut_spelling

__all__ = [
    "DATA",
    "DOMINANT",
    "INDEX",
    "MAX_READINGS",
    "build_index",
    "is_place_name",
    "key_hash",
    "place_key",
    "place_names",
    "places_text",
    "two_places",
]

DOMINANT: Final = 10  # population ratio that makes one place *the* reading of a shared name
MAX_READINGS: Final = 3  # a name shared by more places than this (and none dominant) reads as none
MAX_SLIP: Final = 2  # edits between two towns' names that a slip of the fingers could explain
SOURCE: Final = "geonames"
DATA: Final = "places.tsv.gz"
INDEX: Final = "places.index.npz"
_PUNCTUATION: Final = re.compile(r"[\W_]+")


class _Table(NamedTuple):
    text: bytes  # the places' lines, "COUNTRY\tPOPULATION\tname|other|...", one after another
    starts: npt.NDArray[np.int64]  # where each place's line starts in ``text`` (one more: the end)
    population: npt.NDArray[np.int64]  # by place
    keys: npt.NDArray[np.uint32]  # sorted hashes of folded names (``key_hash``)
    rows: npt.NDArray[np.uint32]  # the place of each key


_LOCK: Final = threading.Lock()
_LOADED: list[_Table] = []


def place_key(name: str) -> str:
    """The folded form names are looked up by: case, accents and punctuation dropped, words
    kept apart ("St. Ulrich in Gröden" → "st ulrich in groden")."""
    if not name.isascii():
        name = _unaccented(name)
    return " ".join(_PUNCTUATION.sub(" ", name.replace("'", "")).casefold().split())


def _unaccented(name: str) -> str:
    text = unicodedata.normalize("NFKD", name)
    return unicodedata.normalize("NFC", "".join(ch for ch in text if not unicodedata.combining(ch)))


def key_hash(key: str) -> int:
    """The 32-bit hash the index sorts folded names by (CRC-32: stable across processes and
    machines, so the index is built once, by ``scripts/make_resolver_places.py``). Two names
    may share one; the place's line settles it."""
    return zlib.crc32(key.encode("utf-8"))


def build_index(text: bytes) -> dict[str, npt.NDArray[np.uint32]]:
    """The index of the places' lines ``text`` (the data file without its header): each folded
    name's hash (``keys``, sorted), its place's row (``rows``) and each place's population."""
    keys = array("L")
    rows = array("L")
    people = array("L")
    for row, line in enumerate(text.decode("utf-8").split("\n")[:-1]):  # as ``_load`` counts
        _, count, names = line.split("\t")
        people.append(min(int(count), 0xFFFF_FFFF))
        for key in sorted({place_key(name) for name in names.split("|")}):
            keys.append(key_hash(key))
            rows.append(row)
    hashes = np.array(keys, dtype=np.uint32)
    order = np.argsort(hashes, kind="stable")
    return {
        "keys": hashes[order],
        "rows": np.array(rows, dtype=np.uint32)[order],
        "population": np.array(people, dtype=np.uint32),
    }


def places_text() -> bytes:
    """The data file's lines without its header."""
    raw = resources.files("worlddb.resolver").joinpath(f"data/{DATA}").read_bytes()
    text = gzip.decompress(raw)
    return text[text.index(b"\n", text.rindex(b"\n#") + 1) + 1 :]


def _table() -> _Table:
    if _LOADED:
        return _LOADED[0]
    with _LOCK:
        if not _LOADED:
            _LOADED.append(_load())
    return _LOADED[0]


def _load() -> _Table:
    text = places_text()
    ends = np.flatnonzero(np.frombuffer(text, dtype=np.uint8) == ord("\n"))
    starts = np.concatenate(([0], ends + 1)).astype(np.int64)
    raw = resources.files("worlddb.resolver").joinpath(f"data/{INDEX}").read_bytes()
    with np.load(io.BytesIO(raw)) as index:
        keys, rows, population = index["keys"], index["rows"], index["population"]
    if len(population) != len(ends):
        raise ResolutionError(f"{INDEX} does not index {DATA}: rebuild both")
    return _Table(text, starts, population.astype(np.int64), keys, rows)


def _line(table: _Table, row: int) -> list[str]:
    start, end = int(table.starts[row]), int(table.starts[row + 1]) - 1
    return table.text[start:end].decode("utf-8").split("\t")


def _names(table: _Table, row: int) -> list[str]:
    return _line(table, row)[2].split("|")


def _indexed(table: _Table, key: str) -> list[int]:
    """The places (rows) the index files under ``key``'s hash; the caller checks their names."""
    if not key:
        return []
    wanted = np.uint32(key_hash(key))
    lo = int(np.searchsorted(table.keys, wanted, side="left"))
    hi = int(np.searchsorted(table.keys, wanted, side="right"))
    return [int(r) for r in table.rows[lo:hi]]


def _named(table: _Table, key: str) -> list[int]:
    """The places with a name (own or other) that folds to ``key``."""
    return [r for r in _indexed(table, key) if any(place_key(n) == key for n in _names(table, r))]


def _own(table: _Table, row: int) -> set[str]:
    """The place's own name as written (case aside), and each side of a bilingual one
    ("Biel/Bienne")."""
    own = _names(table, row)[0]
    return {normalize_name(own), *(normalize_name(part) for part in own.split("/"))}


@lru_cache(maxsize=16384)
def _readings(key: str, written: str) -> tuple[int, ...]:
    """The places (rows) a name reads as (see the module docstring): found by its folded
    ``key``, and a place's own name only if ``written`` exactly so, accents included."""
    table = _table()
    rows = _named(table, key)
    own = [r for r in rows if written in _own(table, r)]
    # "Veen" is a Dutch village before it is one of Vienna's other names; but "Bozen" is
    # Bolzano's German name before it is the Swiss village "Bözen" written without its accent.
    rows = own or rows
    rows.sort(key=lambda r: -int(table.population[r]))
    if len(rows) <= 1:
        return tuple(rows)
    if int(table.population[rows[0]]) >= DOMINANT * max(1, int(table.population[rows[1]])):
        return (rows[0],)
    return tuple(rows) if len(rows) <= MAX_READINGS else ()


@lru_cache(maxsize=8192)
def place_names(surface: str) -> tuple[tuple[str, str], ...]:
    """The other names of the place ``surface`` reads as: (name, source), e.g. ("Bozen",
    "geonames:IT"). A name of that place that reads as another place is left out."""
    key = place_key(surface)
    table = _table()
    out: dict[str, str] = {}
    for row in _readings(key, normalize_name(surface)):
        source = f"{SOURCE}:{_line(table, row)[0]}"
        for name in _names(table, row):
            other = place_key(name)
            if other != key and row in _readings(other, normalize_name(name)):
                out.setdefault(name, source)
                if not name.isascii():  # a store may hold it unaccented: "Zurich", "Munchen"
                    out.setdefault(_unaccented(name), source)
    return tuple(out.items())


@lru_cache(maxsize=16384)
def _own_places(surface: str) -> frozenset[int]:
    """The places whose own name ``surface`` is, written exactly so (accents included)."""
    table = _table()
    written = normalize_name(surface)
    return frozenset(r for r in _indexed(table, place_key(surface)) if written in _own(table, r))


@lru_cache(maxsize=65536)
def is_place_name(name: str) -> bool:
    """Whether some place is called ``name``: its own name or another, case and accents aside."""
    return bool(_named(_table(), place_key(name)))


def two_places(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are the own names of two different places one or two letters
    apart ("Antalya" / "Antakya", "Riesi" / "Rieti"): then one is not the other mistyped, as two
    known surnames are two families. Names written otherwise than a place's own name say
    nothing, and neither do two spellings of one name: umlauts written out ("Buechel" for
    Büchel, though a town in Kentucky is named so) or a word written short ("St. Petersburg" is
    a city in Florida too), which are further apart than a slip."""
    key_a, key_b = place_key(a), place_key(b)
    if key_a == key_b or OSA.distance(key_a, key_b, score_cutoff=MAX_SLIP + 1) > MAX_SLIP:
        return False
    if umlaut_spelling(key_a, key_b):
        return False
    own_a, own_b = _own_places(a), _own_places(b)
    return bool(own_a) and bool(own_b) and not own_a & own_b
