"""The table replayer: one deal, one step at a time."""
