"""Identity that generalises (issue 13): name structure, maintained name data, aliases, acronyms,
evidence on proposals, and the frozen generalisation set."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.test_resolver import store_all
from worlddb.bench.resolver import DATA_DIR
from worlddb.bench.resolver_gen import load_generalisation
from worlddb.engine import WorldDB
from worlddb.extract.entities import find_mentions
from worlddb.model import Changeset, NodeId, Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.aliases import AcronymIndex, query_acronym, stored_acronyms
from worlddb.resolver.forms import fold_words, name_form

HOLDOUT_SHA256 = "41298825dfd898c7"  # bench/data/resolver_gen_holdout.jsonl, frozen before tuning
FRESH_SHA256 = "5172e61a4d4e0855"  # bench/data/resolver_fresh_holdout.jsonl, frozen before round 3
R4_SHA256 = "ba7f15e713d157dd"  # bench/data/resolver_r4_holdout.jsonl, frozen before round 4
R5_SHA256 = "ed892b54add026e9"  # bench/data/resolver_r5_holdout.jsonl, frozen before round 5
R6_SHA256 = "76b8c86119004198"  # bench/data/resolver_r6_holdout.jsonl, frozen before round 6
R7_SHA256 = "180f79319d3ebc6c"  # bench/data/resolver_r7_holdout.jsonl, frozen before round 7
R8_SHA256 = "d02e92d505aabfd3"  # bench/data/resolver_r8_holdout.jsonl, frozen before round 8
R9_SHA256 = "27e8a41b491b2e8f"  # bench/data/resolver_r9_holdout.jsonl, frozen before round 9
R10_SHA256 = "87eb34db5c5f42fd"  # bench/data/resolver_r10_holdout.jsonl, frozen before round 10
R11_SHA256 = "c09d5b38a308cc89"  # bench/data/resolver_r11_holdout.jsonl, frozen before round 11
R12_SHA256 = "87b298c5ceb59eda"  # bench/data/resolver_r12_holdout.jsonl, frozen before round 12
R13_SHA256 = "f5ea3a5d40ffe5d7"  # bench/data/resolver_r13_holdout.jsonl, frozen before round 13
R14_SHA256 = "f540a8db2639e872"  # bench/data/resolver_r14_holdout.jsonl, frozen before round 14
R15_SHA256 = "eb9068203e0de00e"  # bench/data/resolver_r15_holdout.jsonl, frozen before round 15
R16_SHA256 = "91684a59e03eddd3"  # bench/data/resolver_r16_holdout.jsonl, frozen before round 16
R17_SHA256 = "a2f73bd690cdaab5"  # bench/data/resolver_r17_holdout.jsonl, frozen before round 17
R18_SHA256 = "ae2801ccdaa28758"  # bench/data/resolver_r18_holdout.jsonl, frozen before round 18
R19_SHA256 = "e069b02f4e26ff55"  # bench/data/resolver_r19_holdout.jsonl, frozen before round 19
R20_SHA256 = "447c81453c534a53"  # bench/data/resolver_r20_holdout.jsonl, frozen before round 20
R21_SHA256 = "381a45402e569d55"  # bench/data/resolver_r21_holdout.jsonl, frozen before round 21
R22_SHA256 = "e9cebbe329645c24"  # bench/data/resolver_r22_holdout.jsonl, frozen before round 22
R23_SHA256 = "fb45866c2b32c280"  # bench/data/resolver_r23_holdout.jsonl, frozen before round 23
R24_SHA256 = "ffd052391899026e"  # bench/data/resolver_r24_holdout.jsonl, frozen before round 24
R25_SHA256 = "0d7a2c5a4b05ff48"  # bench/data/resolver_r25_holdout.jsonl, frozen before round 25
R26_SHA256 = "35126f9d7b12e7f8"  # bench/data/resolver_r26_holdout.jsonl, frozen before round 26
R27_SHA256 = "bcb6db27670030c2"  # bench/data/resolver_r27_holdout.jsonl, frozen before round 27
R28_SHA256 = "25bf2d501cb5776d"  # bench/data/resolver_r28_holdout.jsonl, frozen before round 28


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


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("International Business Machines", "IBM"),
        ("Procter & Gamble", "P&G"),
        ("Bank of America", "BofA"),
        ("NASA", "National Aeronautics and Space Administration"),
    ],
)
def test_acronyms_resolve_either_way(db: WorldDB, stored: str, query: str) -> None:
    (target,) = store_all(db, ("Organization", stored))
    result = resolve(db, "Organization", query)
    assert (found(result), result.tier) == (target, "acronym")
    assert "acronym:" in result.why(target)


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


def test_fresh_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_fresh_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == FRESH_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("fresh",))
    assert {q["half"] for q in queries} == {"fresh"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round4_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r4_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R4_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r4",))
    assert {q["half"] for q in queries} == {"r4"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round5_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r5_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R5_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r5",))
    assert {q["half"] for q in queries} == {"r5"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round6_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r6_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R6_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r6",))
    assert {q["half"] for q in queries} == {"r6"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round7_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r7_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R7_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r7",))
    assert {q["half"] for q in queries} == {"r7"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round8_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r8_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R8_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r8",))
    assert {q["half"] for q in queries} == {"r8"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round9_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r9_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R9_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r9",))
    assert {q["half"] for q in queries} == {"r9"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round10_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r10_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R10_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r10",))
    assert {q["half"] for q in queries} == {"r10"}
    assert len({q["category"] for q in queries}) == 6  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round11_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r11_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R11_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r11",))
    assert {q["half"] for q in queries} == {"r11"}
    assert len({q["category"] for q in queries}) == 7  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round12_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r12_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R12_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r12",))
    assert {q["half"] for q in queries} == {"r12"}
    assert len({q["category"] for q in queries}) == 6  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round13_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r13_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R13_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r13",))
    assert {q["half"] for q in queries} == {"r13"}
    assert len({q["category"] for q in queries}) == 9  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round14_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r14_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R14_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r14",))
    assert {q["half"] for q in queries} == {"r14"}
    assert len({q["category"] for q in queries}) == 15  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round15_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r15_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R15_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r15",))
    assert {q["half"] for q in queries} == {"r15"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round16_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r16_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R16_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r16",))
    assert {q["half"] for q in queries} == {"r16"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round17_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r17_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R17_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r17",))
    assert {q["half"] for q in queries} == {"r17"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round18_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r18_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R18_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r18",))
    assert {q["half"] for q in queries} == {"r18"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round19_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r19_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R19_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r19",))
    assert {q["half"] for q in queries} == {"r19"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round20_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r20_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R20_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r20",))
    assert {q["half"] for q in queries} == {"r20"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round21_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r21_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R21_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r21",))
    assert {q["half"] for q in queries} == {"r21"}
    assert len({q["category"] for q in queries}) == 9  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round22_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r22_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R22_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r22",))
    assert {q["half"] for q in queries} == {"r22"}
    assert len({q["category"] for q in queries}) == 5  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round23_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r23_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R23_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r23",))
    assert {q["half"] for q in queries} == {"r23"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round24_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r24_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R24_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r24",))
    assert {q["half"] for q in queries} == {"r24"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round25_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r25_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R25_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r25",))
    assert {q["half"] for q in queries} == {"r25"}
    assert len({q["category"] for q in queries}) == 14  # every category survives the loader
    assert all(c["name"] for c in canonical)


def test_round26_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r26_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R26_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r26",))
    assert {q["half"] for q in queries} == {"r26"}
    assert len({q["category"] for q in queries}) == 13  # every category survives (no acronym)
    assert all(c["name"] for c in canonical)


def test_round27_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r27_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R27_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r27",))
    assert {q["half"] for q in queries} == {"r27"}
    assert len({q["category"] for q in queries}) == 12  # no acronym, no similar_product
    assert all(c["name"] for c in canonical)


def test_round28_holdout_is_frozen_and_loads() -> None:
    text = (DATA_DIR / "resolver_r28_holdout.jsonl").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == R28_SHA256
    canonical, queries, _ = load_generalisation(DATA_DIR, ("r28",))
    assert {q["half"] for q in queries} == {"r28"}
    assert len({q["category"] for q in queries}) == 9  # no accents, acronym, aliases, products
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
