"""Identity that generalises (issue 13): name structure, maintained name data, aliases, acronyms,
evidence on proposals, and the frozen generalisation set."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.test_resolver import store_all
from worlddb.bench.resolver import DATA_DIR
from worlddb.bench.resolver_gen import DATASETS, load_generalisation
from worlddb.engine import WorldDB
from worlddb.extract.entities import find_mentions
from worlddb.model import Changeset, NodeId, Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.aliases import AcronymIndex, query_acronym, stored_acronyms
from worlddb.resolver.forms import fold_words, name_form

HOLDOUT_SHA256 = "41298825dfd898c7"  # bench/data/resolver_gen_holdout.jsonl, frozen before tuning
HOLDOUTS = {
    "fresh": ("5172e61a4d4e0855", 14),
    "r4": ("ba7f15e713d157dd", 14),
    "r5": ("ed892b54add026e9", 14),
    "r6": ("76b8c86119004198", 14),
    "r7": ("180f79319d3ebc6c", 14),
    "r8": ("d02e92d505aabfd3", 14),
    "r9": ("27e8a41b491b2e8f", 14),
    "r10": ("87eb34db5c5f42fd", 6),
    "r11": ("c09d5b38a308cc89", 7),
    "r12": ("87b298c5ceb59eda", 6),
    "r13": ("f5ea3a5d40ffe5d7", 9),
    "r14": ("f540a8db2639e872", 15),
    "r15": ("eb9068203e0de00e", 14),
    "r16": ("91684a59e03eddd3", 14),
    "r17": ("a2f73bd690cdaab5", 14),
    "r18": ("ae2801ccdaa28758", 14),
    "r19": ("e069b02f4e26ff55", 14),
    "r20": ("447c81453c534a53", 14),
    "r21": ("381a45402e569d55", 9),
    "r22": ("e9cebbe329645c24", 5),
    "r23": ("fb45866c2b32c280", 14),
    "r24": ("ffd052391899026e", 14),
    "r25": ("0d7a2c5a4b05ff48", 14),
    "r26": ("35126f9d7b12e7f8", 13),  # no acronym
    "r27": ("bcb6db27670030c2", 12),  # no acronym, no similar_product
    "r28": ("25bf2d501cb5776d", 9),  # no accents, acronym, aliases, tools, products
    "r29": ("16e5ae6fd4816983", 14),  # no similar_product
    "r30": ("6af7fca181538425", 13),  # no nickname, no acronym
    "r31": ("c3e51ed08959e4ae", 14),  # no nickname
    "r32": ("e17e89cbde373774", 13),  # no nickname, no similar_product
    "r33": ("d722860ed44394c3", 8),  # no title, nickname, translit., accents, acronym, tools
    "r34": ("223c496912c77063", 11),  # no nickname, translit., acronym, one_edit_place
    "r35": ("63bb1fb72978acb8", 5),  # legal_form, typo, shared_family, one-edit company, place
    "r36": ("2bde2973402504f2", 9),  # no nickname, translit., place_alias, acronym, tools
    "r37": ("45df908079f7bdfe", 8),  # no nickname, accents, acronym, places, tools, products
    "r38": ("aaac8fa568329f02", 10),  # no nickname, translit., acronym, tools, products
    "r39": ("d0a912135ae2f8d4", 12),  # no nickname, tool_alias, similar_product
    "r40": ("aa8a9e3346d138a8", 12),  # no nickname, tool_alias, similar_product
    "r41": ("b6b122cd7084f6bf", 11),  # no nickname, acronym, tools, products
    "r42": ("2431685c88bbab98", 10),  # no nickname, translit., place_alias, tools, products
    "r43": ("4dbd06f41e2ed443", 12),  # no one_edit_family, tool_alias, similar_product
    "r44": ("f2772bca40435a49", 9),  # no nickname, one-edit names, place_alias, tools, products
    "r45": ("42f4888dc7aa1738", 12),  # no acronym, tool_alias, similar_product
    "r46": ("5371fe8e5d802529", 7),  # no people, translit., tools, products
    "r47": ("d8bb90271d8b1c0f", 10),  # no nickname, acronym, place_alias, tools, products
    "r48": ("27ffd933fe7099b0", 11),  # no nickname, place_alias, tool_alias, similar_product
    "r49": ("ffc6fc9b1711151e", 6),  # no people, accents, place_alias, tools, products
    "r50": ("6af77da0d6db668d", 9),  # no nickname, acronym, one-edit names, tools, products
    "r51": ("a5d41af4ac06770f", 8),  # no nickname, acronym, place_alias, one_edit_family/place
    "r52": ("2427bcee9f7ebf17", 8),  # no title, nickname, acronym, places, tools, products
    "r53": ("031252016671663f", 9),  # no nickname, acronym, place_alias, one_edit_place, tools
    "r54": ("01be047c710e0172", 9),  # no nickname, translit., acronym, place_alias, tools
    "r55": ("d99c1d0440f644b7", 11),  # no nickname, transliteration, tool_alias, similar_product
    "r56": ("b17902e90201ea2e", 10),  # no acronym, accents, translit., tools, products
    "r57": ("45f94e805dc43b2d", 10),  # no nickname, translit., place_alias, tools, products
    "r58": ("58df14eaf8798a74", 8),  # no nickname, one-edit given/family, translit., place_alias
    "r59": ("d4fcea4a83802d46", 9),  # no nickname, translit., place_alias, acronym, tools, products
    "r60": ("2f3a8826d2a2155f", 9),  # no nickname, translit., place_alias, one_edit_place, tools
    "r61": ("0804267841f19e9d", 9),  # no nickname, accents, one-edit given/family, tools, products
}
"""Each hold-out file's sha256 prefix, frozen before the round it was built for (the fresh set
before round 3, rN before round N), and how many categories it holds."""


pytestmark = pytest.mark.worlddb(recluster=False)


def resolve(db: WorldDB, kind: str, name: str) -> Resolution:
    return TieredResolver(db.store).resolve(WorldSpec(type=kind, name=name))


def found(result: Resolution) -> NodeId | None:
    return result.world_id if result.outcome == "resolved" else None


# -- name structure --------------------------------------------------------------------------
def test_forms_set_aside_titles_suffixes_and_legal_forms() -> None:
    assert name_form("Dr. Priya Raman", True).words == ("priya", "raman")
    assert name_form("Kelli Rogers PhD", True).suffix == frozenset({"phd"})
    assert name_form("Dean Smith", True).words == ("dean", "smith")  # two words: no title taken
    assert name_form("Harper Logistics SARL").words == ("harper", "logistics")
    assert name_form("Harper Logistics GmbH").words == ("harper", "logistics", "gmbh")  # optional
    assert name_form("Salesforce.com, Inc.").words == ("salesforce", "incorporated")
    assert fold_words("Søren Łukasz Win10 ReactJS") == (
        "soren",
        "lukasz",
        "win",
        "10",
        "react",
        "js",
    )


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Priya Raman", "Dr. Priya Raman"),
        ("Amara Okafor", "Amara Okafor Jr."),
        ("Robert Lang", "Bob Lang"),
        ("Harold Holbrook", "Haps Holbrook"),  # only the nicknames table knows this one
        ("Søren Gardner", "Soeren Gardner"),
        ("Alexander Huber", "Aleksandr Huber"),
        ("Mohammed Plummer", "Muhammad Plummer"),
        ("Karen Higgins", "Caren Higgins"),  # one given name, spelled as it sounds
    ],
)
def test_people_match_through_titles_nicknames_and_transliterations(
    db: WorldDB, stored: str, query: str
) -> None:
    (target,) = store_all(db, ("Person", stored))
    assert found(resolve(db, "Person", query)) == target


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Robert Lang", "Roberta Lang"),  # another known given name
        ("Theodore Price", "Theodora Price"),
        ("Priya Lang", "Priya Lane"),  # another known surname
        ("Ravi Shah", "Ravi Shaw"),
        ("Dana Price", "Dana Prince"),
        ("John Smith Sr.", "John Smith Jr."),  # another generation
    ],
)
def test_one_letter_to_another_known_name_is_another_person(
    db: WorldDB, stored: str, query: str
) -> None:
    store_all(db, ("Person", stored))
    assert resolve(db, "Person", query).outcome == "new"


def test_a_transposed_given_name_is_still_a_typo(db: WorldDB) -> None:
    (target,) = store_all(db, ("Person", "Brian Nichols"))
    assert found(resolve(db, "Person", "Brain Nichols")) == target


@pytest.mark.parametrize(
    ("kind", "stored", "query", "same"),
    [
        ("Organization", "Harper Logistics GmbH", "Harper Logistics", True),
        ("Organization", "Salesforce.com, Inc.", "Salesforce", True),
        ("Organization", "The Goldman Sachs Group, Inc.", "Goldman Sachs", True),
        ("Organization", "Stripe", "Stride", False),  # short one-word names one letter apart
        ("Organization", "Globex", "Globe", False),
        ("Tool", "Windows 11", "Win 11", True),
        ("Tool", "PostgreSQL", "Postgres", True),
        ("Tool", "React", "ReactJS", True),
        ("Tool", "Microsoft Teams", "MS Teams", True),
        ("Tool", "Microsoft Teams", "Teams", True),
        ("Tool", "Microsoft Excel", "Excelsior", False),
    ],
)
def test_organisations_and_products(
    db: WorldDB, kind: str, stored: str, query: str, same: bool
) -> None:
    (target,) = store_all(db, (kind, stored))
    assert (found(resolve(db, kind, query)) == target) is same


# -- aliases and acronyms --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "stored", "query", "source"),
    [
        ("Place", "New York City", "NYC", "aliases.tsv"),
        ("Place", "Germany", "Federal Republic of Germany", "pycountry"),
        ("Place", "Illinois", "IL", "pycountry"),
        ("Tool", "Kubernetes", "K8s", "aliases.tsv"),
    ],
)
def test_alias_groups_resolve_with_their_source(
    db: WorldDB, kind: str, stored: str, query: str, source: str
) -> None:
    (target,) = store_all(db, (kind, stored))
    result = resolve(db, kind, query)
    assert (found(result), result.tier) == (target, "alias")
    assert source in result.why(target)


def test_acronym_keys_come_from_the_names_own_words() -> None:
    assert query_acronym("IBM") == "ibm" and query_acronym("P&G") == "pg"
    assert query_acronym("BofA") == "bofa" and query_acronym("UC Berkeley") == "ucb"
    assert query_acronym("Priya Raman") is None
    assert "ibm" in stored_acronyms("International Business Machines")
    assert "bofa" in stored_acronyms("Bank of America")
    assert "ucb" in stored_acronyms("University of California, Berkeley")
    assert "js" in stored_acronyms("JavaScript")
    # letters outside ASCII fold as the stored names' words do ("İ" is not "i" and a dot)
    assert query_acronym("İELEV") == "ielev" and query_acronym("ÖSYM") == "osym"
    assert query_acronym("ХХК") == "kkk"  # each letter as a word it begins: "Хязгаарлагдмал" → k
    assert query_acronym("АТ «Мінько»") is None  # a legal form and a quoted name: no acronym


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("International Business Machines", "IBM"),
        ("Procter & Gamble", "P&G"),
        ("Bank of America", "BofA"),
        ("NASA", "National Aeronautics and Space Administration"),
        ("Kognitif ve Davranış Terapileri Derneği", "KDTD"),  # Turkish "ve" (and) skipped
        ("Ölçme, Seçme ve Yerleştirme Merkezi", "ÖSYM"),
        ("GİLT", "Girişimci İnovatif Liderler Takımı"),  # a stored acronym with Turkish letters
        ("EPİAŞ", "Enerji Piyasaları İşletme Anonim Şirketi"),
        ("Министерство на образованието и науката", "МОН"),  # in Cyrillic, "на" and "и" skipped
        ("НОИ", "Национален осигурителен институт"),
    ],
)
def test_acronyms_resolve_either_way(db: WorldDB, stored: str, query: str) -> None:
    (target,) = store_all(db, ("Organization", stored))
    result = resolve(db, "Organization", query)
    assert (found(result), result.tier) == (target, "acronym")
    assert "acronym:" in result.why(target)


def test_an_acronym_in_one_script_names_no_name_in_another(db: WorldDB) -> None:
    # "АТ «Мінько»" folds to the key "atm", which Latin initials hold too: they say nothing
    store_all(db, ("Organization", "Alpha Tango Media"), ("Organization", "ПУМБ"))
    assert resolve(db, "Organization", "АТ «Мінько»").outcome == "new"
    assert resolve(db, "Organization", "Pravda Ukrainy Media Bureau").outcome == "new"


def test_an_acronym_several_entities_share_proposes_none(db: WorldDB) -> None:
    store_all(db, ("Organization", "Federal Bureau of Investigation"))
    store_all(db, ("Organization", "Finova Britt Industries"))
    assert resolve(db, "Organization", "FBI").outcome == "new"


def test_acronym_index_follows_the_store(db: WorldDB) -> None:
    index = AcronymIndex(db.store)
    assert index.lookup("ibm") == []
    store_all(db, ("Organization", "International Business Machines"))
    assert len(index.lookup("ibm")) == 1
    store_all(db, ("Person", "Ida Black Moore"))  # people have no acronyms
    assert len(index.lookup("ibm")) == 1


# -- evidence on proposals -------------------------------------------------------------------
def test_a_proposal_records_its_rule_and_source(db: WorldDB) -> None:
    (target,) = store_all(db, ("Person", "Robert Lang"))
    db.write(Changeset(worlds=(WorldSpec(type="Person", name="Bob Lang", resolve=True),)))
    (proposal,) = db.proposals()
    assert proposal.target == target
    assert "nickname" in proposal.evidence and "nicknames table" in proposal.evidence
    assert "'Robert Lang'" in proposal.evidence


# -- the extractor ---------------------------------------------------------------------------
def test_extractor_sets_titles_aside_and_keeps_defined_acronyms() -> None:
    mentions = find_mentions("Dr. Priya Raman joined International Business Machines (IBM).")
    by_name = {m.name: m.aliases for m in mentions}
    assert by_name == {
        "Priya Raman": ("Dr. Priya Raman",),
        "International Business Machines": ("IBM",),
    }
    other = {m.name: m.aliases for m in find_mentions("She left Acme Robotics (XYZ).")}
    assert other["Acme Robotics"] == ()  # "XYZ" is not Acme Robotics' initials


# -- the generalisation set --------------------------------------------------------------------
def test_holdout_half_is_frozen() -> None:
    text = (DATA_DIR / "resolver_gen_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == HOLDOUT_SHA256


def test_every_registered_holdout_is_pinned() -> None:
    assert set(HOLDOUTS) == set(DATASETS) - {"generalisation"}


@pytest.mark.parametrize("name", sorted(HOLDOUTS))
def test_holdout_set_is_frozen_and_loads(name: str) -> None:
    sha, categories = HOLDOUTS[name]
    text = (DATA_DIR / f"resolver_{name}_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == sha
    canonical, queries, _ = load_generalisation(DATA_DIR, (name,))
    assert {q["half"] for q in queries} == {name}
    assert len({q["category"] for q in queries}) == categories  # every category survives
    assert all(c["name"] for c in canonical)


def test_generalisation_loader_scores_only_well_posed_rows(tmp_path: Path) -> None:
    rows = [
        '{"id": "d0", "category": "place", "kind": "positive", "type": "Place", '
        '"stored": "Niger", "query": "Republic of the Niger", "source": "t"}',
        '{"id": "d1", "category": "place_negative", "kind": "negative", "type": "Place", '
        '"stored": "Nigeria", "query": "Niger", "source": "t"}',
    ]
    (tmp_path / "resolver_gen_dev.jsonl").write_text("\n".join(rows) + "\n")
    (tmp_path / "resolver_gen_holdout.jsonl").write_text("")
    (tmp_path / "resolver_fillers.jsonl").write_text(
        '["P", "Evan M. Larson"]\n["O", "Niger Inc"]\n'
    )
    canonical, queries, fillers = load_generalisation(tmp_path)
    assert sorted(str(c["name"]) for c in canonical) == ["Niger", "Nigeria"]
    assert [q["id"] for q in queries] == ["d0"]  # "Niger" is itself stored: ill-posed
    assert fillers == [["P", "Evan M. Larson"]]  # "Niger Inc" shares a query's core name
