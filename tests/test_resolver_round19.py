"""Round 19 (issue 13): regions' names in other languages (ISO 3166-2 translations) and Python
packages' import names (pipreqs); what each must not reach. Development data: r18 and every
earlier set."""

from __future__ import annotations

from importlib import resources

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.alias_groups import alias_names

pytestmark = pytest.mark.worlddb(recluster=False)


def _names(surface: str, kind: str = "Place") -> set[str]:
    return {name for name, _ in alias_names(surface, [kind])}


def test_a_regions_name_in_other_languages() -> None:
    assert "Lappi" in _names("Lapland") and "Lapland" in _names("Lappi")
    assert "Pohjois-Karjala" in _names("North Karelia")
    assert "Bayern" in _names("Bavaria")
    source = dict(alias_names("Lapland", ["Place"]))["Lappi"]
    assert source == "pycountry:subdivision names in other languages"


def test_a_subdivision_name_several_countries_carry_is_not_translated() -> None:
    # "Central" is a region of Botswana, Ghana, Papua New Guinea...: its codes stay, weakly.
    assert all("ISO 3166-2:" in source for _, source in alias_names("Central", ["Place"]))
    assert _names("Bavaria", "Organization") == set()


def test_the_region_resolves_under_its_other_name(db: WorldDB) -> None:
    (lapland,) = store_all(db, ("Place", "Lapland"))
    assert resolve(db, "Place", "Lappi").world_id == lapland
    assert resolve(db, "Person", "Lappi").outcome == "new"


def test_imports_artifact_is_the_built_one() -> None:
    text = resources.files("worlddb.resolver").joinpath("data/python_imports.tsv").read_text()
    lines = text.splitlines()
    assert "pipreqs 0.5.0" in lines[1]
    groups = [line.split("\t") for line in lines if not line.startswith("#")]
    assert len(groups) == 463  # make_resolver_imports.py
    assert ["Tool", "pipreqs:import name", "scikit_learn|scikit-learn|sklearn"] in groups


def test_a_package_by_its_import_name(db: WorldDB) -> None:
    assert "PyYAML" in _names("yaml", "Tool") and "pyzmq" in _names("zmq", "Tool")
    assert _names("App", "Tool") == set()  # pipreqs maps it to Zope2, of which it is a module
    pyyaml, sklearn, bs4 = store_all(
        db, ("Tool", "PyYAML"), ("Tool", "scikit-learn"), ("Tool", "beautifulsoup4")
    )
    assert resolve(db, "Tool", "yaml").world_id == pyyaml
    assert resolve(db, "Tool", "sklearn").world_id == sklearn
    assert resolve(db, "Tool", "bs4").world_id == bs4
    assert resolve(db, "Tool", "bs5").outcome == "new"


def test_subdivisions_artifact_is_what_its_pycountry_gives() -> None:
    import sys
    from importlib.metadata import version
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "scripts"))
    from make_resolver_subdivisions import build, render  # type: ignore[import-not-found]

    text = resources.files("worlddb.resolver").joinpath("data/subdivisions.tsv").read_text()
    built_with = text.splitlines()[2].split()[2]  # "# pycountry 26.2.16 (Debian's ..."
    if version("pycountry") != built_with:
        pytest.skip(
            f"data/subdivisions.tsv was built with pycountry {built_with}, "
            f"{version('pycountry')} is installed: rebuild it to compare"
        )
    assert render(build()) == text
