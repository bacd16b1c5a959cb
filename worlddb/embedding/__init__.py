"""The default offline embedder (all-MiniLM-L6-v2 int8 on onnxruntime) and its tokenizer."""

from worlddb.embedding.onnx import OnnxEmbedder, default_embedder
from worlddb.embedding.wordpiece import WordPieceTokenizer

__all__ = ["OnnxEmbedder", "WordPieceTokenizer", "default_embedder"]
