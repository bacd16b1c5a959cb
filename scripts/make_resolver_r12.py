"""Generate the resolver's round-12 hold-out: Japanese and Chinese people romanised two ways.

Why a twelfth set: the round-11 hold-out's category results were read at the end of round 11,
so from round 12 on it is development data. Round 12 is about Japanese and Chinese personal names
written in Latin letters by two romanisation systems or conventions, so this set holds only such
names, built before any round-12 change from maintained packages that no earlier set uses
(round 11's ``mimesis`` ``ja``/``ko`` tables, ``mingzi``, ``pypinyin``, ``RoManTools``,
``pykakasi``, ``ko-pron`` and ``whatsername``, round 10's ``Faker`` ``ko_KR`` tables,
``name-variants`` and ``hangul-names`` are left alone, and so is every table the resolver reads):

* Japanese people: ``Faker``'s ``ja_JP`` person tables (50 family names and 51 given names, each
  in kanji with its katakana reading). The kanji pair is the person; the katakana is the reading,
  so no reading is guessed. ``Faker``'s own romanised column is not used (it has slips such as
  "Shohei" for シュウヘイ and a Kunrei "Mituru" among Hepburn names);
* the Japanese romanisations: ``romkan``'s Hepburn and Kunrei-shiki of the katakana, used at
  build time only, and written seven ways: as ``romkan``'s Hepburn writes it ("Satou", "Oota",
  "Yuuki"; ``wapuro``), with the macrons of modified Hepburn ("Satō", "Ōta"), with circumflexes
  ("Satô"), without any mark ("Sato"), with the "oh" of passport spelling ("Satoh", "Ohta", at a
  word's end or before a consonant other than "h"; "uu" is then "u"), and in Kunrei-shiki with its
  circumflexes ("Tutomu", "Sinzi", "Syôta") or without them ("Syota"). Hepburn's "n'" before a
  vowel ("Ken'ichi") is kept in the macron, circumflex and Kunrei spellings, dropped elsewhere.
  Names where a long-vowel pair runs into another vowel ("Inoue") are not used, since there the
  pair is not a long vowel;
* Chinese people: ``Faker``'s ``zh_CN`` (simplified) and ``zh_TW`` (traditional) family names
  (drawn by their weights; single characters only) and given names (one or two characters),
  read by ``dragonmapper`` (CC-CEDICT and Unihan; only characters all of whose readings there are
  one syllable, whatever the tone, and whose first reading ``xpinyin`` gives too, tone included;
  so common family characters with a second reading, such as 王 and 陈, are left out).
  ``Faker``'s ``zh_TW`` Wade-Giles column is not used: its comment says it was made with
  ``pypinyin``, round 11's converter;
* Wade-Giles: ``cjklib3``'s ``wadegilespinyinmapping.csv`` (after Legeza's conversion tables and
  Giles' dictionary; only its current forms, not the ones it marks as old or dialect), read as a
  file, syllable by syllable ("Zhang Zhiqiang" / "Chang Chih-ch'iang"), written with its
  apostrophes, umlauts and circumflexes ("Ch'ên", "Hsü") or without them ("Chen", "Hsu"). Pinyin
  is written with its tone marks ("Zhāng Zhìqiáng") or without them, with the apostrophe before
  a syllable that starts with a vowel when the given name is run together.

Positives (the same person): ``romanisation_ja``, two of the seven Japanese spellings (in
either word order; the two differ in more than word order); ``romanisation_zh``, Pinyin against
Wade-Giles (either with or without marks, the given name run together, hyphenated or spaced,
family name first or last), and now and then Pinyin with tone marks against Pinyin without them
and another join.

Hard negatives (two people, both in Latin, both written the same way): for Japanese (source
"Faker ja_JP ...") ``close_surname``, the same given name under two family names one mora
apart in kana ("Sato" / "Saito"); ``one_syllable_given``, the same family name with given names
one mora apart ("Yuki" / "Yuta"); ``same_family_other_given``, the same family name with a given
name that is not one mora apart; ``other_family_same_given``, the same given name under two
family names that are not one mora apart. For Chinese (source "Faker zh_...") the same four
categories with characters in place of morae: ``close_surname``, two family characters whose
toneless Pinyin or unmarked Wade-Giles are one edit apart, or end in the same three letters and
are two edits apart ("Zhang" / "Jiang", "Chen" / "Cheng", "Wang" / "Huang", "Xu" / "Shu");
``one_syllable_given``, two-character given names with one character in common whose other
characters read differently; ``same_family_other_given``, given names with no character or
syllable in common; ``other_family_same_given``, family names that are not close. In every
negative the two names have no spelling in common (no one of the seven Japanese spellings, no
Pinyin or Wade-Giles spelling of one is one of the other's), so "Ono" and "Ōno" are never a
negative and either side can be read as only one of the two people.

Each person and each written name (letters only, marks dropped, in any word order) appears in
one row only, so no query is verbatim another row's stored name, and no written name of the
round-11 hold-out (read only to exclude them) is used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r12_holdout.jsonl``), committed before any round-12 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r12.py [--seed 12012] [--out bench/data]`` in a virtualenv
with ``pip install --no-deps faker==40.63.0 romkan==0.2.1 dragonmapper==0.3.0 hanzidentifier==1.3.0
zhon==2.1.1 xpinyin==0.7.7 cjklib3==0.0.3`` (``--no-deps``: ``cjklib3``'s table is read as a
file, so its SQLAlchemy is not needed; ``Faker``'s person providers import without its other
dependencies). Licences: Faker MIT, romkan BSD, dragonmapper MIT (its CC-CEDICT data CC BY-SA
4.0), xpinyin MIT, cjklib3 LGPL-3.0-or-later (used at build time only; only derived name pairs
are stored here). Tried and left alone: ``cutlet`` (needs a MeCab dictionary), ``hanzi2reading``
(Pinyin and Zhuyin only, no Wade-Giles), ``Faker``'s romanised ``ja_JP`` and ``zh_TW`` columns
(above). No Nihon-shiki converter other than ``romkan``'s Kunrei was found, so Nihon-shiki's own
forms ("dzu", "wo") are not written.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 12012
VERSIONS = {"faker": "40.63.0", "romkan": "0.2.1", "dragonmapper": "0.3.0", "xpinyin": "0.7.7",
            "cjklib3": "0.0.3"}  # fmt: skip
SIZES = {"romanisation_ja": 75, "romanisation_zh": 80, "same_family_other_given": 32,
         "one_syllable_given": 34, "other_family_same_given": 26, "close_surname": 50}  # fmt: skip
JA_STYLES = ("wapuro", "macron", "circumflex", "bare", "oh", "kunrei", "kunrei_bare")
SMALL = set("ャュョァィゥェォ")
LONG = ("ou", "oo", "uu")
VOWELS = "aeiou"


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


def levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def unmark(s: str) -> str:
    """Without macrons, circumflexes, umlauts, tone marks and apostrophes ("Ch'ên" -> "Chen")."""
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    return s.replace("'", "").replace("\u2019", "")


def squash(s: str) -> str:
    return "".join(ch for ch in unmark(s).lower() if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order ("Sato Yoko" and "Yoko Sato")."""
    parts = sorted(squash(w) for w in text.replace("-", " ").split())
    return {squash(text), "".join(parts)}


def words_of(text: str) -> list[str]:
    return sorted(w.lower() for w in text.split())


def cap(word: str) -> str:
    """Capitalised, the marks kept ("ōta" -> "Ōta", "ch'iang" -> "Ch'iang")."""
    return unicodedata.normalize("NFC", word[:1].upper() + word[1:])


def site_file(package: str, *parts: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, package
    return Path(spec.origin).parent.joinpath(*parts)


# -- Japanese ----------------------------------------------------------------------------------


def morae(kana: str) -> list[str]:
    out: list[str] = []
    for ch in kana:
        if ch in SMALL and out:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def long_vowels(reading: str, macron: str, circumflex: str, style: str) -> str:
    """One long-vowel spelling of a reading with doubled vowels ("satou")."""
    out, i = "", 0
    while i < len(reading):
        pair = reading[i : i + 2]
        if pair in LONG:
            u = pair == "uu"
            nxt = reading[i + 2] if i + 2 < len(reading) else ""
            oh = "oh" if nxt == "" or nxt not in "aeiouhy'" else "o"
            out += {
                "macron": macron if not u else "ū",
                "circumflex": circumflex if not u else "û",
                "bare": pair[0],
                "oh": "u" if u else oh,
            }[style]
            i += 2
        else:
            out += reading[i]
            i += 1
    return out


class Japanese:
    """``Faker``'s ``ja_JP`` people, romanised by ``romkan``."""

    def __init__(self) -> None:
        import romkan  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from faker.providers.person.ja_JP import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            Provider,
        )

        self.romkan = romkan
        self.families = [(k, kana) for (k, kana, _), _w in Provider.last_name_pairs.items()]
        self.families = [p for p in self.families if self.usable(p[1])]
        self.given = sorted({(k, kana) for k, kana, _ in Provider.first_name_pairs})
        self.given = [p for p in self.given if self.usable(p[1])]

    def usable(self, kana: str) -> bool:
        h = str(self.romkan.to_hepburn(kana))
        return (
            h.replace("'", "").isalpha()
            and h.isascii()
            and not any(h[i : i + 2] in LONG and h[i + 2] in VOWELS for i in range(len(h) - 2))
        )

    def form(self, kana: str, style: str) -> str:
        hep = str(self.romkan.to_hepburn(kana))
        if style == "wapuro":
            return hep.replace("'", "")
        if style in ("macron", "circumflex"):
            return long_vowels(hep, "ō" if style == "macron" else "ô", "ô", style)
        if style in ("bare", "oh"):
            return long_vowels(hep.replace("'", ""), "", "", style)
        kun = str(self.romkan.to_kunrei(kana))
        if style == "kunrei":
            return long_vowels(kun, "ô", "ô", "circumflex")
        return long_vowels(kun.replace("'", ""), "", "", "bare")

    def spellings(self, kana: str) -> set[str]:
        return {squash(self.form(kana, s)) for s in JA_STYLES}

    def written(self, fam: str, given: str, style: str, family_first: bool) -> str:
        f, g = cap(self.form(fam, style)), cap(self.form(given, style))
        return f"{f} {g}" if family_first else f"{g} {f}"


def mora_close(a: str, b: str) -> bool:
    """Whether two kana readings are one mora apart (one mora changed, added or dropped)."""
    x, y = morae(a), morae(b)
    if x == y or abs(len(x) - len(y)) > 1:
        return False
    if len(x) == len(y):
        return sum(p != q for p, q in zip(x, y, strict=True)) == 1
    short, long_ = sorted((x, y), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


# -- Chinese -----------------------------------------------------------------------------------


class Chinese:
    """``Faker``'s ``zh_CN`` and ``zh_TW`` people, read by ``dragonmapper`` (checked against
    ``xpinyin``), in Pinyin and in ``cjklib3``'s Wade-Giles."""

    def __init__(self) -> None:
        from dragonmapper import hanzi  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from faker.providers.person.zh_CN import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            Provider as CN,
        )
        from faker.providers.person.zh_TW import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            Provider as TW,
        )
        from xpinyin import Pinyin  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.hanzi, self.xp = hanzi, Pinyin()
        path = site_file("cjklib", "data", "wadegilespinyinmapping.csv")
        with path.open(encoding="utf-8") as fh:
            lines = [ln for ln in fh if not ln.startswith("#")]
        self.wg: dict[str, str] = {}
        for wg, py, old in csv.reader(lines):
            if old.strip() == "0":
                self.wg.setdefault(py, wg.replace("\u2019", "'"))
        self.reading: dict[str, str] = {}
        self.families: dict[str, tuple[float, str]] = {}
        for loc, table in (("zh_CN", CN.last_names), ("zh_TW", TW.last_names)):
            for f, w in table.items():
                if len(f) == 1 and self.ok(f) and f not in self.families:
                    self.families[f] = (float(w), loc)
        given: dict[str, str] = {}
        for loc, names in (("zh_CN", list(CN.first_names)), ("zh_TW", list(TW.first_names))):
            for g in names:
                if 1 <= len(g) <= 2 and self.ok(g):
                    given.setdefault(g, loc)
        self.given = dict(sorted(given.items()))

    def ok(self, text: str) -> bool:
        for ch in text:
            if ch not in self.reading:
                readings = str(self.hanzi.to_pinyin(ch, all_readings=True)).strip("[]").split("/")
                r, x = readings[0], str(self.xp.get_pinyin(ch, tone_marks="marks"))
                good = r == x and r.isalpha() and len({self.toneless(t) for t in readings}) == 1
                self.reading[ch] = r if good and self.toneless(r) in self.wg else ""
            if not self.reading[ch]:
                return False
        return True

    @staticmethod
    def toneless(py: str) -> str:
        """The syllable without its tone mark, "ü" kept ("lǚ" -> "lü")."""
        nfd = unicodedata.normalize("NFD", py)
        return unicodedata.normalize(
            "NFC", "".join(c for c in nfd if c in "\u0308" or not unicodedata.combining(c))
        )

    def syllables(self, text: str, system: str) -> list[str]:
        out = []
        for ch in text:
            py = self.reading[ch]
            if system == "py":
                out.append(py)
            elif system == "pyp":
                out.append(unmark(py))
            elif system == "wg":
                out.append(self.wg[self.toneless(py)])
            else:
                out.append(unmark(self.wg[self.toneless(py)]))
        return out

    def written(self, fam: str, given: str, system: str, join: str, family_first: bool) -> str:
        f = cap(self.syllables(fam, system)[0])
        syl = self.syllables(given, system)
        if join == "hyphen":
            g = cap("-".join(syl))
        elif join == "space":
            g = " ".join(cap(s) for s in syl)
        else:
            run = syl[0]
            for s in syl[1:]:
                apostrophe = system.startswith("py") and unmark(s)[:1] in "aeo"
                run += ("'" if apostrophe else "") + s
            g = cap(run)
        return f"{f} {g}" if family_first else f"{g} {f}"

    def spellings(self, text: str) -> set[str]:
        out = set()
        for system in ("pyp", "wgp"):
            out.add("".join(squash(s) for s in self.syllables(text, system)))
        return out

    def close_families(self, a: str, b: str) -> bool:
        x, y = (squash(self.syllables(c, "pyp")[0]) for c in (a, b))
        u, v = (squash(self.syllables(c, "wgp")[0]) for c in (a, b))
        if osa1(x, y) or osa1(u, v):
            return True
        return any(
            levenshtein(p, q) == 2 and len(p) >= 3 and len(q) >= 3 and p[-3:] == q[-3:]
            for p, q in ((x, y), (u, v))
        )


def build(seed: int, excluded: set[str]) -> list[dict[str, str]]:
    rng = random.Random(seed)
    ja, zh = Japanese(), Chinese()
    rows: list[dict[str, str]] = []
    used_people: set[str] = set()
    used_keys: set[str] = set(excluded)

    def fresh(people: list[str], texts: list[str]) -> bool:
        """Whether neither person nor any written name was used by an earlier row (or by the
        round-11 hold-out); if so, they are taken."""
        keys = set().union(*(keys_of(t) for t in texts))
        if len(set(people)) < len(people) or used_people & set(people) or used_keys & keys:
            return False
        used_people.update(people)
        used_keys.update(keys)
        return True

    def add(cat: str, kind: str, stored: str, query: str, source: str) -> None:
        rows.append({"category": cat, "kind": kind, "type": "Person", "stored": stored,
                     "query": query, "source": source})  # fmt: skip

    def count(cat: str, prefix: str = "") -> int:
        return sum(r["category"] == cat and r["source"].startswith(prefix) for r in rows)

    # -- Japanese positives -----------------------------------------------------------------
    for _ in range(SIZES["romanisation_ja"] * 60):
        if count("romanisation_ja") >= SIZES["romanisation_ja"]:
            break
        (fk, fam), (gk, given) = rng.choice(ja.families), rng.choice(ja.given)
        st1, st2 = rng.sample(JA_STYLES, 2)
        f1 = rng.random() < 0.6
        f2 = f1 if rng.random() < 0.7 else not f1
        one, two = ja.written(fam, given, st1, f1), ja.written(fam, given, st2, f2)
        if words_of(one) == words_of(two) or not fresh([fk + "/" + gk], [one, two]):
            continue
        add("romanisation_ja", "positive", one, two, f"Faker ja_JP kana+romkan {st1}/{st2}")

    # -- Chinese positives ------------------------------------------------------------------
    fam_list = sorted(zh.families)
    fam_weights = [zh.families[f][0] for f in fam_list]
    given_list = list(zh.given)

    def zh_join(system: str, given: str) -> str:
        if len(given) == 1:
            return "run"
        if system.startswith("wg"):
            return rng.choices(("hyphen", "run", "space"), [70, 15, 15])[0]
        return rng.choices(("run", "hyphen", "space"), [70, 15, 15])[0]

    zh_names = {"py": "Pinyin", "pyp": "Pinyin toneless", "wg": "cjklib3 Wade-Giles",
                "wgp": "cjklib3 Wade-Giles unmarked"}  # fmt: skip
    for _ in range(SIZES["romanisation_zh"] * 60):
        if count("romanisation_zh") >= SIZES["romanisation_zh"]:
            break
        fam = rng.choices(fam_list, fam_weights)[0]
        given = rng.choice(given_list)
        if rng.random() < 0.85:
            s1, s2 = rng.choice(("py", "pyp")), rng.choice(("wg", "wgp"))
        else:
            s1, s2 = "py", "pyp"
        j1, j2 = zh_join(s1, given), zh_join(s2, given)
        f1 = rng.random() < 0.75
        f2 = f1 if rng.random() < 0.7 else not f1
        one, two = zh.written(fam, given, s1, j1, f1), zh.written(fam, given, s2, j2, f2)
        if s1 == "py" and s2 == "pyp" and j1 == j2:
            continue  # tone marks alone would be only the accents apart; change the join too
        if words_of(one.replace("-", " ")) == words_of(two.replace("-", " ")):
            continue
        if not fresh([fam + given], [one, two]):
            continue
        a, b = (one, two) if rng.random() < 0.5 else (two, one)
        locs = "+".join(sorted({zh.families[fam][1], zh.given[given]}))
        add("romanisation_zh", "positive", a, b,
            f"Faker {locs}+dragonmapper {zh_names[s1]}/{zh_names[s2]}")  # fmt: skip

    # -- negatives --------------------------------------------------------------------------
    def ja_pair(f1: tuple[str, str], g1: tuple[str, str], f2: tuple[str, str],
                g2: tuple[str, str], cat: str) -> None:  # fmt: skip
        style, first = rng.choice(JA_STYLES), rng.random() < 0.6
        one, two = ja.written(f1[1], g1[1], style, first), ja.written(f2[1], g2[1], style, first)
        people = [f1[0] + "/" + g1[0], f2[0] + "/" + g2[0]]
        if squash(one) != squash(two) and fresh(people, [one, two]):
            add(cat, "negative", one, two, f"Faker ja_JP kana+romkan {style}")

    def zh_pair(f1: str, g1: str, f2: str, g2: str, cat: str) -> None:
        system = rng.choice(("py", "pyp", "wg", "wgp"))
        join, first = zh_join(system, min(g1, g2, key=len)), rng.random() < 0.75
        one = zh.written(f1, g1, system, join, first)
        two = zh.written(f2, g2, system, join, first)
        if squash(one) != squash(two) and fresh([f1 + g1, f2 + g2], [one, two]):
            locs = "+".join(sorted({zh.families[f1][1], zh.families[f2][1], zh.given[g1],
                                    zh.given[g2]}))  # fmt: skip
            add(cat, "negative", one, two, f"Faker {locs}+dragonmapper {zh_names[system]}")

    def ja_fam_apart(a: str, b: str) -> bool:
        return not ja.spellings(a) & ja.spellings(b)

    def zh_apart(a: str, b: str) -> bool:
        return a != b and not zh.spellings(a) & zh.spellings(b)

    ja_close_fam = [
        (a, b)
        for a in ja.families
        for b in ja.families
        if a < b and mora_close(a[1], b[1]) and ja_fam_apart(a[1], b[1])
    ]
    ja_close_given = [
        (a, b)
        for a in ja.given
        for b in ja.given
        if a < b and mora_close(a[1], b[1]) and ja_fam_apart(a[1], b[1])
    ]
    zh_close_fam = [
        (a, b)
        for a in fam_list
        for b in fam_list
        if a < b and zh_apart(a, b) and zh.close_families(a, b)
    ]
    two_char = [g for g in given_list if len(g) == 2]
    zh_one_syl = [
        (a, b)
        for a in two_char
        for b in two_char
        if a < b
        and (a[0] == b[0]) != (a[1] == b[1])
        and zh_apart(*((a[1], b[1]) if a[0] == b[0] else (a[0], b[0])))
    ]

    def ja_negative(cat: str) -> None:
        if cat == "close_surname":
            f1, f2 = rng.sample(rng.choice(ja_close_fam), 2)
            g = rng.choice(ja.given)
            ja_pair(f1, g, f2, g, cat)
        elif cat == "one_syllable_given":
            g1, g2 = rng.sample(rng.choice(ja_close_given), 2)
            f = rng.choice(ja.families)
            ja_pair(f, g1, f, g2, cat)
        elif cat == "same_family_other_given":
            g1, g2 = rng.sample(ja.given, 2)
            if ja_fam_apart(g1[1], g2[1]) and not mora_close(g1[1], g2[1]):
                f = rng.choice(ja.families)
                ja_pair(f, g1, f, g2, cat)
        else:
            f1, f2 = rng.sample(ja.families, 2)
            if ja_fam_apart(f1[1], f2[1]) and not mora_close(f1[1], f2[1]):
                g = rng.choice(ja.given)
                ja_pair(f1, g, f2, g, cat)

    def zh_negative(cat: str) -> None:
        if cat == "close_surname":
            f1, f2 = rng.sample(rng.choice(zh_close_fam), 2)
            g = rng.choice(given_list)
            zh_pair(f1, g, f2, g, cat)
        elif cat == "one_syllable_given":
            g1, g2 = rng.sample(rng.choice(zh_one_syl), 2)
            f = rng.choices(fam_list, fam_weights)[0]
            zh_pair(f, g1, f, g2, cat)
        elif cat == "same_family_other_given":
            g1, g2 = rng.sample(given_list, 2)
            syl1, syl2 = ({zh.toneless(zh.reading[c]) for c in g} for g in (g1, g2))
            if not set(g1) & set(g2) and not syl1 & syl2 and zh_apart(g1, g2):
                f = rng.choices(fam_list, fam_weights)[0]
                zh_pair(f, g1, f, g2, cat)
        else:
            f1, f2 = rng.choices(fam_list, fam_weights, k=2)
            if zh_apart(f1, f2) and not zh.close_families(f1, f2):
                g = rng.choice(given_list)
                zh_pair(f1, g, f2, g, cat)

    for cat in ("close_surname", "one_syllable_given", "same_family_other_given",
                "other_family_same_given"):  # fmt: skip
        half = SIZES[cat] // 2
        for _ in range(SIZES[cat] * 60):
            if count(cat, "Faker ja_JP") < half:
                ja_negative(cat)
            elif count(cat) < SIZES[cat]:
                zh_negative(cat)
            else:
                break
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
    excluded: set[str] = set()
    r11 = args.out / "resolver_r11_holdout.jsonl"
    for line in r11.read_text(encoding="utf-8").splitlines():
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
        row["id"] = f"y{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r12_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        lang = "ja" if "ja_JP" in row["source"] else "zh"
        counts[f"{row['kind']}:{row['category']}:{lang}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
