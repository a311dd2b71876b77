"""A stored deal read by the engine: its history replayed, its settlement shaped for tables."""
