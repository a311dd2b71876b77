"""A fixture that counts password hashes, for tests of the limits that must come before one.

Each password check hashes the attempt once through the hasher's encode();
a fast stand-in hasher keeps these tests quick while counting every call.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher


@pytest.fixture
def hashes(settings, monkeypatch) -> list[str]:
    """Every password hash computed, by a fast hasher standing in for the real one."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    made: list[str] = []
    encode = MD5PasswordHasher.encode

    def counted_encode(self, password, salt):
        made.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted_encode)
    return made
