"""Two names of which one writes out what the other abbreviates. Pure.

Registries write the same company with its legal form short or in full ("Paim Ltda." / "Paim
Limitada") and its descriptive words in full or as initials ("UBS BB CCTVM" / "UBS BB Corretora
de Câmbio, Títulos e Valores Mobiliários"). ``similarity.compare_names`` reads both through
this module before aligning words, for names other than people's.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from worlddb.resolver.acronym_keys import PARTICLES, compound_initials, initials
from worlddb.resolver.forms import NameForm
from worlddb.resolver.namedata import forms_by_abbreviation, legal_form_names, legal_terms
from worlddb.resolver.shortened import written_short
from worlddb.resolver.word_similarity import ABBREVIATION_SIMILARITY

__all__ = [
    "MAX_WRITTEN_OUT",
    "MIN_MIXED_INITIALS",
    "form_written_first",
    "form_written_out",
    "initials_within",
    "kind_written_short",
    "without_leading_form",
    "written_out_ending",
]

MIN_MIXED_INITIALS: Final = 3  # "CVM" for three words; two letters stand for too much
MAX_WRITTEN_OUT: Final = 4  # words of a legal form written out looked for at a name's end


def form_written_out(short: NameForm, whole: NameForm) -> tuple[NameForm, NameForm]:
    """``short`` and ``whole``, with the legal form that ``whole`` writes out as its last words
    set aside like ``short``'s abbreviated one: "Paim Ltda." / "Paim Limitada", "Eladly
    S.A.E." / "Eladly Société Anonyme Égyptienne", "Araujo EIRELI". A form no list names in full
    is still read so when the other name abbreviates it: the abbreviation is its initials
    (particles skipped), the one word contracted ("Ltda" / "limitada"), or that word itself.
    Two-letter initials ("A.Ş." / "Anonim Şirketi", but also "AS" / "Auto Service") and a word
    cut short ("AG" / "Agriculture") stand for too much to say so. A form the other name
    writes out partly, its first words left as words of the name, is read so too when the
    abbreviation is their initials before the form's own key ("Stankovci j.d.o.o." /
    "Stankovci jednostavno društvo s ograničenom odgovornošću": "j" + "doo")."""
    if len(short.suffix) != 1 or len(whole.words) <= len(short.words):
        return short, whole
    if whole.words[: len(short.words)] != short.words:
        return short, whole
    (key,) = short.suffix
    ending = whole.words[len(short.words) :]
    if whole.suffix:  # "j.d.o.o." / "jednostavno" + "društvo s ograničenom odgovornošću" (doo)
        spelled = any(initials(ending) + k == key for k in whole.suffix)
        spelled = spelled and len(key) >= MIN_MIXED_INITIALS
    elif len(ending) == 1:
        spelled = ending[0] == key or _contracted(key, ending[0])
    else:
        least = 2 if short.initialled else MIN_MIXED_INITIALS  # "K.K." / "Kabushiki Kaisha"
        spelled = len(key) >= least and compound_initials(key, ending)
    if not spelled:
        return short, whole
    words = short.words
    kept = NameForm(words, "".join(words), whole.numbers, short.sounds, short.suffix)
    return short, kept


def form_written_first(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two names differ only by a legal form written first, as Indonesia, Russia or
    Vietnam write it: "PT Besulutu" / "Perseroan Terbatas Besulutu" (the abbreviation against
    the form written out), or "PT Niname & Jawai" / "Niname & Jawai" (the form left out).
    The first word must be an abbreviation ISO 20275 gives a form of several words
    (``namedata.forms_by_abbreviation``): "PT", "CV", "SA"; a word that merely looks like
    initials is not one."""
    for short, other in ((a, b), (b, a)):
        forms = forms_by_abbreviation().get(short[0], ()) if len(short) > 1 else ()
        if not forms:
            continue
        rest = short[1:]
        if other == rest:
            return True
        if any(other[: len(f)] == f and other[len(f) :] == rest for f in forms):
            return True
    return False


def written_out_ending(form: NameForm) -> int:
    """How many words end an organisation's name as a legal form written out whose initials
    are a listed one ("Yugen Kaisha": YK; "société à responsabilité limitée": SARL), none set
    aside as one; ``0`` if none do. Blocked without them too (``tiered``), the name meets the one
    stored with the initials ("Tomita Y.K."), which ``form_written_out`` then reads."""
    words = form.words
    if form.suffix:
        return 0
    terms = legal_terms()
    for cut in range(2, min(MAX_WRITTEN_OUT, len(words) - 1) + 1):
        if (initials(words[-cut:]),) in terms:
            return cut
    return 0


def without_leading_form(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """``words`` without a legal form written first ("perseroan terbatas" or "pt"), for
    blocking: "Perseroan Terbatas Besulutu" shares one word with "PT Besulutu", too few for
    any blocking stage. ``None`` when the name starts with no such form."""
    if len(words) > 1 and words[0] in forms_by_abbreviation():
        return words[1:]
    for form in _written_forms().get(words[0], ()) if words else ():
        if len(words) > len(form) and words[: len(form)] == form:
            return words[len(form) :]
    return None


@cache
def _written_forms() -> dict[str, tuple[tuple[str, ...], ...]]:
    """ISO 20275's forms of several words, by their first word, longest first."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for words in legal_form_names():
        if len(words) > 1:
            out.setdefault(words[0], []).append(words)
    return {w: tuple(sorted(forms, key=lambda f: (-len(f), f))) for w, forms in out.items()}


def _contracted(short: str, word: str) -> bool:
    """Whether ``short`` is ``word`` contracted: its first and last letters and some between,
    in order ("ltda" / "limitada", "ltd" / "limited"), not merely its start."""
    return (
        len(short) >= 2
        and short[0] == word[0]
        and short[-1] == word[-1]
        and not word.startswith(short)
        and written_short(short, word)
    )


def initials_within(
    a: tuple[str, ...], b: tuple[str, ...], *, organisation: bool = False
) -> float | None:
    """The score of two names that share their first words or their last (or both) when what
    is left of one is a single word, the initials of what is left of the other, particles
    skipped: "GENIAL INVESTIMENTOS CVM" / "Genial Investimentos Corretora de Valores
    Mobiliários", "UBS BB CCTVM" / "UBS BB Corretora de Câmbio, Títulos e Valores Mobiliários",
    and a legal form written first, "ПАО «Базавов»" / "Публичное акционерное общество
    «Базавов»". Registries write a name's descriptive part short so; the shared words are the
    evidence, so at least one must be shared and the initials must be ``MIN_MIXED_INITIALS``
    letters or more. ``None`` when the names are not so."""
    if len(a) == len(b):
        return None
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    head = 0
    while head < len(short) and short[head] == long_[head]:
        head += 1
    tail = 0
    while tail < len(short) - head and short[-1 - tail] == long_[-1 - tail]:
        tail += 1
    rest = short[head : len(short) - tail]
    spelled = long_[head : len(long_) - tail]
    if head + tail == 0 or len(rest) != 1 or len(spelled) < 2:
        return None
    # Two letters stand for too much, except as the kind of an organisation written first with
    # the whole rest of the name shared: "CC Sundgau" / "Communauté de communes Sundgau"
    kind = organisation and head == 0 and tail == len(short) - 1
    if len(rest[0]) < (2 if kind else MIN_MIXED_INITIALS):
        return None
    # "NPF MFB" / "NPF Microfinance Bank"; "CA du Niortais" / "Communauté d'agglomération ..."
    if not compound_initials(rest[0], spelled) and not (
        kind and compound_initials(rest[0], _unelided(spelled))
    ):
        return None
    letters = len(rest[0])
    shared = sum(map(len, short)) - letters
    return round((shared + ABBREVIATION_SIMILARITY * letters) / (shared + letters), 4)


MAX_KIND_WORDS: Final = 3  # words of a body's kind written first ("Communauté de communes")


def kind_written_short(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``words`` with their first two or three words (particles between them skipped) written
    as their initials, the rest kept: what a name that writes the kind of body first looks like
    when the kind is abbreviated ("Communauté de communes Sundgau" → "CC Sundgau",
    "Communauté d'agglomération du Niortais" → "CA du Niortais"). For blocking: the two share
    one word, too few for FTS to find one from the other; ``initials_within`` then reads them."""
    out: list[tuple[str, ...]] = []
    for spelled in dict.fromkeys((words, _unelided(words))):
        content = 0
        for end, word in enumerate(spelled, 1):
            if word in PARTICLES:
                continue
            content += 1
            if content > MAX_KIND_WORDS or end >= len(words):
                break
            if content >= 2:
                out.append((initials(spelled[:end]), *words[end:]))
    return list(dict.fromkeys(out))


def _unelided(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with an article elided before a vowel and run into its word dropped: French,
    Italian and Catalan write "d'agglomération", "l'Ouest", which folding runs together
    ("dagglomeration"), and an acronym takes the word's own initial ("CA"). Read as a second
    try only ("Dallas" is a word of its own), and never of a name's first word."""
    return tuple(
        w[1:] if i and len(w) > 4 and w[0] in "dl" and w[1] in "aeiouh" else w
        for i, w in enumerate(words)
    )
