"""The study table: a learner plays hands against the engine's computer players.

The rules, the computer players and the coach are all ``evaluator.play``;
this app stores each hand (its settings and the learner's actions, from
which the engine rebuilds it) and the coach's grades, and serves the pages.
"""
