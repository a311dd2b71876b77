"""Lesson, exercise and practice-deal models live here once they are written."""

from __future__ import annotations
