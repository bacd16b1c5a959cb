"""Generate the resolver's *fresh* hold-out set: name pairs drawn by a third method, never tuned on.

Why a third set: the seeded set (``make_resolver_data.py``) was tuned on from the start, and the
generalisation set's hold-out half (``make_resolver_generalisation.py``) was read while tuning, so
it is no longer pristine. This set is built differently from both, from maintained data only (no
name list is written here; the few word lists below are templates and spelling conventions):

* people: the per-locale name tables of ``Faker`` (first and last names of 20 locales, Latin,
  Cyrillic and Greek scripts), not the US Census lists both earlier sets use;
* nicknames: ``nicknames`` (``NickNamer``), asked about Faker's English first names, both ways;
* titles and suffixes: ``nameparser``'s own title and suffix vocabulary and Faker's prefixes;
* transliterations: ``anyascii`` romanisations of Cyrillic, Greek and accented Latin names, and the
  German / Scandinavian convention (DIN 5007-2: ä → ae, ø → oe, å → aa, ß → ss) of the same names;
* places: ``pycountry`` subdivisions (ISO 3166-2) of countries the earlier sets did not use, their
  codes where the code is the usual short form (Canadian provinces, Australian states), ASCII
  folds of accented names, "Saint" / "St." forms;
* companies: Faker's per-locale company formats and legal forms ("GmbH & Co. KG", "Sp. z o.o.",
  "A/S"), stored with the form and queried without it (or the reverse);
* acronyms: initials of multi-word organisation names built from a pycountry subdivision and an
  institution kind ("Manitoba Port Authority" → "MPA");
* products/tools: ``pygments`` lexer names and the aliases its maintainers list for them, where
  the alias is a shortening of the name ("TypeScript" / "ts", "YAML" / "yml").

Hard negatives: first names and surnames one edit apart (Faker tables, not nickname-related), the
same family name with another given name, companies one edit apart with one legal form, place
names differing by one compass word or one letter, acronyms one letter off a stored one, and a
tool against its plug-in or a longer name that starts with it ("pytest" / "pytest-cov" style:
lexer "Python" / "Python Traceback").

Every row is ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the
generalisation set; the whole set is one hold-out (``resolver_fresh_holdout.jsonl``), frozen
(committed, its hash pinned by a test) before any resolver change, and used for final
measurement only. Reproducible with the pinned package versions below and the fixed seed.

Usage: ``python scripts/make_resolver_fresh.py [--seed 2026] [--out bench/data]``
(needs ``pip install faker==40.63.0``; ``pygments`` 2.21.0 as installed with the dev tools).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
from collections import defaultdict
from pathlib import Path

SEED = 2026
VERSIONS = {"faker": "40.63.0", "pygments": "2.21.0", "pycountry": "26.2.16", "nicknames": "1.0.1"}

LATIN_LOCALES = [
    "en_US", "en_GB", "de_DE", "fr_FR", "it_IT", "es_ES", "nl_NL", "sv_SE", "da_DK", "no_NO",
    "fi_FI", "cs_CZ", "hu_HU", "hr_HR", "pt_BR", "tr_TR", "ro_RO",
]  # fmt: skip
NONLATIN_LOCALES = ["ru_RU", "uk_UA", "bg_BG", "el_GR"]
COMPANY_LOCALES = ["en_US", "de_DE", "fr_FR", "it_IT", "es_ES", "nl_NL", "pt_BR", "sv_SE",
                   "pl_PL", "da_DK", "fi_FI", "cs_CZ"]  # fmt: skip
# Templates for organisation names (an institution kind after a place name); the acronyms are
# derived from the resulting words, never listed.
INSTITUTIONS = ["Port Authority", "Transit Commission", "Regional Medical Center",
                "Housing Finance Agency", "Water Resources Board", "Chamber of Commerce",
                "Power Generation Corporation", "Institute of Technology", "Teachers Union",
                "Revenue Service", "Public Library", "Development Bank", "Film Commission",
                "Energy Regulatory Board", "Tourism Council"]  # fmt: skip
COMPASS = {"north", "south", "east", "west", "northern", "southern", "eastern", "western", "upper",
           "lower", "nord", "sud", "norte", "sur", "central", "centre", "centro"}  # fmt: skip
DIN = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ø": "oe",
       "Ø": "Oe", "å": "aa", "Å": "Aa", "æ": "ae", "Æ": "Ae"}  # fmt: skip
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip


def person_tables(locale: str) -> tuple[list[str], list[str]]:
    p = importlib.import_module(f"faker.providers.person.{locale}").Provider
    first = sorted(set(p.first_names_male) | set(p.first_names_female))
    last = sorted(set(getattr(p, "last_names_male", ()) or getattr(p, "last_names", ())))
    return first, [n for n in last if " " not in n and "'" not in n]


def osa1(a: str, b: str) -> bool:
    """Whether two lowercase words are one edit apart (insert, delete, substitute, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def one_edit(
    pool: list[str], related: set[frozenset[str]], min_len: int = 4
) -> list[tuple[str, str]]:
    by_len: dict[int, list[str]] = defaultdict(list)
    for w in pool:
        by_len[len(w)].append(w)
    out = set()
    for w in pool:
        if len(w) < min_len:
            continue
        for size in (len(w), len(w) + 1):
            for o in by_len[size]:
                pair = frozenset((w.lower(), o.lower()))
                fresh = (size > len(w) or o > w) and pair not in related
                if fresh and osa1(w.lower(), o.lower()) and fold(w) != fold(o):
                    out.add((w, o))
    return sorted(out)


def honorifics(locale: str) -> set[str]:
    p = importlib.import_module(f"faker.providers.person.{locale}").Provider
    found: set[str] = set()
    for attr in ("prefixes", "prefixes_male", "prefixes_female"):
        value = getattr(p, attr, ()) or ()
        found |= {str(x) for x in (value.keys() if isinstance(value, dict) else value)}
    return {t for t in found if t.strip(".")}


def fold(name: str) -> str:
    from anyascii import anyascii

    return anyascii(name).lower()


def connective(form: str) -> bool:
    """Whether a company "suffix" starts with a lowercase word ("and Sons", "e Filhos")."""
    first = form.split()[0]
    return len(form.split()) > 1 and first.isalpha() and first.islower()


def din(name: str) -> str:
    return "".join(DIN.get(ch, ch) for ch in name)


def initials(words: list[str]) -> str:
    return "".join(w[0].upper() for w in words if w.lower() not in {"of", "and", "the", "for"})


def build(seed: int) -> list[dict[str, str]]:
    import pycountry
    from anyascii import anyascii
    from nameparser.config import CONSTANTS
    from nicknames import NickNamer
    from pygments.lexers import get_all_lexers

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if stored != query:
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    tables = {loc: person_tables(loc) for loc in LATIN_LOCALES + NONLATIN_LOCALES}
    english_first = sorted(set(tables["en_US"][0]) | set(tables["en_GB"][0]))
    latin_last = sorted({(n, loc) for loc in LATIN_LOCALES for n in tables[loc][1]})
    namer = NickNamer()
    related: set[frozenset[str]] = set()
    for loc in LATIN_LOCALES:
        for g in tables[loc][0]:
            for o in namer.nicknames_of(g.lower()) | namer.canonicals_of(g.lower()):
                related.add(frozenset((g.lower(), o)))

    def surname() -> tuple[str, str]:
        return rng.choice(latin_last)

    # -- positives --------------------------------------------------------------------------
    nick = [
        (g, n.title(), "nicknames_of")
        for g in english_first
        for n in namer.nicknames_of(g.lower())
        if len(n) > 2
    ]
    nick += [
        (c.title(), g, "canonicals_of")
        for g in english_first
        for c in namer.canonicals_of(g.lower())
        if len(c) > 2
    ]
    for full, short, how in take(nick, "nickname"):
        s, loc = surname()
        a, b = (
            (f"{full} {s}", f"{short} {s}")
            if rng.random() < 0.5
            else (f"{short} {s}", f"{full} {s}")
        )
        add("nickname", "positive", "Person", a, b, f"nicknames:{how}+faker:{loc}")
    # Honorifics each locale's Faker tables use, and nameparser's short generational suffixes
    # (nameparser's title list also holds occupations, "Criminal", "Actor": not honorifics).
    titles = sorted({t for loc in LATIN_LOCALES for t in honorifics(loc)})
    suffixes = sorted(
        x.upper() if set(x) <= set("ivx") else x.title()
        for x in CONSTANTS.suffix_not_acronyms
        if x.isascii() and x.isalpha() and 2 <= len(x) <= 4
    )
    for i in range(SIZES["title"]):
        loc = rng.choice(LATIN_LOCALES)
        person = f"{rng.choice(tables[loc][0])} {rng.choice(tables[loc][1])}"
        if i % 3 == 2:
            decorated, src = f"{person} {rng.choice(suffixes)}", "nameparser:suffix"
        else:
            decorated, src = f"{rng.choice(titles)} {person}", "faker:prefix"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, f"{src}+faker:{loc}")
    translit = []
    for loc in NONLATIN_LOCALES:
        first, last = tables[loc]
        for _ in range(6):
            native = f"{rng.choice(first)} {rng.choice(last)}"
            translit.append((native, anyascii(native), f"anyascii+faker:{loc}"))
    for loc in ("de_DE", "sv_SE", "da_DK", "no_NO", "fi_FI", "cs_CZ", "hu_HU", "tr_TR", "hr_HR"):
        first, last = tables[loc]
        marked = [n for n in first + last if not n.isascii()]
        for _ in range(3):
            native = rng.choice(marked)
            other = rng.choice(first if native in last else last)
            full = f"{native} {other}" if native in first else f"{other} {native}"
            translit.append((full, anyascii(full), f"anyascii+faker:{loc}"))
            if din(full) != full and loc in ("de_DE", "sv_SE", "da_DK", "no_NO", "fi_FI"):
                translit.append((full, din(full), f"DIN 5007-2+faker:{loc}"))
    for native, roman, src in take(translit, "transliteration"):
        add("transliteration", "positive", "Person", native, roman, src)
    places = []
    for cc in ("CA", "AU"):
        for sub in pycountry.subdivisions.get(country_code=cc):
            places.append((sub.name, sub.code.split("-")[1], f"pycountry:ISO 3166-2:{cc} code"))
    for cc in ("TR", "HU", "RO", "IS", "NO", "PT", "IT", "BE", "VN", "CZ", "PL"):
        for sub in pycountry.subdivisions.get(country_code=cc):
            if not sub.name.isascii() and anyascii(sub.name) != sub.name:
                places.append((sub.name, anyascii(sub.name), f"pycountry+anyascii:{cc}"))
    for sub in pycountry.subdivisions:
        words = sub.name.split()
        if words and words[0] in ("Saint", "Sankt", "Santa") and len(words) > 1:
            places.append(
                (sub.name, " ".join(["St.", *words[1:]]), f"pycountry:{sub.country_code}")
            )
    for full, short, src in take(places, "place"):
        add("place", "positive", "Place", full, short, src)
    companies = []
    for loc in COMPANY_LOCALES:
        c = importlib.import_module(f"faker.providers.company.{loc}").Provider
        # legal forms only: not "and Sons" / "e Filhos" (part of the name) nor "- ME" notes
        forms = [x for x in c.company_suffixes if not x.startswith("-") and not connective(x)]
        last = person_tables(loc if loc != "pl_PL" else "cs_CZ")[1]
        for _ in range(4):
            base = rng.choice(last)
            if rng.random() < 0.4:
                base = f"{base} {rng.choice(last)}"
            formal = f"{base} {rng.choice(sorted(set(forms)))}"
            companies.append((formal, base, f"faker:company.{loc}"))
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)
    regions = sorted({s.name for cc in ("CA", "AU", "US", "ZA", "IN", "GB") for s in
                      pycountry.subdivisions.get(country_code=cc) if s.name.isascii()
                      and "," not in s.name and "(" not in s.name})  # fmt: skip
    orgs = []
    for _ in range(SIZES["acronym"] * 2):
        org = f"{rng.choice(regions)} {rng.choice(INSTITUTIONS)}"
        orgs.append((org, initials(org.replace("-", " ").split())))
    for org, acro in take(orgs, "acronym"):
        add("acronym", "positive", "Organization", org, acro, "pycountry+template:initials")
    products = []

    def squash(s: str) -> str:
        return "".join(ch for ch in s.lower() if ch.isalnum())

    def camel_initials(name: str) -> str:
        parts = re.findall(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+", name)
        return "".join(x[0].lower() for x in parts) if len(parts) >= 2 else ""

    def subsequence(short: str, long_: str) -> bool:
        it = iter(long_)
        return all(ch in it for ch in short)

    lexers = sorted((n, a) for n, a, _, _ in get_all_lexers())
    for name, aliases in lexers:
        if any(x in name for x in ("+", "/", "ANTLR", "console", "session", "Session", "template")):
            continue
        for alias in aliases:
            k, j = squash(alias), squash(name)
            if (
                2 <= len(k) < len(j)
                and k[0] == j[0]
                and subsequence(k, j)
                and (
                    k == camel_initials(name)
                    or (k == j[: len(k)] and len(k) >= 4 and 2 * len(k) >= len(j))
                    or k
                    == "".join(w[0] for w in name.lower().split()[:-1]) + squash(name.split()[-1])
                )
            ):
                products.append((name, alias, "pygments:lexer alias"))
    for name, alias, src in take(products, "product"):
        add("product", "positive", "Tool", name, alias, src)

    # -- negatives --------------------------------------------------------------------------
    first_pool = sorted({g for loc in LATIN_LOCALES for g in tables[loc][0] if g.isalpha()})
    for a, b in take(one_edit(first_pool, related), "one_edit_given"):
        s, loc = surname()
        add(
            "one_edit_given",
            "negative",
            "Person",
            f"{a} {s}",
            f"{b} {s}",
            f"faker:first names+{loc}",
        )
    last_pool = sorted({n for n, _ in latin_last if n.isalpha()})
    surname_pairs = one_edit(last_pool, set(), min_len=5)
    for a, b in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(first_pool)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", "faker:last names")
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        loc = rng.choice(LATIN_LOCALES)
        a, b = rng.sample(tables[loc][0], 2)
        if frozenset((a.lower(), b.lower())) in related or osa1(a.lower(), b.lower()):
            continue
        if rng.random() < 0.5 and a[0] != b[0]:  # half share an initial: "J. Smith" territory
            same = [g for g in tables[loc][0] if g[0] == a[0] and g != a
                    and frozenset((a.lower(), g.lower())) not in related]  # fmt: skip
            b = rng.choice(same) if same else b
        s = rng.choice(tables[loc][1])
        others.append((f"{a} {s}", f"{b} {s}", f"faker:{loc}"))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    for a, b in rng.sample(surname_pairs, min(80, len(surname_pairs))):
        loc = rng.choice(COMPANY_LOCALES)
        c = importlib.import_module(f"faker.providers.company.{loc}").Provider
        form = rng.choice(sorted(set(c.company_suffixes)))
        co.append((f"{a} {form}", f"{b} {form}", f"faker:last names+company.{loc}"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    subs = sorted(
        {s.name for s in pycountry.subdivisions if s.name.isascii() and "," not in s.name}
    )
    by_rest: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for name in subs:
        words = name.replace("-", " ").split()
        rest = tuple(w for w in words if w.lower() not in COMPASS)
        if rest and len(rest) < len(words):
            by_rest[rest].append(name)
    close = [(a, b) for group in by_rest.values() for a in group for b in group if a < b]
    close += [(a, b) for a, b in one_edit([s for s in subs if " " not in s], set(), 6)]
    for a, b in take(close, "place_negative"):
        add("place_negative", "negative", "Place", a, b, "pycountry:ISO 3166-2")
    acro_neg = []
    for _ in range(SIZES["acronym_negative"] * 3):
        region, kind = rng.choice(regions), rng.choice(INSTITUTIONS)
        org = f"{region} {kind}"
        acro = initials(org.replace("-", " ").split())
        other = rng.choice(INSTITUTIONS)
        wrong = initials(f"{region} {other}".replace("-", " ").split())
        if wrong != acro and len(wrong) == len(acro):
            acro_neg.append((org, wrong))  # the acronym of a sibling institution, not stored
    for org, wrong in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Organization", org, wrong, "pycountry+template")
    names = sorted({n for n, _ in lexers if "+" not in n and "/" not in n})
    longer = [(a, b) for a in names for b in names if b.startswith(a + " ") and len(b.split()) <= 3]
    longer += [(a, b) for a, b in one_edit(names, set(), 4)]
    for a, b in take(longer, "product_negative"):
        add("product_negative", "negative", "Tool", a, b, "pygments:lexer names")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    rows = build(args.seed)
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for row in rows:
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"f{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_fresh_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
