"""The lesson pages: home, the rules lessons, the page cache and its per-learner slots."""
