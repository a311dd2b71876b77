"""Study sessions and the skills they schedule (its tables: models.py)."""
