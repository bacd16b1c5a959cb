"""Generate the resolver's round-11 hold-out: one East Asian person written two ways in Latin.

Why an eleventh set: the round-10 hold-out's category results were read at the end of round 10,
so from round 11 on it is development data. Round 11 is about East Asian personal names written
in Latin letters by two romanisation systems or conventions, so this set holds only such names,
built before any round-11 change from maintained packages that none of the earlier Korean rows
use (round 9's ``korname-generator``, round 6's ``randino``, round 10's ``Faker`` ``ko_KR``
tables, ``name-variants`` and ``hangul-names`` are left alone, and so is every table the resolver
reads):

* the Korean people: ``mimesis``' ``ko`` locale (its 262 family names and 960 given names, in
  Hangul; earlier sets read ``mimesis``' other locales, never ``ko``). Family names are drawn
  mostly (four in five) from those ``whatsername`` spells (below), else from the rest;
* the Korean family names' customary spelling: ``whatsername``'s table of the common Korean
  family names and the spelling it parses them by ("Lee", "Park", "Choi", "Lim", "Noh", "Moon",
  "Ahn", "Shin"; 44 names), read from its source text, not imported;
* the Revised Romanization, the McCune-Reischauer romanisation and the Yale romanisation:
  ``ko-pron`` (a port of Wiktionary's ``ko-pron`` module), used at build time only. A family
  name's RR and MR spelling is that of its syllable alone ("Bak" / "Pak", "Choe" / "Ch'oe",
  "Jeong" / "Chŏng");
  a given name's RR is written syllable by syllable, as the rules for names say ("Seok-jin"), its
  MR as one word with the sound changes MR writes ("Sŏkchin"), hyphenated at the first
  syllable's end when the word starts with that syllable's own spelling ("Sŏk-chin"), else run
  together only. MR is written with its breves and apostrophes, or without them as it commonly is
  ("Chong", "Choe", "Sokchin"); spellings of one letter ("I", "O", "U") are never written. Yale is
  only used to keep two names apart (below), never written;
* Chinese people (``romanisation_zh``): ``mingzi``'s family names (drawn by its weights; single
  characters only) and given names (one or two characters), romanised by ``pypinyin`` (only
  characters with a single reading, none with "ü") and turned into Wade-Giles syllable by syllable
  by ``RoManTools``' Pinyin to Wade-Giles table ("Zhang Xiaoming" / "Chang Hsiao-ming"), written
  with its apostrophes and umlauts or without them ("Ch'en" / "Chen", "Hsü" / "Hsu");
* Japanese people (``romanisation_ja``): ``mimesis``' ``ja`` locale's family names and given
  names, read by ``pykakasi`` (the reading is its guess; both sides of a row use the same one) and
  written four ways for a long vowel: as ``pykakasi``'s Hepburn writes it ("Satou"), with the
  macron of modified Hepburn ("Satō"), without any mark ("Sato"), and with the "oh" of passport
  spelling ("Satoh", at a word's end or before a consonant other than "h"; "uu" is then "u").
  Only names with a long "o" or "u" are used.

Positives (the same person): ``romanisation``, two Latin spellings of one Korean name that differ
in more than case and hyphens: one system against another (the customary family name with the RR
given name, RR, MR, MR without its marks), or one system written run together against hyphenated
or spaced, or family name first against last; ``romanisation_zh``, Pinyin against Wade-Giles (in
either word order, and only where the spellings differ, not just the order);
``romanisation_ja``, two of the four long-vowel spellings.

Hard negatives (two Korean people, both in Latin, both written alike in one system):
``same_family_other_given``, the same family name with a given name that shares no syllable;
``one_syllable_given``, the same family name with a given name that differs in one of its two
syllables; ``other_family_same_given``, the same given name under another family name whose
spellings are not close; ``close_surname``, the same given name under two family names whose
written spellings are one edit apart (one of them a family name ``whatsername`` spells). In every
negative the two names have no spelling in common: no spelling of one family name (customary,
RR, MR with or without marks, Yale) is one of the other's, and no romanisation of one given name
is one of the other's, so either side can be read as only one of the two people.

Each person and each written name (letters only, in any word order) appears in one row only, so
no query is verbatim another row's stored name.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r11_holdout.jsonl``), committed before any round-11 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r11.py [--seed 11011] [--out bench/data]`` in a virtualenv
with ``pip install --no-deps mimesis==22.2.0 ko-pron==1.3 whatsername==0.1.0 mingzi==1.2.3
pypinyin==0.55.0 RoManTools==0.2.0b2 pykakasi==2.3.0 jaconv==0.5.0 deprecated==1.3.1
wrapt==2.5.2`` (``--no-deps``: ``whatsername``'s parser is read as text, not imported, so its
``nameparser`` dependency, which the resolver reads, is not installed; ``RoManTools``' table and
``mimesis``' and ``mingzi``'s JSON are read as files). Licences: mimesis MIT, ko-pron MIT,
whatsername GPL-3.0-or-later, mingzi MIT, pypinyin MIT, RoManTools GPL-3.0, pykakasi
GPL-3.0-or-later (the GPL ones are used at build time only; only derived name pairs are stored
here). Tried and left alone: ``YaleKorean`` and ``ko-pron``'s Yale output (Yale is not how
people write their names; used only to keep negatives apart), ``namefyi`` (a plain RR function,
no data), ``sinonym`` (its Japanese lexicon is ``japanese-personal-name-dataset``, used in round
6; its Korean list is Latin only), ``cutlet`` (needs a MeCab dictionary), ``Lavender-Pinyin``
(no Wade-Giles), the npm ``kpop`` package (a romaniser, no names). No package with customary
given-name spellings ("Joon", "Hyun", "Young") or the written-long "h" of given names ("Jiah")
other than those already used was found, so the given names are written in RR and MR only.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import json
import random
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 11011
VERSIONS = {"mimesis": "22.2.0", "ko-pron": "1.3", "whatsername": "0.1.0", "mingzi": "1.2.3",
            "pypinyin": "0.55.0", "RoManTools": "0.2.0b2", "pykakasi": "2.3.0"}  # fmt: skip
SIZES = {"romanisation": 110, "romanisation_zh": 35, "romanisation_ja": 30,
         "same_family_other_given": 32, "one_syllable_given": 32, "other_family_same_given": 28,
         "close_surname": 33}  # fmt: skip
JOINS = ("hyphen", "run", "space")
KO_SYSTEMS = ("cust", "rr", "mr", "mrs")
KO_SOURCE = {"cust": "whatsername+ko-pron RR", "rr": "ko-pron RR", "mr": "ko-pron MR",
             "mrs": "ko-pron MR unmarked"}  # fmt: skip


def osa1(a: str, b: str) -> bool:
    """Whether two lowercase words are one edit apart (insert, delete, substitute, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def unmark(s: str) -> str:
    """Without breves, umlauts, macrons and apostrophes ("Ch'ŏng" -> "Chong")."""
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    return s.replace("'", "").replace("\u2019", "")


def squash(s: str) -> str:
    return "".join(ch for ch in unmark(s).lower() if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order ("Minjun Kim" and "Kim Minjun")."""
    parts = sorted(squash(w) for w in text.replace("-", " ").split())
    return {squash(text), "".join(parts)}


def render(family_form: str, syllables: list[str], join: str, family_first: bool) -> str:
    """A Latin name: the family name's spelling and the given name's syllables, joined."""
    if join != "run":  # MR's "'" before a syllable ("Ch'an'gi") is not written after a hyphen
        syllables = [syllables[0], *(s.lstrip("'") for s in syllables[1:])]
    if join == "hyphen":
        given = "-".join(syllables).capitalize()
    elif join == "run":
        given = "".join(syllables).capitalize()
    else:
        given = " ".join(s.capitalize() for s in syllables)
    family = family_form.capitalize()
    return f"{family} {given}" if family_first else f"{given} {family}"


def site_file(package: str, *parts: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, package
    return Path(spec.origin).parent.joinpath(*parts)


class Korean:
    """``ko-pron``'s RR and MR of names, ``whatsername``'s customary family-name spellings."""

    def __init__(self) -> None:
        from ko_pron.ko_pron import romanise  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.romanise = romanise
        source = site_file("whatsername", "parser.py").read_text(encoding="utf-8")
        tree = ast.parse(source)
        table: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "_NP_KOREAN_SURNAME_MAP" for t in node.targets
            ):
                table = ast.literal_eval(node.value)
        assert table, "whatsername's Korean surname table not found"
        self.customary = table
        person = json.loads(
            site_file("mimesis", "datasets", "ko", "person.json").read_text(encoding="utf-8")
        )
        self.surnames = sorted(s for s in person["surnames"] if len(s) == 1)
        self.given = sorted({n for sex in ("male", "female") for n in person["names"][sex]})
        self.given = [n for n in self.given if len(n) == 2 and self.mr_syllables(n)]

    def rom(self, text: str, system: str) -> str:
        return str(self.romanise(text, system)).lower()

    def family(self, hangul: str, system: str) -> str | None:
        """A family name's spelling in one system, if it is written (two letters or more)."""
        if system == "cust":
            form = self.customary.get(hangul)
        elif system == "mrs":
            form = unmark(self.rom(hangul, "mr"))
        else:
            form = self.rom(hangul, system)
        return form if form and len(unmark(form)) >= 2 else None

    def mr_syllables(self, given: str) -> list[str] | None:
        """MR of a given name as one word, split after the first syllable if it starts with that
        syllable's own spelling; ``None`` if not."""
        whole, first = self.rom(given, "mr"), self.rom(given[0], "mr")
        if not whole.isalpha() and "'" not in whole:
            return None
        if len(given) == 1:
            return [whole]
        if whole.startswith(first) and len(whole) > len(first):
            return [first, whole[len(first) :]]
        return None

    def given_syllables(self, given: str, system: str) -> list[str]:
        if system in ("cust", "rr"):
            return [self.rom(ch, "rr") for ch in given]
        syl = self.mr_syllables(given)
        assert syl is not None
        return [unmark(s) for s in syl] if system == "mrs" else syl

    def family_spellings(self, hangul: str) -> set[str]:
        forms = {self.customary.get(hangul, "")} | {
            squash(self.rom(hangul, s)) for s in ("rr", "mr", "yr")
        }
        return {squash(f) for f in forms if f}

    def given_spellings(self, given: str) -> set[str]:
        out = {squash(self.rom(given, s)) for s in ("rr", "mr", "yr")}
        return out | {"".join(squash(self.rom(ch, "rr")) for ch in given)}


def chinese_people() -> tuple[dict[str, float], list[str], dict[str, str], dict[str, str]]:
    """``mingzi``'s family names (weights) and given names, and each character's Wade-Giles and
    Pinyin syllable."""
    from pypinyin import Style, pinyin  # type: ignore[import-not-found,import-untyped,unused-ignore]

    data = json.loads(site_file("mingzi", "data.json").read_text(encoding="utf-8"))
    with site_file("RoManTools", "data", "conversion_mapping.csv").open(encoding="utf-8") as fh:
        wg = {row["py"]: row["wg"] for row in csv.DictReader(fh)}
    reading: dict[str, str] = {}

    def ok(text: str) -> bool:
        for ch in text:
            if ch not in reading:
                r = pinyin(ch, style=Style.NORMAL, heteronym=True)[0]
                reading[ch] = r[0] if len(r) == 1 and r[0] in wg and r[0].isalpha() else ""
            if not reading[ch] or "v" in reading[ch] or "ü" in reading[ch]:
                return False
        return True

    families = {f: float(w) for f, w in data["surname"].items() if len(f) == 1 and ok(f)}
    given = sorted(
        {
            g
            for k in ("male_single", "female_single", "male_double", "female_double")
            for g in data[k]
            if ok(g)
        }
    )
    pinyin_of = {ch: py for ch, py in reading.items() if py}
    return families, given, {ch: wg[py] for ch, py in pinyin_of.items()}, pinyin_of


def japanese_people() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """``mimesis``' ``ja`` family and given names with ``pykakasi``'s Hepburn reading."""
    import pykakasi  # type: ignore[import-not-found,import-untyped,unused-ignore]

    kks = pykakasi.kakasi()
    person = json.loads(
        site_file("mimesis", "datasets", "ja", "person.json").read_text(encoding="utf-8")
    )

    def read(name: str) -> str:
        text = "".join(str(seg["hepburn"]) for seg in kks.convert(name)).lower()
        return text if text.isalpha() and text.isascii() else ""

    families = [(f, read(f)) for f in sorted(set(person["surnames"]))]
    given = [
        (g, read(g)) for g in sorted({n for s in ("male", "female") for n in person["names"][s]})
    ]
    return [p for p in families if p[1]], [p for p in given if p[1]]


LONG = ("ou", "oo", "uu")


def ja_form(reading: str, style: str) -> str:
    """One long-vowel spelling of a Hepburn reading: ``wapuro`` as read ("satou"), ``macron``
    ("satō"), ``bare`` ("sato"), ``oh`` ("satoh")."""
    if style == "wapuro":
        return reading
    out, i = "", 0
    while i < len(reading):
        pair = reading[i : i + 2]
        if pair in LONG:
            long_ = "ū" if pair == "uu" else "ō"
            oh = "oh" if i + 2 == len(reading) or reading[i + 2] not in "aeiouhy" else "o"
            out += {"macron": long_, "bare": pair[0], "oh": "u" if pair == "uu" else oh}[style]
            i += 2
        else:
            out += reading[i]
            i += 1
    return out


def build(seed: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    ko = Korean()
    rows: list[dict[str, str]] = []
    used_people: set[str] = set()
    used_keys: set[str] = set()
    common = [f for f in ko.surnames if f in ko.customary and ko.family(f, "rr")]
    rest = [f for f in ko.surnames if f not in ko.customary and ko.family(f, "rr")]

    def fresh(people: list[str], texts: list[str]) -> bool:
        """Whether neither person nor any written name was used by an earlier row; if so,
        they are taken."""
        keys = set().union(*(keys_of(t) for t in texts))
        if len(set(people)) < len(people) or used_people & set(people) or used_keys & keys:
            return False
        used_people.update(people)
        used_keys.update(keys)
        return True

    def add(cat: str, kind: str, stored: str, query: str, source: str) -> None:
        rows.append({"category": cat, "kind": kind, "type": "Person", "stored": stored,
                     "query": query, "source": source})  # fmt: skip

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    def family() -> str:
        return rng.choice(common) if rng.random() < 0.8 else rng.choice(rest)

    def systems(fam: str) -> list[str]:
        return [s for s in KO_SYSTEMS if ko.family(fam, s)]

    def join_for(system: str, given: str) -> str:
        return "run" if len(given) == 1 else rng.choices(JOINS, [45, 35, 20])[0]

    def written(fam: str, given: str, system: str, join: str, first: bool) -> str:
        form = ko.family(fam, system)
        assert form is not None
        return render(form, ko.given_syllables(given, system), join, first)

    # -- Korean positives -------------------------------------------------------------------
    for _ in range(SIZES["romanisation"] * 30):
        if count("romanisation") >= SIZES["romanisation"]:
            break
        fam, given = family(), rng.choice(ko.given)
        options = systems(fam)
        s1 = rng.choice(options)
        j1, f1 = join_for(s1, given), rng.random() < 0.5
        s2, j2, f2 = s1, j1, f1
        change = rng.choices(("system", "join", "order"), [60, 20, 20])[0]
        if change == "system":
            s2 = rng.choice([s for s in options if s != s1])
            j2 = join_for(s2, given) if rng.random() < 0.4 else j1
            f2 = f1 if rng.random() < 0.7 else not f1
        elif change == "join":
            j2 = "run" if j1 != "run" else rng.choice(("hyphen", "space"))
        else:
            f2 = not f1
            j2 = join_for(s2, given)
        one, two = written(fam, given, s1, j1, f1), written(fam, given, s2, j2, f2)
        if one.lower().replace("-", " ") == two.lower().replace("-", " "):
            continue  # only case or a hyphen apart
        if not fresh([fam + given], [one, two]):
            continue
        src = "mimesis ko+" + (KO_SOURCE[s1] if s1 == s2 else f"{KO_SOURCE[s1]}/{KO_SOURCE[s2]}")
        add("romanisation", "positive", one, two, src)

    # -- Chinese positives ------------------------------------------------------------------
    zh_families, zh_given, zh_wg, zh_py = chinese_people()
    zh_fam_list = sorted(zh_families)
    for _ in range(SIZES["romanisation_zh"] * 30):
        if count("romanisation_zh") >= SIZES["romanisation_zh"]:
            break
        fam = rng.choices(zh_fam_list, [zh_families[f] for f in zh_fam_list])[0]
        given = rng.choice(zh_given)
        marked = rng.random() < 0.5
        py = render(zh_py[fam], [zh_py[ch] for ch in given], "run", rng.random() < 0.7)
        wg_syl = [zh_wg[ch] if marked else unmark(zh_wg[ch]) for ch in given]
        wg_fam = zh_wg[fam] if marked else unmark(zh_wg[fam])
        wg = render(wg_fam, wg_syl, "hyphen", rng.random() < 0.7)
        if py.lower().replace("-", " ") == wg.lower().replace("-", "").replace("  ", " "):
            continue
        words = [sorted(squash(w) for w in t.replace("-", "").split()) for t in (py, wg)]
        if words[0] == words[1] or not fresh([fam + given], [py, wg]):
            continue
        a, b = (py, wg) if rng.random() < 0.5 else (wg, py)
        mark = "" if marked else " unmarked"
        add("romanisation_zh", "positive", a, b, f"mingzi+pypinyin+RoManTools Wade-Giles{mark}")

    # -- Japanese positives -----------------------------------------------------------------
    ja_families, ja_given = japanese_people()
    styles = ("wapuro", "macron", "bare", "oh")
    for _ in range(SIZES["romanisation_ja"] * 60):
        if count("romanisation_ja") >= SIZES["romanisation_ja"]:
            break
        (fam, fr), (given, gr) = rng.choice(ja_families), rng.choice(ja_given)
        if not any(p in fr + " " + gr for p in LONG):
            continue
        st1, st2 = rng.sample(styles, 2)
        f1 = rng.random() < 0.5
        f2 = f1 if rng.random() < 0.7 else not f1
        one = render(ja_form(fr, st1), [ja_form(gr, st1)], "run", f1)
        two = render(ja_form(fr, st2), [ja_form(gr, st2)], "run", f2)
        if one.lower() == two.lower() or not fresh([fam + "/" + given], [one, two]):
            continue
        add("romanisation_ja", "positive", one, two, f"mimesis ja+pykakasi Hepburn {st1}/{st2}")

    # -- Korean negatives -------------------------------------------------------------------
    def apart_given(a: str, b: str) -> bool:
        return not ko.given_spellings(a) & ko.given_spellings(b)

    def apart_family(a: str, b: str) -> bool:
        return a != b and not ko.family_spellings(a) & ko.family_spellings(b)

    def pair(fam1: str, g1: str, fam2: str, g2: str, cat: str, system: str) -> None:
        """Two people, both in Latin in one system and style ("Jung Min-jun" / "Jang Min-jun")."""
        join = "run" if min(len(g1), len(g2)) == 1 else rng.choices(JOINS, [45, 35, 20])[0]
        first = rng.random() < 0.5
        one, two = written(fam1, g1, system, join, first), written(fam2, g2, system, join, first)
        if fresh([fam1 + g1, fam2 + g2], [one, two]):
            add(cat, "negative", one, two, f"mimesis ko+{KO_SOURCE[system]}")

    def both_systems(a: str, b: str) -> list[str]:
        return [s for s in KO_SYSTEMS if ko.family(a, s) and ko.family(b, s)]

    for _ in range(SIZES["same_family_other_given"] * 30):
        if count("same_family_other_given") >= SIZES["same_family_other_given"]:
            break
        fam = family()
        g1, g2 = rng.sample(ko.given, 2)
        if set(g1) & set(g2) or not apart_given(g1, g2):
            continue
        pair(fam, g1, fam, g2, "same_family_other_given", rng.choice(systems(fam)))

    one_syllable = [
        (a, b)
        for a in ko.given
        for b in ko.given
        if a < b and (a[0] == b[0]) != (a[1] == b[1]) and apart_given(a, b)
    ]
    for _ in range(SIZES["one_syllable_given"] * 30):
        if count("one_syllable_given") >= SIZES["one_syllable_given"]:
            break
        fam = family()
        g1, g2 = rng.sample(rng.choice(one_syllable), 2)
        pair(fam, g1, fam, g2, "one_syllable_given", rng.choice(systems(fam)))

    def close_in(a: str, b: str) -> list[str]:
        """The systems in which the two family names' spellings are one edit apart."""
        out = []
        for s in both_systems(a, b):
            x, y = ko.family(a, s), ko.family(b, s)
            assert x is not None and y is not None
            if osa1(squash(x), squash(y)):
                out.append(s)
        return out

    for _ in range(SIZES["other_family_same_given"] * 30):
        if count("other_family_same_given") >= SIZES["other_family_same_given"]:
            break
        fam1, fam2, given = family(), family(), rng.choice(ko.given)
        if not apart_family(fam1, fam2) or close_in(fam1, fam2):
            continue
        options = both_systems(fam1, fam2)
        if options:
            pair(fam1, given, fam2, given, "other_family_same_given", rng.choice(options))

    for _ in range(SIZES["close_surname"] * 30):
        if count("close_surname") >= SIZES["close_surname"]:
            break
        one = rng.choice(common)  # one of the two is a family name whatsername spells
        near = [f for f in ko.surnames if apart_family(one, f) and close_in(one, f)]
        if not near:
            continue
        fam1, fam2 = rng.sample([one, rng.choice(near)], 2)
        given = rng.choice(ko.given)
        pair(fam1, given, fam2, given, "close_surname", rng.choice(close_in(fam1, fam2)))
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
        if key not in seen and row["stored"].strip() != row["query"].strip():
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"x{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r11_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
