"""Drills: generated items, their settings and their pages."""
