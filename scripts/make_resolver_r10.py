"""Generate the resolver's round-10 hold-out: Korean personal names across scripts.

Why a tenth set: the round-9 hold-out's category results were read at the end of round 9, so from
round 10 on it is development data. Round 10 is about Korean names written in Hangul and in Latin
letters, so this set holds only Korean personal names, built before any round-10 change from
maintained packages that none of the earlier Korean rows use (round 9's ``korname-generator`` is
left alone, and so are its syllable spellings):

* the people: Korean family names in Hangul and their weights from ``Faker``'s ``ko_KR`` person
  provider (44 family names; its comment cites Korean Wikipedia's article on Korean family names
  and given names) and its 121 given names (two syllables, in Hangul);
  only its tables are read, no Faker generator is run. Earlier sets used Faker's tables of other
  locales (the fresh set), never ``ko_KR``;
* the family names in Latin letters: ``name-variants``' Korean surname table (Hangul to the
  spellings in use, the customary or diaspora spelling first: "Lee" / "Yi", "Park" / "Bak",
  "Choi" / "Choe", "Jung" / "Jeong", "Jo" / "Cho", "Lim" / "Im"; the table cites the 2015 census,
  the NIKL Revised Romanization rules, the McCune-Reischauer standard and diaspora usage), whose
  census counts also weight the draw of a family name where it gives them (Faker's weights, on
  the same scale, elsewhere). Only its first two spellings are written, those of two letters or
  more, the first three times as often (not its rarer "Rhee", "Chung", "Ohh", nor "O"), but every
  spelling it lists counts when two family names are kept apart (below);
* the given names in Latin letters: ``hangul-names``' romanisers, used at build time only: its
  Revised Romanization (syllable by syllable, as Korean given names are romanised: "Seok-min",
  not "Seong-min") and its DramaWiki spelling (the customary spelling of Korean names in English
  text: "Joon", "Hyun", "Young", "Suk"), written hyphenated ("Min-jun"), run together
  ("Minjun") or spaced ("Min Jun"), family name first or last.

Positives: ``transliteration``, a name in Hangul against one of its Latin spellings (both ways);
``romanisation``, two Latin spellings of one name that differ in more than case and hyphens (run
together against hyphenated or spaced, family name first against last, the customary family name
against another spelling the surname table lists, the Revised Romanization against the DramaWiki
spelling of the given name).

Hard negatives (two people; one side in Hangul and the other in Latin, or both in Latin written
alike): ``same_family_other_given``, the same family name with a given name that shares no
syllable; ``one_syllable_given``, the same family name with a given name that differs in one of
its two syllables ("Min-jun" / "Min-jae"); ``other_family_same_given``, the same given name under
another family name whose spellings are not close; ``close_surname``, the same given name under
two family names whose written spellings are one edit apart ("Jung" / "Jang", "Cho" / "Choi",
"Yoon" / "Yeon"; one of them a family name of Faker's list, drawn by its weight, the other any
of the surname table's 100). In every negative the two
names have no spelling in common: no Latin spelling of one family name (any the surname table
lists, or either romaniser's) is one of the other's, and no romanisation of one given name is one
of the other's, so a Latin side can be read as only one of the two people.

Each person (family name and given name in Hangul) and each written name (letters only, in any
word order) appears in one row only, so no query is verbatim another row's stored name.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r10_holdout.jsonl``), committed before any round-10 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r10.py [--seed 10010] [--out bench/data]`` in a virtualenv
with ``pip install --no-deps faker==40.63.0 name-variants==0.1.3 hangul-names==0.4.2``
(``--no-deps``: ``faker.providers.person.ko_KR``, ``name_variants.korean_surnames`` and
``hangul_names`` are imported, nothing else of them). Licences: Faker MIT, name-variants MIT,
hangul-names BSD-2-Clause (its romaniser is based on ``hangul-romanize``, BSD). Only derived name
pairs are stored here. Tried and left alone: ``korean-romanizer`` (GPL-3.0, and it applies the
sound changes across syllables that given names do not take), ``korean-name-generator`` (invents
names syllable by syllable from jamo statistics: not real given names).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections import defaultdict
from pathlib import Path

SEED = 10010
VERSIONS = {"faker": "40.63.0", "name-variants": "0.1.3", "hangul-names": "0.4.2"}
SIZES = {"transliteration": 90, "romanisation": 60, "same_family_other_given": 40,
         "one_syllable_given": 40, "other_family_same_given": 35, "close_surname": 35}  # fmt: skip
SPELLINGS_WRITTEN = 2
"""How many of the surname table's spellings of a family name are written (its first ones)."""
JOINS = ("hyphen", "run", "space")


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


def squash(s: str) -> str:
    return "".join(ch for ch in s.lower() if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order ("Minjun Kim" and "Kim Minjun")."""
    parts = sorted(squash(w) for w in text.replace("-", " ").split())
    return {squash(text), "".join(parts)}


class Romaniser:
    """``hangul-names``' Revised Romanization and DramaWiki spellings of a given name's syllables,
    and ``name-variants``' spellings of a family name."""

    def __init__(self) -> None:
        from hangul_names.dramawiki import DramaWiki, DramaWikiRR  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from hangul_names.transliterator import Transliterator  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from name_variants.korean_surnames import KOREAN_SURNAME_VARIANTS  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.rr, self.dw, self.dwrr = Transliterator(), DramaWiki(), DramaWikiRR()
        self.table: dict[str, list[str]] = {
            k: list(v["forms"]) for k, v in KOREAN_SURNAME_VARIANTS.items() if len(k) == 1
        }
        self.freq = {
            k: int(v["frequency"]) for k, v in KOREAN_SURNAME_VARIANTS.items() if "frequency" in v
        }

    def given(self, hangul: str, system: str) -> list[str]:
        """The syllables of a given name ("민준" -> ["min", "jun"]), lower case."""
        if system == "rr":
            return str(self.rr.romanize("가" + hangul)).split(" ", 1)[1].lower().split("-")
        tool = self.dw if system == "dw" else self.dwrr
        return str(tool.romanize("가" + hangul)).lower().split()[1:]

    def written(self, family: str) -> list[str]:
        """The family name's spellings that are written (the table's first ones, of two letters
        or more)."""
        return [f for f in self.table.get(family, [])[:SPELLINGS_WRITTEN] if len(f) >= 2]

    def family_spellings(self, family: str) -> set[str]:
        """Every Latin spelling of a family name: all the table lists and both romanisers'."""
        own = {self.rr.romanize(family + "가").split()[0].lower()}
        own.add(self.dw.romanize(family + "가").split()[0].lower())
        return own | set(self.table.get(family, []))

    def given_spellings(self, hangul: str) -> set[str]:
        return {"".join(self.given(hangul, s)) for s in ("rr", "dw", "dwrr")}


def render(family_form: str, syllables: list[str], join: str, family_first: bool) -> str:
    """A Latin name: the family name's spelling and the given name's syllables, joined."""
    if join == "hyphen":
        given = "-".join(syllables).capitalize()
    elif join == "run":
        given = "".join(syllables).capitalize()
    else:
        given = " ".join(s.capitalize() for s in syllables)
    family = family_form.capitalize()
    return f"{family} {given}" if family_first else f"{given} {family}"


def build(seed: int) -> list[dict[str, str]]:
    from faker.providers.person.ko_KR import Provider  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = random.Random(seed)
    rom = Romaniser()
    rows: list[dict[str, str]] = []
    families = [f for f in Provider.last_names if rom.written(f)]
    weights = [rom.freq.get(f, round(Provider.last_names[f] * 1e8)) for f in families]
    given_names = sorted(n for n in Provider.first_names if len(n) == 2)
    all_families = sorted(rom.table)
    used_people: set[str] = set()
    used_keys: set[str] = set()

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

    def family() -> str:
        return str(rng.choices(families, weights)[0])

    def spelling(fam: str) -> str:
        forms = rom.written(fam)
        return rng.choices(forms, [3, 1][: len(forms)])[0]

    def style() -> tuple[str, str, bool]:
        system = "rr" if rng.random() < 0.65 else "dw"
        join = rng.choices(JOINS, [45, 35, 20])[0]
        return system, join, rng.random() < 0.5

    src_rr = {"rr": "hangul-names RR", "dw": "hangul-names DramaWiki"}

    # -- positives --------------------------------------------------------------------------
    for _ in range(SIZES["transliteration"] * 20):
        if sum(r["category"] == "transliteration" for r in rows) >= SIZES["transliteration"]:
            break
        fam, given = family(), rng.choice(given_names)
        system, join, first = style()
        latin = render(spelling(fam), rom.given(given, system), join, first)
        native = fam + given
        if not fresh([native], [native, latin]):
            continue
        a, b = (native, latin) if rng.random() < 0.5 else (latin, native)
        add("transliteration", "positive", a, b, f"faker ko_KR+name-variants+{src_rr[system]}")

    for _ in range(SIZES["romanisation"] * 20):
        if sum(r["category"] == "romanisation" for r in rows) >= SIZES["romanisation"]:
            break
        fam, given = family(), rng.choice(given_names)
        system, join, first = style()
        form = spelling(fam)
        change = rng.choice(("join", "order", "family", "given"))
        system2, join2, first2, form2 = system, join, first, form
        if change == "join":
            join2 = "run" if join != "run" else rng.choice(("hyphen", "space"))
        elif change == "order":
            first2 = not first
            join2 = rng.choices(JOINS, [45, 35, 20])[0]
        elif change == "family":
            others = [f for f in rom.written(fam) if f != form]
            if not others:
                continue
            form2 = rng.choice(others)
        else:
            system2 = "dw" if system == "rr" else "rr"
        one = render(form, rom.given(given, system), join, first)
        two = render(form2, rom.given(given, system2), join2, first2)
        if one.lower().replace("-", " ") == two.lower().replace("-", " "):
            continue  # only case or a hyphen apart
        if not fresh([fam + given], [one, two]):
            continue
        src = f"faker ko_KR+name-variants+{src_rr[system]}"
        if system2 != system:
            src = "faker ko_KR+name-variants+hangul-names RR/DramaWiki"
        add("romanisation", "positive", one, two, src)

    # -- negatives --------------------------------------------------------------------------
    def apart_given(a: str, b: str) -> bool:
        return not rom.given_spellings(a) & rom.given_spellings(b)

    def apart_family(a: str, b: str) -> bool:
        return a != b and not rom.family_spellings(a) & rom.family_spellings(b)

    def pair(fam1: str, g1: str, fam2: str, g2: str, cat: str, forms: tuple[str, str]) -> None:
        """Two people, the stored one in Hangul and the other in Latin, or both in Latin in one
        style ("Jung Min-jun" / "Jang Min-jun")."""
        system, join, first = style()
        latin1 = render(forms[0], rom.given(g1, system), join, first)
        latin2 = render(forms[1], rom.given(g2, system), join, first)
        mode = rng.random()
        if mode < 0.35:
            stored, query = fam1 + g1, latin2
        elif mode < 0.6:
            stored, query = latin1, fam2 + g2
        else:
            stored, query = latin1, latin2
        if fresh([fam1 + g1, fam2 + g2], [fam1 + g1, fam2 + g2, latin1, latin2]):
            add(cat, "negative", stored, query, f"faker ko_KR+name-variants+{src_rr[system]}")

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    for _ in range(SIZES["same_family_other_given"] * 20):
        if count("same_family_other_given") >= SIZES["same_family_other_given"]:
            break
        fam = family()
        g1, g2 = rng.sample(given_names, 2)
        if set(g1) & set(g2) or not apart_given(g1, g2):
            continue
        form = spelling(fam)
        pair(fam, g1, fam, g2, "same_family_other_given", (form, form))

    one_syllable = [
        (a, b)
        for a in given_names
        for b in given_names
        if a < b and (a[0] == b[0]) != (a[1] == b[1]) and apart_given(a, b)
    ]
    for _ in range(SIZES["one_syllable_given"] * 20):
        if count("one_syllable_given") >= SIZES["one_syllable_given"]:
            break
        fam = family()
        g1, g2 = rng.sample(rng.choice(one_syllable), 2)
        form = spelling(fam)
        pair(fam, g1, fam, g2, "one_syllable_given", (form, form))

    def close(a: str, b: str) -> tuple[str, str] | None:
        """A written spelling of each of two family names, one edit apart, if there is one."""
        near = [(x, y) for x in rom.written(a) for y in rom.written(b) if osa1(x, y)]
        return rng.choice(near) if near else None

    for _ in range(SIZES["other_family_same_given"] * 20):
        if count("other_family_same_given") >= SIZES["other_family_same_given"]:
            break
        fam1, fam2, given = family(), family(), rng.choice(given_names)
        if not apart_family(fam1, fam2) or close(fam1, fam2):
            continue
        pair(fam1, given, fam2, given, "other_family_same_given", (spelling(fam1), spelling(fam2)))

    for _ in range(SIZES["close_surname"] * 20):
        if count("close_surname") >= SIZES["close_surname"]:
            break
        common = family()  # one of the two is a family name of Faker's list, drawn by its weight
        near = [f for f in all_families if apart_family(common, f) and close(common, f)]
        if not near:
            continue
        fam1, fam2 = rng.sample([common, rng.choice(near)], 2)
        forms = close(fam1, fam2)
        assert forms is not None
        given = rng.choice(given_names)
        pair(fam1, given, fam2, given, "close_surname", forms)
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
        row["id"] = f"w{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r10_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
