"""Benchmarks and the pokerkit comparison: dev-only, never imported by the product.

Each module is one benchmark, run as ``python -m bench.<name>``; bench/measure.py
holds what they share. docs/benchmarks.md says how to run them and lists the
latest figures.
"""
