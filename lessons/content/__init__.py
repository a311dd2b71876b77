"""The lessons' own deals, kept as data in the app rather than in a migration.

``exercises`` holds the lesson exercises (the Badeucey and drawing lessons'
own in ``badeucey`` and ``drawing``), ``practice`` the practice deals the
site ships with, and ``loader`` turns them into deals and loads into a
database the ones it has never had (after every ``migrate``).
"""
