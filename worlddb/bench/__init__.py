"""Benchmarks: timed runs of worlddb components on generated data (not part of the API)."""
