"""Benchmarks and the pokerkit comparison: dev-only, never imported by the product."""
