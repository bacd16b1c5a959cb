"""The default embedder: all-MiniLM-L6-v2, int8 ONNX, shipped in the package and run offline.

The model file (``model/minilm-l6-v2-int8.onnx``, ~22 MB, built by
``scripts/make_minilm_int8.py``) outputs token embeddings; this module tokenizes with the
pure-Python ``WordPieceTokenizer``, mean-pools with the attention mask and L2-normalises, as
sentence-transformers does for this model. Only onnxruntime and numpy are needed at run time.

Invariants:

* Vectors are float32, shape ``(n, 384)``, unit L2 norm; ``key`` names exactly this build, and
  the file's sha256 is checked on load so a different file can never hide behind the same key.
* Long text is never truncated: its wordpieces are cut into windows of at most
  ``MAX_WINDOW_TOKENS`` (the length the model was trained at) that together cover every piece,
  each window is embedded, and the text's vector is the re-normalised mean of its windows. The
  windows of a text are of equal length and share ``window_overlap`` pieces (``WINDOW_OVERLAP``
  by default) with their neighbours: no more, so no text is embedded twice over.
* A text's vector depends on that text alone. The model quantizes its int8 activations over
  the whole input tensor, so a window run in a batch beside others (or beside padding) comes
  out up to 0.03 per coordinate different from the same window run alone. With the default
  ``batch_size=1`` every window is its own model call: there is no padding, results are
  identical whatever the company, and memoising by text (``memo_size``) is exact. Measured on
  LongMemEval turns (BENCHMARKS.md, "Ingest throughput"), one window per call costs no more CPU
  than length-sorted batches for texts past ~60 tokens and ~1 ms more per short name, which the
  memo pays back. ``batch_size > 1`` batches length-sorted windows and gives up that invariance.
* Nothing is loaded until first use; a missing or unreadable file raises ``ModelMissingError``.
  There is no fallback to another model or to random vectors.
* onnxruntime's threads do not spin while idle (``allow_spinning=0``): on a machine shared by
  worker processes a spinning pool burns the cores the other workers need.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from worlddb.embedding.memo import MEMO_SIZE, EmbedStats, VectorMemo, memoized
from worlddb.embedding.wordpiece import WordPieceTokenizer
from worlddb.errors import ModelMissingError, PluginError, ValidationError

if TYPE_CHECKING:
    import numpy.typing as npt

    # Same alias as worlddb.plugins.Vectors; not imported, as the two are independent layers.
    Vectors = npt.NDArray[np.float32]

__all__ = [
    "DIMENSION",
    "KEY",
    "MAX_WINDOW_TOKENS",
    "MODEL_PATH",
    "MODEL_SHA256",
    "WINDOW_OVERLAP",
    "OnnxEmbedder",
    "default_embedder",
    "split_windows",
]

logger = logging.getLogger(__name__)

KEY: Final = "onnx:all-MiniLM-L6-v2:384:int8-1"
DIMENSION: Final = 384
MODEL_PATH: Final = Path(__file__).resolve().parent / "model" / "minilm-l6-v2-int8.onnx"
# Written into model/NOTICE by scripts/make_minilm_int8.py; update both together.
MODEL_SHA256: Final = "a05b9c0cea4edc97e3192b9497523c1c185a2e526a5c9b39ea0f648d7e5135b9"
MAX_WINDOW_TOKENS: Final = 256  # including [CLS] and [SEP]; all-MiniLM-L6-v2 was tuned at 256
# Wordpieces neighbouring windows share, so a phrase cut at a boundary is whole in one of them.
# 16 instead of 32, with the windows of a text made equal instead of filling all but the last,
# takes the tokens embedded per text token from 1.31 to 1.05 on LongMemEval turns; the recall
# of both settings on a LongMemEval sample is in BENCHMARKS.md ("Ingest throughput").
WINDOW_OVERLAP: Final = 16
DEFAULT_BATCH_SIZE: Final = 1  # windows per onnxruntime call; 1 keeps vectors company-free
_MAX_THREADS: Final = 2


def split_windows(
    pieces: Sequence[int], *, size: int = MAX_WINDOW_TOKENS - 2, overlap: int = WINDOW_OVERLAP
) -> list[list[int]]:
    """Cut wordpiece ids into the fewest equal windows of at most ``size`` that cover them all.

    Neighbouring windows share at least ``overlap`` pieces, and only a rounding step more: the
    text is divided evenly instead of filling every window but the last, so a text just past
    one window costs two half windows, not two full ones. All windows have the same length, so
    the plain mean of their vectors weighs every part of the text alike. Empty input gives one
    empty window (the text still gets a vector: ``[CLS] [SEP]``).

    Raises:
        ValidationError: ``size < 1`` or ``overlap`` outside ``[0, size)``.
    """
    if size < 1 or not 0 <= overlap < size:
        raise ValidationError(f"bad window size/overlap {(size, overlap)!r}", field="size")
    n = len(pieces)
    if n <= size:
        return [list(pieces)]
    # The fewest windows that can cover n: count * (size - overlap) + overlap >= n.
    count = -(-(n - overlap) // (size - overlap))
    length = -(-(n + (count - 1) * overlap) // count)  # <= size, by the choice of count
    span = n - length
    starts = [i * span // (count - 1) for i in range(count)]  # steps <= length - overlap
    return [list(pieces[s : s + length]) for s in starts]


def _l2_normalize(x: npt.NDArray[np.float32]) -> Vectors:
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    unit: Vectors = (x / np.maximum(norms, np.float32(1e-12))).astype(np.float32, copy=False)
    return unit


class OnnxEmbedder:
    """all-MiniLM-L6-v2 (int8, 384 dimensions) through onnxruntime on the CPU.

    Implements ``worlddb.plugins.Embedder``. Safe to share between threads: the session is
    created once under a lock and onnxruntime sessions may run concurrently.
    """

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        vocab_path: str | os.PathLike[str] | None = None,
        intra_op_num_threads: int | None = None,
        batch_size: int = DEFAULT_BATCH_SIZE,
        window_overlap: int = WINDOW_OVERLAP,
        memo_size: int = MEMO_SIZE,
    ) -> None:
        """Point at the model; nothing is read until first use (or ``load()``).

        Args:
            model_path: the ONNX file; defaults to the one shipped in the package.
            vocab_path: ``vocab.txt``; defaults to the one beside ``model_path``.
            intra_op_num_threads: onnxruntime threads; defaults to ``min(2, cpu count)``.
            batch_size: windows per onnxruntime call; above 1, a text's vector shifts slightly
                with the texts embedded beside it (see the module docstring).
            window_overlap: wordpieces neighbouring windows of a long text share.
            memo_size: short texts whose vectors are remembered (``0``: none); exact only
                with ``batch_size=1``, so it is off otherwise.

        Raises:
            ModelMissingError: the model or vocabulary file does not exist.
            ValidationError: a count is out of range.
        """
        threads = (
            min(_MAX_THREADS, os.cpu_count() or 1)
            if intra_op_num_threads is None
            else intra_op_num_threads
        )
        if threads < 1:
            raise ValidationError(f"thread count must be >= 1, got {threads!r}", field="threads")
        if batch_size < 1:
            raise ValidationError(f"batch size must be >= 1, got {batch_size!r}", field="batch")
        split_windows([], overlap=window_overlap)  # validates the overlap against the window
        self._model_path = Path(model_path) if model_path is not None else MODEL_PATH
        self._vocab_path = (
            Path(vocab_path) if vocab_path is not None else self._model_path.with_name("vocab.txt")
        )
        for what, path in (("model", self._model_path), ("vocabulary", self._vocab_path)):
            if not path.is_file():
                raise ModelMissingError(
                    f"embedding {what} file {str(path)!r} does not exist; reinstall worlddb "
                    "or pass the path of minilm-l6-v2-int8.onnx"
                )
        self._threads = threads
        self._batch_size = batch_size
        self._overlap = window_overlap
        self.memo = VectorMemo(memo_size if batch_size == 1 else 0)
        self.stats = EmbedStats()
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: WordPieceTokenizer | None = None

    def __repr__(self) -> str:
        return (
            f"OnnxEmbedder({str(self._model_path)!r}, intra_op_num_threads={self._threads}, "
            f"batch_size={self._batch_size}, window_overlap={self._overlap})"
        )

    @property
    def key(self) -> str:
        """``"onnx:all-MiniLM-L6-v2:384:int8-1"``, stored with every vector."""
        return KEY

    @property
    def dimension(self) -> int:
        """384."""
        return DIMENSION

    @property
    def intra_op_num_threads(self) -> int:
        """Threads onnxruntime uses inside one call."""
        return self._threads

    def load(self) -> None:
        """Read the model and start the session now instead of on first use (idempotent).

        Raises:
            ModelMissingError: a file is missing, unreadable or not an ONNX model.
            PluginError: the file is readable but is not the build ``key`` names.
        """
        self._ensure_loaded()

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """Embed texts to store: float32 ``(len(texts), 384)``, unit rows, long texts chunked.

        Raises:
            ModelMissingError: the model cannot be loaded.
            PluginError: onnxruntime failed.
        """
        return self._embed(texts)

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """Embed search queries; MiniLM is symmetric, so this equals ``embed_documents``.

        Raises:
            ModelMissingError: the model cannot be loaded.
            PluginError: onnxruntime failed.
        """
        return self._embed(texts)

    def _ensure_loaded(self) -> tuple[Any, WordPieceTokenizer]:
        session, tokenizer = self._session, self._tokenizer
        if session is not None and tokenizer is not None:
            return session, tokenizer
        with self._lock:
            if self._session is None or self._tokenizer is None:
                self._tokenizer = WordPieceTokenizer.from_file(self._vocab_path)
                self._session = self._open_session()
            return self._session, self._tokenizer

    def _open_session(self) -> Any:
        import onnxruntime as ort  # deferred: importing it costs ~0.1 s the CLI may not need

        try:
            data = self._model_path.read_bytes()
        except OSError as exc:
            raise ModelMissingError(
                f"cannot read embedding model {str(self._model_path)!r}: {exc}"
            ) from exc
        found = hashlib.sha256(data).hexdigest()
        if found != MODEL_SHA256:
            raise PluginError(
                f"embedding model {str(self._model_path)!r} has sha256 {found[:16]!r}, not the "
                f"{KEY!r} build ({MODEL_SHA256[:16]!r}); it is corrupt or another model"
            )
        options = ort.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        # Idle threads sleep instead of spinning: worker processes share the cores.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        options.log_severity_level = 3  # errors only; ORT's warnings are noise for users
        try:
            session = ort.InferenceSession(data, options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # ORT raises bare Exception subclasses; re-raised typed
            raise ModelMissingError(
                f"embedding model {str(self._model_path)!r} is not a loadable ONNX model: {exc}"
            ) from exc
        logger.debug("loaded %s with %d threads", self._model_path, self._threads)
        return session

    def _embed(self, texts: Sequence[str]) -> Vectors:
        self.stats.texts += len(texts)
        before = self.memo.hits
        out = memoized(texts, self.memo, self._compute, DIMENSION)
        self.stats.memo_hits += self.memo.hits - before
        return out

    def _compute(self, texts: Sequence[str]) -> Vectors:
        """Embed distinct texts the memo lacks: window them, run the windows, pool per text."""
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        session, tokenizer = self._ensure_loaded()
        windows: list[list[int]] = []
        owners: list[int] = []
        for i, text in enumerate(texts):
            pieces = tokenizer.tokenize(text)
            self.stats.text_tokens += len(pieces) + 2
            for window in split_windows(pieces, overlap=self._overlap):
                windows.append([tokenizer.cls_id, *window, tokenizer.sep_id])
                owners.append(i)
        self.stats.windows += len(windows)
        self.stats.window_tokens += sum(len(w) for w in windows)
        if self._batch_size == 1:
            pooled = self._run_alone(session, windows)
        else:
            pooled = self._run_batched(session, windows, pad_id=tokenizer.pad_id)
        sums = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        np.add.at(sums, np.asarray(owners), pooled)
        return _l2_normalize(sums)  # the mean of the windows, re-normalised

    def _run(self, session: Any, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> Any:
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        self.stats.calls += 1
        self.stats.padded_tokens += int(ids.size)
        try:
            (hidden,) = session.run(["last_hidden_state"], feeds)
        except Exception as exc:  # ORT raises bare Exception subclasses; re-raised typed
            raise PluginError(f"onnxruntime failed to embed a batch: {exc}") from exc
        return hidden

    def _run_alone(self, session: Any, windows: list[list[int]]) -> Vectors:
        """Mean-pool and normalise each window, one model call per window: no padding."""
        out = np.empty((len(windows), DIMENSION), dtype=np.float32)
        for row, window in enumerate(windows):
            ids = np.asarray(window, dtype=np.int64)[None, :]
            out[row] = self._run(session, ids, np.ones_like(ids))[0].mean(axis=0)
        return _l2_normalize(out)

    def _run_batched(self, session: Any, windows: list[list[int]], *, pad_id: int) -> Vectors:
        """Mean-pool and normalise each window, batching windows of similar length together."""
        order = sorted(range(len(windows)), key=lambda i: len(windows[i]))
        out = np.empty((len(windows), DIMENSION), dtype=np.float32)
        for start in range(0, len(order), self._batch_size):
            idx = order[start : start + self._batch_size]
            width = max(len(windows[i]) for i in idx)
            ids = np.full((len(idx), width), pad_id, dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                ids[row, : len(windows[i])] = windows[i]
                mask[row, : len(windows[i])] = 1
            hidden = self._run(session, ids, mask)
            weights = mask[:, :, None].astype(np.float32)
            means = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
            out[idx] = _l2_normalize(means.astype(np.float32))
        return out


def default_embedder(*, intra_op_num_threads: int | None = None) -> OnnxEmbedder:
    """The embedder worlddb uses when none is given: the shipped MiniLM int8 model.

    Raises:
        ModelMissingError: the package was installed without its model file.
    """
    return OnnxEmbedder(intra_op_num_threads=intra_op_num_threads)
