"""Real hands from card rooms (its table: models.py)."""
