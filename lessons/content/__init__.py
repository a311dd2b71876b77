"""Lesson content kept as data: each new lesson's exercises and worked deal, as facts only."""
