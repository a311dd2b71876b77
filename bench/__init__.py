"""Benchmarks that time whole features end to end, each in a fresh process."""
