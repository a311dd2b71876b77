"""How learners remember: the FSRS review log, fitted parameter sets and the nightly fit."""
