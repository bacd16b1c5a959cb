"""Round 42 (issue 13): East Slavic pet forms of given names written in Cyrillic, by their
diminutive endings (``slavic``: "Катя" / "Екатерина", "Ксюша" / "Ксения"), and a legal form
written first in Cyrillic blocked without it in its own script ("Акционерное общество «X»" /
"АО «X»"). Development data: every set up to r45. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.forms import fold_words
from worlddb.resolver.similarity import compare_names, name_form
from worlddb.resolver.slavic import slavic_pet_form

pytestmark = pytest.mark.worlddb(recluster=False)


def _pet(a: str, b: str) -> bool:
    return slavic_pet_form(fold_words(a)[0], fold_words(b)[0])


def _people(a: str, b: str) -> bool:
    return compare_names(name_form(a, True), name_form(b, True), personal=True) is not None


@pytest.mark.parametrize(
    ("pet", "name"),
    [
        ("Надя", "Надежда"),  # the start, -я
        ("Шура", "Александр"),  # no: neither the start nor a part with an ending listed
        ("Люся", "Людмила"),  # the start, -ся
        ("Митя", "Дмитрий"),  # a part from within, -я
        ("Полина", "Аполлинария"),  # a name of its own
    ],
)
def test_pet_forms_by_their_endings(pet: str, name: str) -> None:
    expected = pet in ("Надя", "Люся", "Митя")
    assert _pet(pet, name) is expected
    assert _pet(name, pet) is expected  # either order


def test_the_bare_ending_needs_a_slavic_full_name() -> None:
    assert _pet("Поля", "Полина")
    assert _pet("Гена", "Геннадий")  # -а against -ий
    assert not _pet("Roberta", "Robert")
    assert not _pet("Marta", "Martin")


def test_only_names_written_in_cyrillic_are_read_so() -> None:
    assert _people("Митя Орлов", "Дмитрий Орлов")
    assert not _people("Митя Орлов", "Михаил Орлов")
    # in Latin letters the endings make names of their own: Marsha is not Maria
    assert not _people("Marsha Quill", "Maria Quill")
    assert not _people("Bryan Quill", "Bradley Quill")
    assert not _people("Митя Орлов", "Дмитрий Волков")  # the family name still counts


def test_a_pet_form_resolves_to_the_full_name(db: WorldDB) -> None:
    (dmitry,) = store_all(db, ("Person", "Дмитрий Орлов"))
    assert resolve(db, "Person", "Митя Орлов").world_id == dmitry


def test_a_cyrillic_form_written_first_is_blocked_in_cyrillic(db: WorldDB) -> None:
    ooo, ao = store_all(
        db, ("Organization", "ООО «Верескова»"), ("Organization", "АО «Полесье-Трансит»")
    )
    found = resolve(db, "Organization", "Общество с ограниченной ответственностью «Верескова»")
    assert found.world_id == ooo
    assert resolve(db, "Organization", "Акционерное общество «Полесье-Трансит»").world_id == ao
