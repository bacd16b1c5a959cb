"""Build ``worlddb/recall/data/wordnet_nouns.json.gz``: WordNet's noun hyponym graph, compacted.

The category lane (``worlddb.recall.categories``) expands a question's category nouns
("doctors", "jewelry", "citrus fruits") into the kinds and instances WordNet lists under them
("dermatologist", "necklace", "grapefruit"), because the evidence of an aggregation question
names instances, never the category. WordNet is a maintained lexical resource (Princeton
WordNet 3.0, via Debian's ``wordnet-base`` package); this script is run once at build time and
its output committed, so nothing is downloaded at run time:

    apt-get install wordnet-base && python scripts/make_wordnet_nouns.py

Kept: every noun synset's single-word lemmas (lowercase; multi-word lemmas cannot be matched
word by word) and its hyponym and instance-hyponym pointers; each lemma's senses in WordNet's
order (most frequent first); the irregular plurals of ``noun.exc``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

SOURCE = Path("/usr/share/wordnet")
TARGET = Path(__file__).resolve().parent.parent / "worlddb" / "recall" / "data"
HYPONYM_POINTERS = ("~", "~i")


def main() -> None:
    offsets: dict[str, int] = {}
    lemmas: list[list[str]] = []
    pointers: list[list[str]] = []
    for line in (SOURCE / "data.noun").read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):
            continue  # licence header
        fields = line.split(" | ")[0].split()
        offset, count = fields[0], int(fields[3], 16)
        words = [fields[4 + 2 * i].lower() for i in range(count)]
        rest = fields[4 + 2 * count :]
        n_ptr = int(rest[0])
        hypo = [
            rest[1 + 4 * i + 1]
            for i in range(n_ptr)
            if rest[1 + 4 * i] in HYPONYM_POINTERS and rest[1 + 4 * i + 2] == "n"
        ]
        offsets[offset] = len(lemmas)
        lemmas.append([w for w in dict.fromkeys(words) if "_" not in w and w.isascii()])
        pointers.append(hypo)
    synsets = [
        [words, [offsets[o] for o in hypo]] for words, hypo in zip(lemmas, pointers, strict=True)
    ]
    senses: dict[str, list[int]] = {}
    for line in (SOURCE / "index.noun").read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        lemma = fields[0]
        if "_" in lemma or not lemma.isascii():
            continue
        synset_count = int(fields[2])
        senses[lemma] = [offsets[o] for o in fields[-synset_count:]]
    plurals = {}
    for line in (SOURCE / "noun.exc").read_text(encoding="utf-8").splitlines():
        inflected, base = line.split()[:2]
        if "_" not in inflected and "_" not in base:
            plurals[inflected] = base
    body = {
        "source": "Princeton WordNet 3.0 (Debian wordnet-base)",
        "synsets": synsets,
        "senses": senses,
        "plurals": plurals,
    }
    TARGET.mkdir(parents=True, exist_ok=True)
    out = TARGET / "wordnet_nouns.json.gz"
    with gzip.GzipFile(out, "wb", mtime=0) as fh:
        fh.write(json.dumps(body, separators=(",", ":"), sort_keys=True).encode("utf-8"))
    print(out, out.stat().st_size, len(synsets), len(senses), len(plurals))


if __name__ == "__main__":
    main()
