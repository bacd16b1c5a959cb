"""Round 24 (issue 13): languages' short names from seven syntax highlighters' registries
(``data/tools.tsv``, built by ``scripts/make_resolver_tools.py``), a short name only where one
language claims it across them, Linguist and pygments. Development data: r23, r24 and every
earlier set; r25 was built blind before this round."""

from __future__ import annotations

from importlib import resources

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.alias_groups import alias_names

pytestmark = pytest.mark.worlddb(recluster=False)


def test_tools_artifact_is_the_built_one_and_credits_every_registry() -> None:
    text = resources.files("worlddb.resolver").joinpath("data/tools.tsv").read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    groups = [line.split("\t") for line in text.splitlines() if not line.startswith("#")]
    for registry in ("highlight.js 11.12.0", "Prism 1.30.0", "Ace 1.43.4", "GtkSourceView"):
        assert any(registry in line for line in header), registry
    assert len(groups) == 113  # make_resolver_tools.py
    assert all(kind == "Tool" and source.startswith("registries:") for kind, source, _ in groups)
    names = [n.casefold() for _, _, line in groups for n in line.split("|")[1:]]
    assert len(names) == len(set(names))  # a short name belongs to one language


def test_a_registrys_short_name_reaches_its_language(db: WorldDB) -> None:
    assert ("Drools", "registries:ace") in alias_names("drl", ["Tool"])
    assert ("CHILL", "registries:highlight") in alias_names("chl", ["Tool"])
    drools, toml = store_all(db, ("Tool", "Drools"), ("Tool", "TOML"))
    assert resolve(db, "Tool", "drl").world_id == drools
    assert resolve(db, "Tool", "tml").world_id == toml
    # a short name several languages claim names none: "pl" stays Perl's (pygments), not Prolog's
    assert not any(source.startswith("registries:") for _, source in alias_names("pl", ["Tool"]))
    # and a language's short name is no Place's or Person's
    assert alias_names("drl", ["Place"]) == []


def test_the_short_name_rule_both_build_scripts_apply() -> None:
    from worlddb.resolver.alias_groups import registered_short_name

    assert registered_short_name("proto", "Protocol Buffer")  # its letters, in order
    assert registered_short_name("Protocol Buffers", "Protocol Buffer")  # the name shortens it
    assert not registered_short_name("ActionScript 3", "ActionScript")  # a version: another
    assert not registered_short_name("Protocol Buffers", "Protocol Buffer", extension=True)
    assert not registered_short_name("r", "R") and not registered_short_name("node", "JavaScript")
