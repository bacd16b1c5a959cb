"""Build ``worlddb/resolver/data/pinyin_wadegiles.tsv``: every Mandarin syllable in Hanyu Pinyin
(toneless, "v" for ü) beside its Wade-Giles spelling, for ``worlddb.resolver.chinese``.

Source: ``pypinyin`` (MIT; its syllables are those of its character dictionary, its Wade-Giles
spellings those of its ``Style.WADEGILES`` converter). Read at build time only; the engine reads
the committed table and never imports ``pypinyin``.

Usage: ``python scripts/make_resolver_wadegiles.py`` in a virtualenv with
``pip install pypinyin==0.55.0``.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "worlddb" / "resolver" / "data" / "pinyin_wadegiles.tsv"


def main() -> None:
    import pypinyin
    from pypinyin import Style, lazy_pinyin
    from pypinyin.pinyin_dict import pinyin_dict
    from pypinyin.style import convert

    chars = "".join(chr(code) for code in pinyin_dict)
    syllables = {s for s in lazy_pinyin(chars, style=Style.NORMAL, v_to_u=False) if s.isalpha()}
    rows = []
    for syllable in sorted(syllables):
        wade = convert(syllable, Style.WADEGILES, strict=True)
        if syllable.endswith("ai") and wade.endswith("ei"):
            # pypinyin 0.55.0 writes ai, sai and wai as "ei", "sei", "wei"; Wade-Giles keeps
            # the final -ai as Pinyin does ("pai", "ts'ai" from the same converter).
            wade = wade[:-2] + "ai"
        if wade and wade.replace("'", "").isalpha():
            rows.append(f"{syllable}\t{wade}")
    header = [
        "# Hanyu Pinyin syllables and their Wade-Giles spellings, from pypinyin "
        + pypinyin.__version__,
        "# (MIT); built by scripts/make_resolver_wadegiles.py. v = ü. pinyin<TAB>wade-giles",
    ]
    OUT.write_text("\n".join(header + rows) + "\n", encoding="utf-8")
    print(f"{len(rows)} syllables -> {OUT}")


if __name__ == "__main__":
    main()
