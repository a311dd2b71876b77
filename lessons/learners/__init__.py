"""Learners: accounts, progress and what the site remembers of each learner."""
