"""Exercises and their question parts: answer forms, checking, hints, the Practice page."""
