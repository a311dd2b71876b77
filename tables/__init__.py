"""Live tables: people play each other at a class table or a friend's table.

The engine is the study table's (``evaluator.play.LiveHand``, with several
people's seats); this app keeps each table's hands and events in the database,
which stays the truth, and pushes "something changed" over websockets
(Django Channels). Nobody's hidden card ever leaves the server in a message:
each browser asks for its own view of the table.
"""
