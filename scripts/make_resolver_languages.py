"""Build ``worlddb/resolver/data/languages.tsv``: languages' short names, from GitHub Linguist.

Why: "gql" is GraphQL, "mmd" is Mermaid and "nf" is Nextflow. People name a language by the
extension of its files or by a short name its community uses. ``pygments`` lists some of these
(``alias_groups`` reads it at run time). GitHub's Linguist, which labels the languages of every
repository on GitHub, lists more, for 833 languages and formats. The npm package
``linguist-languages`` ships Linguist's ``languages.yml`` as JavaScript modules.

What is kept, one group a language, and why:
* the language's aliases that shorten its name (its letters in order, from the first: "bat" for
  Batchfile, "proto" for Protocol Buffer) or that it shortens without a number ("Protocol
  Buffers", but not "ActionScript 3": a version is another product). Other aliases name other
  things: "node" is listed for JavaScript and "rusthon" for Python;
* the extensions of its files (without the dot) that shorten its name, when no other language
  claims the extension: ".m" is Objective-C's, MATLAB's and Mercury's, so it names none.

Each line is ``Tool<TAB>linguist:SOURCE<TAB>name|other|...``, as in ``aliases.tsv``; SOURCE is
``aliases`` or ``file extensions``.

Usage, in the project's virtualenv (the rule is ``alias_groups.registered_short_name``, which
``make_resolver_tools.py`` applies too): ``python scripts/make_resolver_languages.py DIR
[--out worlddb/resolver/data]``, where
DIR is the ``package/`` folder of ``npm pack linguist-languages@9.5.0`` unpacked (``tar xzf``);
``node`` reads its ``index.js``. Licence: MIT (the package and Linguist's data). The file is
committed; nothing is fetched at run time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections import Counter
from pathlib import Path

# the rule the resolver's alias groups keep short names by
from worlddb.resolver.alias_groups import registered_short_name

VERSION = "9.5.0"
_DUMP = """
import * as L from './index.js';
const all = L.default ?? L;
console.log(JSON.stringify(Object.values(all).map(v => ({
  name: v.name, aliases: v.aliases || [], extensions: v.extensions || []}))));
"""

HEADER = f"""\
# Languages' and file formats' short names: TYPE<TAB>SOURCE<TAB>name|other|... (one language a
# line). Source: GitHub Linguist's languages.yml as the npm package linguist-languages {VERSION}
# ships it (MIT); filtered by scripts/make_resolver_languages.py (short forms only, extensions
# that one language claims).
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", type=Path)
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data"))
    args = parser.parse_args()
    dumped = subprocess.run(
        ["node", "--input-type=module", "-e", _DUMP],
        cwd=args.package,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    languages = sorted(json.loads(dumped), key=lambda lang: lang["name"])
    claims = Counter(
        ext.lstrip(".").casefold() for lang in languages for ext in set(lang["extensions"])
    )
    lines: list[str] = []
    for lang in languages:
        name = lang["name"]
        aliases = [a for a in lang["aliases"] if registered_short_name(a, name)]
        extensions = [
            ext
            for ext in (e.lstrip(".") for e in lang["extensions"])
            if ext.isalnum()
            and claims[ext.casefold()] == 1
            and ext.casefold() not in {a.casefold() for a in aliases}
            and registered_short_name(ext, name, extension=True)
        ]
        if aliases and "|" not in name:
            lines.append(f"Tool\tlinguist:aliases\t{'|'.join([name, *aliases])}")
        if extensions and "|" not in name:
            lines.append(f"Tool\tlinguist:file extensions\t{'|'.join([name, *extensions])}")
    target = args.out / "languages.tsv"
    target.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{target}: {len(lines)} groups from {len(languages)} languages")


if __name__ == "__main__":
    main()
