"""Alias groups: names of one entity that share no letters, from maintained data.

"NYC" and "New York City", "K8s" and "Kubernetes", "Bozen" and "Bolzano" are one entity, and
no string distance can say so. The groups come from:

* country names, official names and ISO alpha-3 codes and the lettered codes of subdivisions
  (US states, Canadian provinces, Australian states...) from ``pycountry`` (ISO 3166-1 and
  3166-2; country names also in the ~160 languages its translations cover, subdivision names
  in the ~70 its ISO 3166-2 catalogues cover, read once into ``data/subdivisions.tsv`` by
  ``scripts/make_resolver_subdivisions.py``: 0.4 s of CPU a process no longer spends);
* US states' AP-style abbreviations ("Calif.") from ``us``;
* programming languages' and file formats' short names and file extensions from ``pygments``'s
  lexer registry, from GitHub Linguist (``data/languages.tsv``, built by
  ``scripts/make_resolver_languages.py``) and from seven syntax highlighters' registries
  (highlight.js, Prism, Ace, GtkSourceView, highlight, GNU source-highlight, Vim:
  ``data/tools.tsv``, built by ``scripts/make_resolver_tools.py``), a short name only where
  one language claims it across all of them;
* Python packages' import names ("yaml" / PyYAML, "sklearn" / scikit-learn) from ``pipreqs``'s
  table (``data/python_imports.tsv``, built by ``scripts/make_resolver_imports.py``);
* towns' and cities' other names from GeoNames (``places``);
* ``data/aliases.tsv`` for the short forms that no package lists (each line says where its
  names come from).

Pure: no store access. Split from ``aliases`` (which keeps the acronyms) to keep both short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import Final

from worlddb.normalize import normalize_name
from worlddb.resolver.forms import fold_words
from worlddb.resolver.places import place_names

__all__ = [
    "MAX_CODE",
    "MIN_TOOL_ALIAS",
    "MIN_TOWN",
    "alias_names",
    "alias_types",
    "registered_short_name",
    "shortens",
]
_REGISTERED_LETTERS: Final = 2  # a registry's short name of one letter ("R", "C") names nothing


@cache
def _groups() -> Mapping[str, tuple[tuple[str, str, tuple[str, ...]], ...]]:
    """normalised name → the groups it belongs to, as (type, source, names)."""
    found: list[tuple[str, str, tuple[str, ...]]] = []
    tables = (
        ("aliases.tsv", "aliases.tsv:"),
        ("languages.tsv", ""),
        ("tools.tsv", ""),
        ("python_imports.tsv", ""),
        ("subdivisions.tsv", ""),
    )
    for data, prefix in tables:
        text = resources.files("worlddb.resolver").joinpath(f"data/{data}").read_text("utf-8")
        for line in text.splitlines():
            if line.strip() and not line.startswith("#"):
                kind, source, names = line.split("\t")
                found.append((kind, f"{prefix}{source}", tuple(names.split("|"))))
    import pycountry

    translated = _translated_countries()
    for country in pycountry.countries:
        forms = [country.name, country.alpha_3]
        forms += [getattr(country, f, None) or "" for f in ("official_name", "common_name")]
        found.append(("Place", "pycountry:ISO 3166-1", tuple(str(n) for n in forms if n)))
        if country.name in translated:
            spellings = (country.name, *translated[country.name])
            found.append(("Place", "pycountry:ISO 3166-1 in other languages", spellings))
    for sub in pycountry.subdivisions:
        # A subdivision's ISO 3166-2 code is its usual short form where the code is letters
        # ("QLD", "SK", "BY", "SP"); numeric codes ("FR-75") are not names anyone writes.
        code = sub.code.split("-", 1)[1]
        if (
            code.isalpha()
            and 2 <= len(code) <= 3
            and (sub.country_code != "US" or sub.type == "State")
        ):
            found.append(("Place", f"pycountry:{_SUBDIVISION}{sub.country_code}", (sub.name, code)))
    found += _state_groups()
    found += _tool_groups()
    index: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
    for group in found:
        for name in group[2]:
            index.setdefault(normalize_name(name), []).append(group)
    return {k: tuple(v) for k, v in index.items()}


MIN_TOOL_ALIAS: Final = 2
MIN_TOWN: Final = 3  # letters a surface needs before it is looked up as a town's other name
MAX_CODE: Final = 4  # ... and those written in capitals need more than this
_SUBDIVISION: Final = "ISO 3166-2:"


def _translated_countries() -> dict[str, tuple[str, ...]]:
    """Each country's name in the languages ``pycountry`` ships ISO 3166-1 translations for
    (its gettext catalogues, from Debian's iso-codes: "Deutschland", "Allemagne", "Alemania",
    "ドイツ" for Germany): people write the country they live in in their own language."""
    import pycountry

    return _translated("iso3166-1", [country.name for country in pycountry.countries])


def _translated(domain: str, names: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``names`` in every language ``pycountry`` ships a ``domain`` catalogue for."""
    import gettext
    from pathlib import Path

    import pycountry

    folder = Path(pycountry.__file__).parent / "locales"
    found: dict[str, set[str]] = {}
    for catalogue in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.mo")):
        with catalogue.open("rb") as fh:
            language = gettext.GNUTranslations(fh)
        for name in names:
            other = language.gettext(name)
            if other != name:
                found.setdefault(name, set()).add(other)
    return {name: tuple(sorted(others)) for name, others in found.items()}


def _state_groups() -> list[tuple[str, str, tuple[str, ...]]]:
    """US states and D.C. with the abbreviation AP style writes in running text and datelines
    ("Calif.", "N.M.", "W.Va."), from the ``us`` package; the postal codes ("CA") come from
    ISO 3166-2 above. States AP spells out ("Ohio", "Texas") have none. Without their full stop
    most are words ("Ill", "Mass", "Wash"), so only the dotted form is an alias."""
    import us

    return [
        ("Place", "us:AP style", (state.name, state.ap_abbr))
        for state in us.states.STATES_AND_TERRITORIES
        if state.ap_abbr and state.ap_abbr != state.name
    ]


def _tool_groups() -> list[tuple[str, str, tuple[str, ...]]]:
    """Programming languages and file formats with the short names their ``pygments`` lexer's
    maintainers list ("TypeScript" / "ts", "PostgreSQL" / "postgres", "Makefile" / "make"),
    and the file extensions they register for it when no other lexer claims the extension
    ("Erlang" / "erl", "Typst" / "typ"): people name a language by its files' extension.
    One group per lexer (its registry guarantees an alias names one lexer). Only aliases that
    shorten the name are kept (its letters in order, from the first): "sage" is listed for
    Python and "bsdmake" for Makefile, but they are other tools. Session and template lexers
    ("Python console session", "HTML+Django") are kinds of text, not tools."""
    from pygments.lexers import get_all_lexers  # type: ignore[import-untyped]

    lexers = list(get_all_lexers())
    claims: dict[str, int] = {}
    for _, _, patterns, _ in lexers:
        for ext in {_extension(p) for p in patterns} - {""}:
            claims[ext] = claims.get(ext, 0) + 1
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for name, aliases, patterns, _ in lexers:
        if any(x in name for x in ("+", "/", "session", "Session", "console")):
            continue
        names = [a for a in aliases if len(a) >= MIN_TOOL_ALIAS and shortens(a, name)]
        if names:
            out.append(("Tool", "pygments:lexer aliases", (name, *names)))
        exts = sorted({_extension(p) for p in patterns} - {""} - {a.lower() for a in aliases})
        extensions = [
            e for e in exts if claims[e] == 1 and len(e) >= MIN_TOOL_ALIAS and shortens(e, name)
        ]
        if extensions:
            out.append(("Tool", "pygments:lexer file extensions", (name, *extensions)))
    return out


def _extension(pattern: str) -> str:
    """The extension of a lexer's file pattern ("*.erl" → "erl"), else ``""``."""
    ext = pattern[2:] if pattern.startswith("*.") else ""
    return ext.lower() if ext.isalnum() else ""


def shortens(alias: str, name: str) -> bool:
    """Whether ``alias``'s letters are ``name``'s, in order, from its first ("ts" /
    "TypeScript", "erl" / "Erlang"): a short form of the name, not another word."""
    short = "".join(fold_words(alias))
    long_ = "".join(fold_words(name))
    rest = iter(long_[1:])
    return bool(short) and short[0] == long_[:1] and all(ch in rest for ch in short[1:])


def registered_short_name(short: str, name: str, *, extension: bool = False) -> bool:
    """Whether a registry's ``short`` name for the language ``name`` is one the alias groups
    keep (the rule ``scripts/make_resolver_languages.py`` and ``make_resolver_tools.py`` build
    their files by): two letters or more, not the name itself, and a short form of it
    (``shortens``); an alias may also be longer when the name shortens it and it holds no
    version number ("Protocol Buffers" for Protocol Buffer, not "ActionScript 3")."""
    letters_of = ["".join(ch for ch in s.casefold() if ch.isalnum()) for s in (short, name)]
    if len(letters_of[0]) < _REGISTERED_LETTERS or letters_of[0] == letters_of[1]:
        return False
    if shortens(short, name):
        return True
    return not extension and shortens(name, short) and not any(c.isdigit() for c in short)


def alias_names(surface: str, types: Sequence[str]) -> list[tuple[str, str]]:
    """Other names of ``surface`` from the alias groups of a type in ``types``: (name, source).

    A subdivision code is the weakest reading of a short form: when a country or a curated
    group also reads it ("DC": Washington, D.C.; Sudan's Central Darfur is "SD-DC"), the codes
    give way.
    """
    return list(_alias_names(normalize_name(surface), tuple(types), _code(surface)))


@lru_cache(maxsize=8192)
def _alias_names(norm: str, types: tuple[str, ...], code: bool) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}  # one entry per other name: a country's spellings repeat
    for kind, source, names in _groups().get(norm, ()):
        # A group of the generic type reads for any query; a typed group only for its type
        # ("Entity" among ``types`` says a stored generic world may answer, not that a Place
        # query may borrow a language's group: "NE" is Nebraska, not Nearley's extension).
        if kind in types or kind == "Entity":
            for name in names:
                if normalize_name(name) != norm:
                    out.setdefault(name, source)
    if "Place" in types and not code:
        for name, source in place_names(norm):
            out.setdefault(name, source)
    strong = tuple((n, source) for n, source in out.items() if _SUBDIVISION not in source)
    return strong or tuple(out.items())


def _code(surface: str) -> bool:
    """Whether a surface is too short to be read as a town's name: two letters or fewer, or a
    code of four letters or fewer written in capitals ("LA" is the alias groups' to read)."""
    letters = [ch for ch in surface if ch.isalpha()]
    return len(letters) <= MAX_CODE and (len(letters) < MIN_TOWN or surface.isupper())


def alias_types(surface: str) -> frozenset[str]:
    """The types of the alias groups that list ``surface`` as one of their names."""
    return frozenset(kind for kind, _, _ in _groups().get(normalize_name(surface), ()))
