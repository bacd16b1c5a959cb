"""Build ``worlddb/resolver/data/tools.tsv``: languages' short names, from syntax highlighters.

Why: ``languages.tsv`` (GitHub Linguist) and ``pygments`` list most short names of languages
and file formats, but not all: every syntax highlighter keeps its own registry of the names
and file extensions it answers to ("gms" for GAMS in highlight.js, "abnf" for ABNF in Prism,
"ahk" for AutoHotkey in Ace). This script reads seven such registries from local copies:

* highlight.js 11.12.0 (npm ``highlight.js``, BSD-3-Clause): each language's id, ``name`` and
  ``aliases``, read by ``node`` from ``lib/index.js``;
* Prism 1.30.0 (npm ``prismjs``, MIT): ``components.json``, each language's id, ``title`` and
  ``alias``; an alias with its own ``aliasTitles`` entry is another language ("html" / HTML
  under Markup);
* Ace 1.43.4 (npm ``ace-builds``, BSD-3-Clause): ``src/ext-modelist.js``, each mode's name,
  caption and file extensions;
* GtkSourceView (Debian ``libgtksourceview-5-common``, LGPL-2.1+): each language spec's id,
  name and file globs;
* highlight by André Simon (Debian ``highlight-common``, GPL-3+): each ``langDefs/*.lang``
  file's ``Description``, its name and the extensions ``filetypes.conf`` maps to it;
* GNU source-highlight (Debian ``libsource-highlight-common``, GPL-3+): ``lang.map``, names and
  extensions mapped to a ``.lang`` file;
* Vim (Debian ``vim-runtime``, Vim licence): the file types ``filetype.vim`` sets for ``*.ext``
  and each syntax file's ``Language:`` header.

source-highlight names no language, and Vim's headers describe more than they name ("abc music
notation language", "AutoHotkey script file"): a group from either is kept only when its name
is one another registry gives a language (the header with its parenthesis dropped, or the
``.lang`` file's or file type's name), else when that name is the id of exactly one language
in highlight.js, Prism, Ace or GtkSourceView ("csharp" → C#).

What is kept is what ``make_resolver_languages.py`` keeps of Linguist, one line a language:
* ids and aliases that shorten its name (``alias_groups.shortens``: its letters in order, from
  the first) or that it shortens without a number ("python3" is another product), without a
  dot or an underscore ("pf.conf" is a file's name, "cs_block_regex" a part of highlight's
  CoffeeScript definition);
* extensions (without the dot) that shorten its name;
* and of those only the ones that name exactly one language across every registry read here,
  Linguist's ``languages.tsv`` and ``pygments``'s lexers included (a language's display names
  are compared folded: case, accents, spaces, hyphens, dots and underscores aside, so "G-code"
  and "Gcode" are one language): "sh" is Bash's in one registry and Shell's in another, so it
  names none.
A display name two entries of one registry give to different languages names neither
(none in these versions); compound names ("C and C++", "HTML+Django", "HTML (Ruby)",
"AutoHotkey / AutoIt", "C/ObjC Header") are skipped as pygments' template lexers are. A line is
written only when it adds a short name ``languages.tsv`` does not already give that language,
and holds only those names. Each line is ``Tool<TAB>registries:R1,R2<TAB>name|other|...``,
with the registries that list one of its short names.

Usage, in the project's virtualenv: ``python scripts/make_resolver_tools.py --hljs DIR
--prism DIR --ace DIR [--out worlddb/resolver/data]``, where each DIR is the ``package/``
folder of ``npm pack highlight.js@11.12.0``, ``prismjs@1.30.0`` and ``ace-builds@1.43.4``
unpacked (``tar xzf``); the Debian packages are read where ``apt`` installs them. A registry
that is not there is skipped (and said so). The file is committed; nothing is fetched at run
time.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# the rule the resolver's alias groups keep short names by
from worlddb.resolver.alias_groups import registered_short_name

ORDER = ("hljs", "prism", "ace", "gtksourceview", "highlight", "source-highlight", "vim")
HLJS_VERSION, PRISM_VERSION, ACE_VERSION = "11.12.0", "1.30.0", "1.43.4"
DEBIAN = {
    "gtksourceview": "libgtksourceview-5-common",
    "highlight": "highlight-common",
    "source-highlight": "libsource-highlight-common",
    "vim": "vim-runtime",
}
LICENCE = {
    "hljs": "BSD-3-Clause",
    "prism": "MIT",
    "ace": "BSD-3-Clause",
    "gtksourceview": "LGPL-2.1+",
    "highlight": "GPL-3+",
    "source-highlight": "GPL-3+",
    "vim": "Vim licence",
}
TITLE = {
    "hljs": f"highlight.js {HLJS_VERSION} (npm highlight.js)",
    "prism": f"Prism {PRISM_VERSION} (npm prismjs, components.json)",
    "ace": f"Ace {ACE_VERSION} (npm ace-builds, ext-modelist.js)",
    "gtksourceview": "GtkSourceView language specs (Debian libgtksourceview-5-common {v})",
    "highlight": "highlight by André Simon (Debian highlight-common {v}, filetypes.conf)",
    "source-highlight": "GNU source-highlight (Debian libsource-highlight-common {v}, lang.map)",
    "vim": "Vim runtime (Debian vim-runtime {v}, filetype.vim and syntax headers)",
}

_HLJS = """
const hljs = require('./lib/index.js');
console.log(JSON.stringify(hljs.listLanguages().map(id => {
  const l = hljs.getLanguage(id);
  return {id, name: l.name || id, aliases: l.aliases || []};
})));
"""
_ACE = """
const fs = require('fs'), vm = require('vm');
let out = null;
const box = {
  define: (n, d, f) => { const m = {exports: {}}; f(null, m.exports, m); out = m.exports; },
  window: {require: (names, cb) => cb(out)},
};
vm.runInNewContext(fs.readFileSync('src/ext-modelist.js', 'utf8'), box);
console.log(JSON.stringify(out.modes.map(m => ({
  name: m.name, caption: m.caption, extensions: m.extensions}))));
"""


@dataclass
class Entry:
    """One language as one registry lists it: a display name, short names, extensions."""

    registry: str
    name: str
    aliases: list[str] = field(default_factory=list)
    extensions: list[str] = field(default_factory=list)
    key: str = ""  # the registry's own id, to tell two languages of one display name apart


def fold(name: str) -> str:
    """A display name folded: "G-code" / "Gcode", "Objective C" / "Objective-C", not C / C#."""
    text = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch) and ch not in " -_.")


def compound(name: str) -> bool:
    """Two languages in one name, or a name and a gloss: not one language's name."""
    return bool(
        "|" in name
        or "\t" in name
        or re.search(r"[^\W\d]\s*/\s*[^\W\d]", name)
        or " and " in name
        or "(" in name
        or re.search(r"\+\s*\w", name)
    )


def _node(script: str, cwd: Path) -> list[dict]:
    run = subprocess.run(
        ["node", "-e", script], cwd=cwd, check=True, capture_output=True, text=True
    )
    return json.loads(run.stdout)


def read_hljs(folder: Path) -> list[Entry]:
    return [
        Entry("hljs", lang["name"], [lang["id"], *lang["aliases"]], [], lang["id"])
        for lang in _node(_HLJS, folder)
    ]


def read_prism(folder: Path) -> list[Entry]:
    data = json.loads((folder / "components.json").read_text("utf-8"))["languages"]
    out: list[Entry] = []
    for lid, spec in data.items():
        if lid == "meta":
            continue
        alias = spec.get("alias", [])
        alias = [alias] if isinstance(alias, str) else list(alias)
        titled = spec.get("aliasTitles", {})
        out.append(Entry("prism", spec["title"], [lid, *(a for a in alias if a not in titled)]))
        out[-1].key = lid
        out += [Entry("prism", title, [a], [], f"{lid}:{title}") for a, title in titled.items()]
    return out


def read_ace(folder: Path) -> list[Entry]:
    out = []
    for mode in _node(_ACE, folder):
        exts = [e for e in mode["extensions"].split("|") if e.isalnum()]
        out.append(Entry("ace", mode["caption"], [mode["name"]], exts, mode["name"]))
    return out


def read_gtksourceview(folder: Path) -> list[Entry]:
    out = []
    for spec in sorted(folder.glob("*.lang")):
        root = ET.parse(spec).getroot()
        name = root.get("name") or root.get("_name")
        if not name or root.get("hidden") == "true":
            continue
        globs = ""
        for prop in root.iter("property"):
            if prop.get("name") == "globs":
                globs = prop.text or ""
        exts = [g[2:] for g in globs.split(";") if g.startswith("*.") and g[2:].isalnum()]
        out.append(Entry("gtksourceview", name, [root.get("id", "")], exts, root.get("id", "")))
    return out


def read_highlight(langdefs: Path, filetypes: Path) -> list[Entry]:
    mapped: dict[str, list[str]] = defaultdict(list)
    for lang, exts in re.findall(
        r'Lang\s*=\s*"([^"]+)"\s*,\s*Extensions\s*=\s*\{([^}]*)\}', filetypes.read_text("utf-8")
    ):
        mapped[lang] += re.findall(r'"([^"]+)"', exts)
    out = []
    for spec in sorted(langdefs.glob("*.lang")):
        found = re.search(r'^Description\s*=\s*"([^"]+)"', spec.read_text("utf-8", "replace"), re.M)
        if found:
            exts = [e for e in mapped.get(spec.stem, []) if e.isalnum()]
            out.append(Entry("highlight", found.group(1).strip(), [spec.stem], exts, spec.stem))
    return out


def read_source_highlight(langmap: Path) -> list[Entry]:
    names: dict[str, list[str]] = defaultdict(list)
    for line in langmap.read_text("utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            short, lang = (part.strip() for part in line.split("=", 1))
            names[lang.removesuffix(".lang")].append(short)
    # no display names: the .lang file's name stands in until resolve_unnamed
    return [
        Entry("source-highlight", stem, [stem, *(s for s in shorts if s.isalnum())], [], stem)
        for stem, shorts in sorted(names.items())
    ]


def read_vim(runtime: Path) -> list[Entry]:
    exts: dict[str, list[str]] = defaultdict(list)
    pattern = re.compile(
        r"^\s*au(?:tocmd)?\s+BufNewFile,BufRead\s+(\S+)\s+setf(?:iletype)?\s+(\w+)"
    )
    for line in (runtime / "filetype.vim").read_text("utf-8", "replace").splitlines():
        found = pattern.match(line)
        if found:
            for glob in found.group(1).split(","):
                if glob.startswith("*.") and glob[2:].isalnum():
                    exts[found.group(2)].append(glob[2:])
    out = []
    for syntax in sorted((runtime / "syntax").glob("*.vim")):
        text = syntax.read_text("utf-8", "replace")
        found = re.search(r'^"\s*Language:\s*(.+)$', text, re.M)
        header = re.sub(r"\s*\(.*", "", found.group(1)).strip() if found else ""
        entry = Entry("vim", header or syntax.stem, [syntax.stem], exts.get(syntax.stem, []))
        entry.key = syntax.stem
        out.append(entry)
    return out


def debian_version(package: str) -> str:
    run = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True
    )
    return run.stdout.strip() if run.returncode == 0 else ""


def languages_tsv(path: Path) -> dict[str, tuple[str, set[str]]]:
    """folded name → (Linguist's spelling, the short names languages.tsv gives it)."""
    out: dict[str, tuple[str, set[str]]] = {}
    for line in path.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            names = line.split("\t")[2].split("|")
            out.setdefault(fold(names[0]), (names[0], set()))[1].update(
                n.casefold() for n in names[1:]
            )
    return out


def pygments_entries() -> list[Entry]:
    from pygments.lexers import get_all_lexers  # type: ignore[import-untyped]

    return [
        Entry("pygments", name, list(aliases), [p[2:] for p in patterns if p.startswith("*.")])
        for name, aliases, patterns, _ in get_all_lexers()
    ]


def resolve_unnamed(entries: list[Entry]) -> tuple[list[Entry], list[str]]:
    """Give source-highlight's and Vim's entries a display name another registry gives, or drop
    them; returns the kept entries and what was dropped."""
    named = {fold(e.name): e.name for e in entries if e.registry not in {"source-highlight", "vim"}}
    ids: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        if e.registry in {"hljs", "prism", "ace", "gtksourceview"} and e.key and ":" not in e.key:
            ids[e.key.casefold()].add(fold(e.name))
    kept, dropped = [], []
    for e in entries:
        if e.registry not in {"source-highlight", "vim"}:
            kept.append(e)
        elif fold(e.name) in named:
            e.name = named[fold(e.name)]
            kept.append(e)
        elif len(ids.get(e.key.casefold(), ())) == 1:
            e.name = named[next(iter(ids[e.key.casefold()]))]
            kept.append(e)
        else:
            dropped.append(f"{e.registry}:{e.key}")
    return kept, dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hljs", type=Path, help="highlight.js package/ folder")
    parser.add_argument("--prism", type=Path, help="prismjs package/ folder")
    parser.add_argument("--ace", type=Path, help="ace-builds package/ folder")
    parser.add_argument("--gtksourceview", type=Path, default=Path("/usr/share/gtksourceview-5"))
    parser.add_argument("--highlight", type=Path, default=Path("/usr/share/highlight/langDefs"))
    parser.add_argument("--filetypes", type=Path, default=Path("/etc/highlight/filetypes.conf"))
    parser.add_argument(
        "--langmap", type=Path, default=Path("/usr/share/source-highlight/lang.map")
    )
    parser.add_argument("--vim", type=Path, default=Path("/usr/share/vim/vim90"))
    parser.add_argument("--out", type=Path, default=Path("worlddb/resolver/data"))
    args = parser.parse_args()

    readers = {
        "hljs": (args.hljs and args.hljs / "lib/index.js", lambda: read_hljs(args.hljs)),
        "prism": (args.prism and args.prism / "components.json", lambda: read_prism(args.prism)),
        "ace": (args.ace and args.ace / "src/ext-modelist.js", lambda: read_ace(args.ace)),
        "gtksourceview": (
            args.gtksourceview / "language-specs",
            lambda: read_gtksourceview(args.gtksourceview / "language-specs"),
        ),
        "highlight": (args.filetypes, lambda: read_highlight(args.highlight, args.filetypes)),
        "source-highlight": (args.langmap, lambda: read_source_highlight(args.langmap)),
        "vim": (args.vim / "filetype.vim", lambda: read_vim(args.vim)),
    }
    entries: list[Entry] = []
    used: list[str] = []
    for registry in ORDER:
        path, read = readers[registry]
        if not path or not Path(path).exists():
            print(f"skipped {registry}: {path} is not on this machine", file=sys.stderr)
            continue
        entries += read()
        used.append(registry)
    entries, unnamed = resolve_unnamed(entries)
    print(f"no display name, dropped: {len(unnamed)}", file=sys.stderr)

    # A display name two entries of one registry give to two languages names neither.
    keys: dict[tuple[str, str], set[str]] = defaultdict(set)
    for e in entries:
        if e.registry not in {"source-highlight", "vim"}:
            keys[(e.registry, fold(e.name))].add(e.key)
    clashing = {name for (_, name), ks in keys.items() if len(ks) > 1}
    print(f"display names two languages share: {sorted(clashing)}", file=sys.stderr)

    present = languages_tsv(args.out / "languages.tsv")
    # Which languages each short name names, over every registry, Linguist and pygments.
    claims: dict[str, set[str]] = defaultdict(set)
    for e in [*entries, *pygments_entries()]:
        for short in [e.name, *e.aliases, *e.extensions]:
            claims[short.casefold()].add(fold(e.name))
    for folded, (name, shorts) in present.items():
        for short in [name, *shorts]:
            claims[short.casefold()].add(folded)

    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    kept: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for e in entries:
        name = e.name.strip()
        folded = fold(name)
        if compound(name) or folded in clashing or not any(ch.isalnum() for ch in name):
            continue
        spellings[folded][name] += 1
        aliases = {
            a for a in e.aliases if not set(a) & set("._") and registered_short_name(a, name)
        }
        extensions = {
            ext
            for ext in e.extensions
            if ext.isalnum() and registered_short_name(ext, name, extension=True)
        }
        for short in aliases | extensions:
            if "|" in short or "\t" in short or claims[short.casefold()] != {folded}:
                continue
            if short.casefold() in present.get(folded, ("", set()))[1]:
                continue
            kept[folded][short.casefold()].add(e.registry)

    lines: list[str] = []
    per_registry: Counter[str] = Counter()
    groups_per_registry: Counter[str] = Counter()
    for folded, shorts in kept.items():
        if not shorts:
            continue
        if folded in present:
            name = present[folded][0]
        else:
            name = sorted(spellings[folded].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        sources = sorted({r for rs in shorts.values() for r in rs}, key=ORDER.index)
        for registry in sources:
            groups_per_registry[registry] += 1
        for rs in shorts.values():
            per_registry.update(rs)
        names = sorted(shorts)
        lines.append(f"Tool\tregistries:{','.join(sources)}\t{'|'.join([name, *names])}")
    lines.sort(key=lambda line: (line.split("\t")[2].casefold(), line))

    sources_text = []
    for registry in used:
        version = debian_version(DEBIAN[registry]) if registry in DEBIAN else ""
        sources_text.append(
            f"# * {registry}: {TITLE[registry].format(v=version)}, {LICENCE[registry]}"
        )
    header = (
        "# Languages' and file formats' short names from syntax highlighters' registries:\n"
        "# TYPE<TAB>SOURCE<TAB>name|other|... (one language a line; SOURCE names the registries\n"
        "# that list one of the line's short names). Sources:\n"
        + "\n".join(sources_text)
        + "\n# Filtered by scripts/make_resolver_tools.py (short forms only, names that one\n"
        "# language claims across these registries, languages.tsv and pygments; only names\n"
        "# languages.tsv does not already give the language).\n"
    )
    target = args.out / "tools.tsv"
    target.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{target}: {len(lines)} groups, {sum(len(s) for s in kept.values())} short names")
    for registry in used:
        print(
            f"  {registry}: {groups_per_registry[registry]} groups, {per_registry[registry]} names"
        )


if __name__ == "__main__":
    main()
