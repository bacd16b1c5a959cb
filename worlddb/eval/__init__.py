"""Evaluation harnesses: the LongMemEval loader (``longmemeval``) and its official metrics.

Nothing here is imported by the engine; the harness feeds the engine and scores what comes back.
"""

__all__: list[str] = []
