"""Generate the resolver's round-5 hold-out: name pairs from a fifth method and other sources.

Why a fifth set: the round-4 hold-out's category results were read at the end of round 4, so from
round 5 on it is development data. This set is built before any round-5 change, from maintained
packages that *none of the earlier sets and none of the resolver's own data use*:

* people: ``names-dataset``'s per-country first-name and surname tables (ranked by frequency in a
  public social-network dump; not the US Census, Faker or mimesis);
* nicknames: the short/long equivalences of Jörg Michael's ``nam_dict.txt`` as shipped by
  ``gender-guesser`` (lines ``= <short> <long>``: "Achim" / "Joachim", "Aga" / "Agnieszka"),
  international pet forms, not the ``nicknames`` table the resolver uses;
* titles: the title and suffix sets of ``whoswho`` (military ranks, clergy, nobility, "Esq.",
  "Ph.D."), written capitalised with or without a full stop. Caveat: ``whoswho`` declares its
  sets subsets of ``nameparser``'s, whose vocabulary the resolver reads, so this category measures
  the rendering and parsing of titles, not new vocabulary;
* transliterations: Cyrillic, Greek and Georgian names of ``names-dataset`` romanised by
  ``transliterate`` (its own per-language tables, not anyascii, GOST/cyrtranslit or pypinyin);
* places: US states against their AP-style abbreviations (``us``: "California" / "Calif.") and the
  IANA time-zone city (``tzdata`` id, underscores as spaces) against the English display name
  Unicode CLDR gives it (``babel``: "Tirane" / "Tirana", "Syowa" / "Showa Station");
* companies: listed companies of ``pytickersymbols`` whose name ends in a legal form ("Adamas
  Trust, Inc.", "Allianz SE"), queried without it (or the reverse);
* acronyms: identifier schemes that ``python-stdnum`` names by their own acronym with the
  expansion in brackets ("ABN (Australian Business Number)", "CNPJ (Cadastro Nacional da Pessoa
  Jurídica, ...)"): real acronyms, often of non-English words, typed ``Entity``;
* products/tools: Python import names against their PyPI distribution names from ``pipreqs``'s
  mapping file ("sklearn" / "scikit-learn", "yaml" / "PyYAML"), where the import name's letters
  occur in order in the distribution name (namespace packages, "aio" for "aio.signals", left out).

Hard negatives: ``names-dataset`` first names and surnames one edit apart (first names related by
``nam_dict`` or ``nicknames`` left out), the same family name with another given name, companies
one edit apart (surname pairs with a ``pytickersymbols`` legal form), ``airportsdata`` cities one
edit apart, a ``python-stdnum`` acronym one letter off (and no listed one), and a PyPI distribution
against another distribution of the same family ("Flask-Login" / "Flask-WTF"; not "python-x",
which names a binding, not a family).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r5_holdout.jsonl``), committed before any round-5 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r5.py [--seed 5505] [--out bench/data]`` in a virtualenv
with ``pip install names-dataset==3.3.1 gender-guesser==0.4.0 whoswho==0.2.1 transliterate==1.10.2
us==4.0.0 babel==2.19.0 pytickersymbols==1.17.10 python-stdnum==2.2 airportsdata==20260905
nicknames==1.0.1`` and the ``pipreqs`` 0.5.0 wheel unpacked (``--pipreqs DIR``; pipreqs itself is
not imported, only its ``mapping`` file read). Licences of the data: names-dataset Apache-2.0,
nam_dict GFDL 1.2 (via gender-guesser, MIT), whoswho MIT, transliterate GPL-2.0/LGPL-2.1, us BSD,
CLDR Unicode licence (via babel, BSD), pytickersymbols MIT, python-stdnum LGPL-2.1, airportsdata
MIT, pipreqs Apache-2.0. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

SEED = 5505
VERSIONS = {"names-dataset": "3.3.1", "gender-guesser": "0.4.0", "whoswho": "0.2.1",
            "transliterate": "1.10.2", "us": "4.0.0", "babel": "2.19.0",
            "pytickersymbols": "1.17.10", "python-stdnum": "2.2", "airportsdata": "20260905",
            "nicknames": "1.0.1"}  # fmt: skip
LATIN = ["GB", "US", "IE", "CA", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "MX", "AR", "IT", "PT",
         "BR", "PL", "CZ", "SE", "DK", "NO", "FI", "HU", "HR", "SI", "TR", "EE", "LT", "IS",
         "ZA"]  # fmt: skip
SCRIPTS = {"RU": "ru", "BG": "bg", "GR": "el", "GE": "ka", "KZ": "ru"}  # country -> transliterate
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip
NOT_TITLES = {"his", "her", "the", "ab", "uncle", "auntie", "aunt", "brother", "sister", "mother",
              "father", "goodman", "goodwife", "maid", "master", "mister", "misses"}  # fmt: skip
"""Words of ``whoswho``'s title sets that are not written before a name as a title (pronouns,
kinship words, and "ab" which its list carries for able seaman)."""
FORM = re.compile(r"^(?:[A-Za-z]{1,4}\.(?:[A-Za-z]{1,3}\.)*|[A-Z]{2,3}|plc|Inc|Corp|Corporation"
                  r"|Incorporated|Limited|Company|Ltd)$")  # fmt: skip
"""A trailing word read as a legal form: dotted abbreviations, two- or three-letter capitals
(AG, SE, AB, SA, NV) and the English forms written out; 'Group', 'Holdings' are not forms."""


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


def nam_dict_pairs() -> list[tuple[str, str]]:
    """``(short, long)`` pairs of the ``= short long`` lines of gender-guesser's nam_dict.txt
    (ISO-8859-1; names with its ``<..>`` escapes or ``+`` joins are left out)."""
    import gender_guesser

    path = Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"
    out = []
    for line in path.read_text(encoding="iso-8859-1").splitlines():
        if line.startswith("="):
            parts = line[1:29].split()
            if len(parts) == 2 and all(p.isalpha() for p in parts) and parts[0] != parts[1]:
                out.append((parts[0], parts[1]))
    return sorted(set(out))


def build(seed: int, pipreqs_dir: Path) -> list[dict[str, str]]:
    import airportsdata
    import us
    from babel import Locale
    from names_dataset import NameDataset
    from nicknames import NickNamer
    from pytickersymbols import PyTickerSymbols
    from transliterate import translit
    from whoswho.config import suffixes, titles

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if squash(stored) and stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    nd = NameDataset()

    def top(country: str, first: bool, n: int) -> list[str]:
        got = nd.get_top_names(n=n, country_alpha2=country, use_first_names=first)[country]
        names = [x for g in got.values() for x in g] if isinstance(got, dict) else list(got)
        return sorted({x for x in names if x.isalpha() and x[:1].isupper()})

    tables = {c: (top(c, True, 150), top(c, False, 300)) for c in LATIN}
    latin = {c: (f, [s for s in ln if strip_marks(s).isascii()]) for c, (f, ln) in tables.items()}
    namer = NickNamer()
    equiv = nam_dict_pairs()
    related = {frozenset((a.lower(), b.lower())) for a, b in equiv}
    for c in LATIN:
        for g in latin[c][0]:
            for o in namer.nicknames_of(g.lower()) | namer.canonicals_of(g.lower()):
                related.add(frozenset((g.lower(), o)))

    def surname(c: str | None = None) -> tuple[str, str]:
        c = c or rng.choice(LATIN)
        return rng.choice(latin[c][1]), c

    # -- positives --------------------------------------------------------------------------
    for short, long_ in take([p for p in equiv if len(p[0]) > 2], "nickname"):
        s, c = surname()
        a, b = (f"{long_} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"nam_dict(gender-guesser)+names-dataset:{c}")
    vocab = sorted(
        (titles.MALE_TITLES | titles.FEMALE_TITLES | titles.GENDERLESS_TITLES) - NOT_TITLES
    )
    vocab = [t for t in vocab if t.isalpha()]
    degrees = sorted(s for s in suffixes.UNIQUE_SUFFIXES if s.isalpha() and len(s) > 1)
    for _ in range(SIZES["title"]):
        c = rng.choice(LATIN)
        person = f"{rng.choice(latin[c][0])} {surname(c)[0]}"
        if rng.random() < 0.25:
            d = rng.choice(degrees)
            decorated = f"{person}, {d.upper() if len(d) <= 3 else d.title()}"
        else:
            t = rng.choice(vocab).title()
            decorated = f"{t}{'.' if len(t) <= 4 and rng.random() < 0.5 else ''} {person}"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, f"whoswho:titles+names-dataset:{c}")
    translit_rows = []
    for c, lang in SCRIPTS.items():
        first, last = top(c, True, 150), top(c, False, 300)
        first = [n for n in first if not strip_marks(n).isascii()]
        last = [n for n in last if not strip_marks(n).isascii()]
        if not first or not last:
            continue
        for _ in range(10):
            native = f"{rng.choice(first)} {rng.choice(last)}"
            roman = translit(native, lang, reversed=True)
            roman = " ".join(w[:1].upper() + w[1:] for w in roman.split())
            if roman.isascii() and roman != native:
                translit_rows.append((native, roman, f"transliterate:{lang}+names-dataset:{c}"))
    for native, roman, src in take(translit_rows, "transliteration"):
        add("transliteration", "positive", "Person", native, roman, src)
    places = []
    for st in us.states.STATES_AND_TERRITORIES:
        if st.ap_abbr and squash(st.ap_abbr) != squash(st.name):
            places.append((st.name, st.ap_abbr, "us: AP abbreviation"))
    for zone, names in Locale("en").time_zones.items():
        city, iana = names.get("city"), zone.split("/")[-1].replace("_", " ")
        if city and "/" in zone and city.lower() != iana.lower() and not zone.startswith("Etc"):
            places.append((city, iana, "babel CLDR exemplar city / IANA tz id"))
    for full, short, src in take(places, "place"):
        a, b = (full, short) if rng.random() < 0.7 else (short, full)
        add("place", "positive", "Place", a, b, src)
    stocks = sorted({s["name"] for s in PyTickerSymbols().get_all_stocks()})
    companies, forms = [], Counter()
    for name in stocks:
        m = re.match(r"^(.+?),? (\S+)$", name)
        if m and FORM.match(m.group(2)) and m.group(1).isascii() and len(m.group(1)) > 2:
            companies.append((name, m.group(1), "pytickersymbols: listed company"))
            forms[m.group(2)] += 1
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)
    import importlib
    import pkgutil

    import stdnum

    acronyms, listed = [], set()
    for mod in pkgutil.walk_packages(stdnum.__path__, "stdnum."):
        try:
            doc = (importlib.import_module(mod.name).__doc__ or "").strip().splitlines()
        except Exception:  # a module that needs an optional dependency
            continue
        m = re.match(r"^([A-Z]{2,6}) \(([^,()]+)[,)]", doc[0]) if doc else None
        if m and len(m.group(2).split()) >= 2 and m.group(2)[0].upper() == m.group(1)[0]:
            acronyms.append((m.group(2).strip(), m.group(1), f"python-stdnum:{mod.name}"))
            listed.add(m.group(1))
    for full, acro, src in take(acronyms, "acronym"):
        add("acronym", "positive", "Entity", full, acro, src)
    mapping = []
    for line in (pipreqs_dir / "pipreqs" / "mapping").read_text().splitlines():
        imp, _, dist = line.partition(":")
        dist = dist.replace("_", "-")
        if "." in dist or len(imp) < 3:  # a namespace package: its import name names no tool
            continue
        if squash(imp) != squash(dist) and subsequence(squash(imp), squash(dist)):
            mapping.append((dist, imp, "pipreqs mapping: PyPI name / import name"))
    for dist, imp, src in take(mapping, "product"):
        add("product", "positive", "Tool", dist, imp, src)

    # -- negatives --------------------------------------------------------------------------
    first_pool = sorted({g for c in LATIN for g in latin[c][0]})
    for a, b in take(one_edit(first_pool, related, 4), "one_edit_given"):
        s, c = surname()
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", f"names-dataset:{c}")
    last_pool = sorted({s for c in LATIN for s in latin[c][1]})
    surname_pairs = one_edit(last_pool, set(), 5)
    for a, b in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(first_pool)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", "names-dataset")
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        c = rng.choice(LATIN)
        a, b = rng.sample(latin[c][0], 2)
        if frozenset((a.lower(), b.lower())) in related or osa1(a.lower(), b.lower()):
            continue
        s = surname(c)[0]
        others.append((f"{a} {s}", f"{b} {s}", f"names-dataset:{c}"))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    common_forms = sorted(f for f, n in forms.items() if n >= 3)
    for a, b in rng.sample(surname_pairs, min(80, len(surname_pairs))):
        form = rng.choice(common_forms)
        co.append((f"{a} {form}", f"{b} {form}", "names-dataset+pytickersymbols legal form"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    cities = sorted(
        {
            x["city"]
            for x in airportsdata.load().values()
            if x["city"].isalpha() and x["city"].isascii()
        }
    )
    for a, b in take(one_edit(cities, set(), 6), "place_negative"):
        add("place_negative", "negative", "Place", a, b, "airportsdata: cities")
    acro_neg = []
    for full, acro, src in acronyms:
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong not in listed and ch != acro[i]:
                    acro_neg.append((full, wrong, src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Entity", full, wrong, src)
    family: dict[str, list[str]] = defaultdict(list)
    for dist, _imp, _src in mapping:
        head, sep, _ = dist.partition("-")
        if sep and head.lower() not in ("python", "py"):  # "python-x" is x's binding, no family
            family[head.lower()].append(dist)
    prod_neg = []
    for members in family.values():
        for x in members:
            for y in members:
                if x != y:
                    prod_neg.append((x, y, "pipreqs mapping: another distribution of the family"))
    for x, y, src in take(prod_neg, "product_negative"):
        add("product_negative", "negative", "Tool", x, y, src)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--pipreqs", type=Path, required=True, help="the unpacked pipreqs wheel")
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for row in build(args.seed, args.pipreqs):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"f{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r5_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
