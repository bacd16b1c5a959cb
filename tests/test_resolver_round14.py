"""Round-14 name knowledge (issue 13): the world's common first names (``names-dataset``'s
300 most common of each sex in each of 105 countries) tell two given names one letter apart
from a slip of the fingers; spellings that commonly alternate stay one name."""

from __future__ import annotations

import gzip
from importlib import resources

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.namedata import common_given, given_abroad
from worlddb.resolver.word_similarity import word_similarity

pytestmark = pytest.mark.worlddb(recluster=False)


def resolve(db: WorldDB, kind: str, name: str) -> Resolution:
    return TieredResolver(db.store).resolve(WorldSpec(type=kind, name=name))


def test_given_abroad_artifact_is_the_built_one() -> None:
    raw = resources.files("worlddb.resolver").joinpath("data/given_abroad.tsv.gz").read_bytes()
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    assert lines[0].startswith("# Common first names of each country (top 300")
    assert sum(1 for line in lines if not line.startswith("#")) == 36712  # --given --top 300
    assert {"nina", "jina", "claus", "clas", "sana", "saba"} <= given_abroad()


def test_two_common_first_names_one_slip_apart_are_two_names() -> None:
    # "n"/"j" and "b"/"n" are neighbouring keys, "Clas" is "Claus" less a letter: each a slip,
    # but both words are common first names somewhere, so two people
    assert "jina" not in common_given()  # the rule's new knowledge, not the older lists'
    for a, b in (("nina", "jina"), ("clas", "claus"), ("sana", "saba")):
        assert word_similarity(a, b, False, "given") == (0.0, "")
    # a slip into a word that is nobody's common first name is still a typo
    assert word_similarity("jonh", "john", False, "given")[1] == "typo"
    # only in the given name's place: a product word that is someone's name says nothing
    assert word_similarity("clas", "claus", False, "name")[1] == "typo"
    # but one letter struck for another that makes a known name is that name, in any place
    assert word_similarity("nina", "jina", False, "name") == (0.0, "")


def test_alternating_spellings_stay_one_name() -> None:
    # an "h" dropped and letters that spellings of one name alternate are not two names
    assert {"ricard", "richard"} <= given_abroad()
    assert word_similarity("ricard", "richard", False, "given")[1] == "typo"


def test_resolution_keeps_the_two_people_apart(db: WorldDB) -> None:
    nina, richard = store_all(db, ("Person", "Nina Kondratjev"), ("Person", "Richard Quining"))
    assert resolve(db, "Person", "Jina Kondratjev").outcome == "new"
    assert resolve(db, "Person", "Ricard Quining").world_id == richard
    assert resolve(db, "Person", "Nina Kondratjev").world_id == nina
