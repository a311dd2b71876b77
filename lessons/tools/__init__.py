"""The two tool pages: exact draw odds and the showdown calculator."""
