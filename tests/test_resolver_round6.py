"""Round-6 name knowledge (issue 13): given names and pet forms of 55 countries (``nam_dict``),
US states' AP-style abbreviations (``us``), a place written with its region, and the words a
package name adds to the tool it is; and what stays apart."""

from __future__ import annotations

import gzip
from importlib import resources

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.aliases import alias_names
from worlddb.resolver.cores import unqualified
from worlddb.resolver.namedata import are_nicknames, census_given, common_given
from worlddb.resolver.word_similarity import word_similarity

pytestmark = pytest.mark.worlddb(recluster=False)


def resolve(db: WorldDB, kind: str, name: str) -> Resolution:
    return TieredResolver(db.store).resolve(WorldSpec(type=kind, name=name))


def test_nam_dict_artifact_is_the_built_one() -> None:
    raw = resources.files("worlddb.resolver").joinpath("data/nam_dict.tsv.gz").read_bytes()
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    assert lines[0].startswith("# Given names and pet forms from Jorg Michael's nam_dict.txt")
    kinds = [line.split("\t", 1)[0] for line in lines if not line.startswith("#")]
    assert kinds.count("=") == 736 and kinds.count("N") == 37354  # make_resolver_namdict.py


def test_names_common_abroad_are_names_of_their_own() -> None:
    assert {"zdravko", "oksana", "kresimir"} <= common_given()
    assert "oksana" not in census_given()
    assert word_similarity("oksana", "aksana", False, "given") == (0.0, "")
    assert word_similarity("kresimir", "krasimir", False, "given") == (0.0, "")
    # one name romanised two ways stays one
    assert word_similarity("anatoliy", "anatolii", False, "given")[1] == "transliteration"
    assert word_similarity("jonh", "john", False, "given")[1] == "typo"  # not a name: a typo


def test_pet_forms_from_nam_dict() -> None:
    assert are_nicknames("sepp", "josef") and are_nicknames("nando", "fernando")
    assert are_nicknames("hansi", "johann")
    assert not are_nicknames("sepp", "johann")


def test_pet_forms_resolve_and_other_given_names_do_not(db: WorldDB) -> None:
    josef, oksana = store_all(db, ("Person", "Josef Wimmer"), ("Person", "Oksana Hrytsenko"))
    assert resolve(db, "Person", "Sepp Wimmer").world_id == josef
    assert resolve(db, "Person", "Aksana Hrytsenko").outcome == "new"
    assert oksana


def test_ap_state_abbreviations_are_aliases() -> None:
    assert ("California", "us:AP style") in alias_names("Calif.", ["Place"])
    assert ("West Virginia", "us:AP style") in alias_names("W.Va.", ["Place"])
    assert alias_names("Calif.", ["Person"]) == []
    assert alias_names("Mass", ["Place"]) == []  # undotted it is a word


def test_ap_abbreviation_resolves_to_the_state(db: WorldDB) -> None:
    (state,) = store_all(db, ("Place", "Connecticut"))
    assert resolve(db, "Place", "Conn.").world_id == state


def test_a_region_after_a_comma_is_read_off() -> None:
    assert unqualified("Springfield, Ill.") == "Springfield"
    assert unqualified("Perth, WA") == "Perth"
    assert unqualified("Lyon, France") == "Lyon"
    assert unqualified("Washington, D.C.") is None  # a name of its own
    assert unqualified("Smith, John") is None  # "John" is no region
    assert unqualified("Lyon") is None


def test_places_with_and_without_their_region(db: WorldDB) -> None:
    bare, qualified, paris_tx = store_all(
        db,
        ("Place", "Kokomo"),
        ("Place", "Bozeman, Montana"),
        ("Place", "Paris, Texas"),
    )
    assert resolve(db, "Place", "Kokomo, Indiana").world_id == bare
    assert resolve(db, "Place", "Bozeman").world_id == qualified
    found = resolve(db, "Place", "Paris, France")
    assert paris_tx not in {found.world_id, *(o[0] for o in found.options)}
    hit = resolve(db, "Place", "Kokomo, Indiana")
    assert "read without its region, its kind of unit" in hit.why(bare)


def test_package_names_without_their_ecosystem_words(db: WorldDB) -> None:
    allauth, crontab, login, wtf = store_all(
        db,
        ("Tool", "django-allauth"),
        ("Tool", "python-crontab"),
        ("Tool", "Flask-Login"),
        ("Tool", "Flask-WTF"),
    )
    assert resolve(db, "Tool", "allauth").world_id == allauth
    assert resolve(db, "Tool", "crontab").world_id == crontab
    assert resolve(db, "Tool", "Flask-Babel").outcome == "new"  # another plug-in
    assert resolve(db, "Tool", "Django").outcome == "new"  # the framework is not its plug-in
    assert resolve(db, "Person", "Login").outcome == "new"  # only for tools and products
    assert login != wtf


# -- round 7 (development data: r6 and the earlier sets) ---------------------------------------
def test_a_mans_and_a_womans_name_are_two_people() -> None:
    from worlddb.resolver.namedata import opposite_sexes

    assert opposite_sexes("cristina", "cristian") and opposite_sexes("mario", "maria")
    assert not opposite_sexes("andrea", "andreas")  # Andrea is either
    assert word_similarity("cristina", "cristian", False, "given") == (0.0, "")
    assert word_similarity("cristina", "cristian", False, "family")[1] == "typo"  # surnames


def test_common_surnames_abroad_are_two_families() -> None:
    from worlddb.resolver.namedata import surnames_abroad

    assert {"marini", "marino", "yamaguchi", "yamauchi", "gimenez", "jimenez"} <= surnames_abroad()
    assert word_similarity("marini", "marino", False, "family") == (0.0, "")
    assert word_similarity("yamauchi", "yamaguchi", False, "family") == (0.0, "")
    assert word_similarity("smith", "smiht", False, "family")[1] == "typo"
    # spelled as it sounds, whichever country each spelling is common in: one name
    assert word_similarity("gonsalez", "gonzalez", False, "family")[1] == "typo"


def test_given_names_cut_short_as_pet_forms() -> None:
    from worlddb.resolver.namedata import is_cut_short

    assert is_cut_short("harv", "harvey") and is_cut_short("bastian", "sebastian")
    assert not is_cut_short("dan", "daniela")  # a man's and a woman's name
    assert not is_cut_short("rob", "robin")  # Rob is a name of its own
    assert not is_cut_short("harv", "harpo")
    # a common name as the short one: the long one's start (four letters), or it plus -ie / -y
    assert is_cut_short("terry", "terrence") and is_cut_short("clint", "clinton")
    assert is_cut_short("ruth", "ruthie") and is_cut_short("rose", "rosie")
    assert not is_cut_short("mary", "margaret") and not is_cut_short("ian", "brian")
    assert not is_cut_short("jose", "josie")  # a man's and a woman's name in the census


def test_post_nominal_letters_after_a_comma(db: WorldDB) -> None:
    from worlddb.resolver.forms import untitled

    assert untitled("Ann Lee, MBA, CPA") == "Ann Lee"
    assert untitled("Lee, ANN") == "Lee ANN"  # a name turned round, not letters
    (person,) = store_all(db, ("Person", "Gwendolyn Ashcombe"))
    assert resolve(db, "Person", "Gwendolyn Ashcombe, FRCP").world_id == person


def test_places_without_their_kind_of_unit(db: WorldDB) -> None:
    from worlddb.resolver.cores import unit_dropped

    assert unit_dropped("마포구") == "마포" and unit_dropped("横浜市") == "横浜"
    assert unit_dropped("중구") is None  # one syllable would remain
    assert unit_dropped("京都") is None
    mapo, gangnam = store_all(db, ("Place", "마포구"), ("Place", "강남"))
    assert resolve(db, "Place", "마포").world_id == mapo
    assert resolve(db, "Place", "강남구").world_id == gangnam
    (yokohama,) = store_all(db, ("Place", "Yokohama-shi"))
    assert resolve(db, "Place", "Yokohama").world_id == yokohama


def test_cjk_place_found_among_many_by_its_start(db: WorldDB) -> None:
    """Blocking looks for "广州" as a prefix (it starts the one token "广州市"), so the place is
    found among hundreds of others (a store of three finds it by other paths)."""
    import random

    from worlddb.model import Changeset
    from worlddb.resolver.blocking import fts_expression

    assert fts_expression(["广州"], stage="loose") == 'name : ((("广州" OR "广州" *)))'
    rng = random.Random(7)
    chars = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    others = sorted({"".join(rng.sample(chars, 2)) + "县" for _ in range(300)})
    db.write(Changeset(worlds=tuple(WorldSpec(type="Place", name=n) for n in others)))
    guangzhou, xinxiang = store_all(db, ("Place", "广州市"), ("Place", "新乡"))
    assert resolve(db, "Place", "广州").world_id == guangzhou
    assert resolve(db, "Place", "新乡市").world_id == xinxiang


def test_tools_without_their_namespace(db: WorldDB) -> None:
    from worlddb.resolver.cores import local_name

    assert local_name("community.docker.docker_container") == "docker_container"
    assert local_name("org.apache.kafka") == "kafka"
    assert local_name("vue.js") is None and local_name("org.json.io") is None
    kafka, plugin = store_all(db, ("Tool", "Kafka"), ("Tool", "community.mysql.mysql_user"))
    assert resolve(db, "Tool", "org.apache.kafka").world_id == kafka
    assert resolve(db, "Tool", "mysql_user").world_id == plugin
    assert resolve(db, "Tool", "mysql_user_info").outcome == "new"  # another plug-in
    assert resolve(db, "Person", "org.apache.kafka").outcome == "new"  # tools only


def test_country_names_in_other_languages(db: WorldDB) -> None:
    germany = alias_names("Deutschland", ["Place"])
    assert ("Germany", "pycountry:ISO 3166-1 in other languages") in germany
    assert any(name == "Allemagne" for name, _ in alias_names("Germany", ["Place"]))
    stored, swiss = store_all(db, ("Place", "Allemagne"), ("Place", "Svizzera"))
    assert resolve(db, "Place", "Deutschland").world_id == stored  # through the group
    assert resolve(db, "Place", "Switzerland").world_id == swiss
    assert resolve(db, "Person", "Deutschland").outcome == "new"  # places only
