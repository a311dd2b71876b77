"""Admin registrations for lesson content; teachers add practice deals here."""

from __future__ import annotations
