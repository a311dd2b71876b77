"""The site's views, one module per topic; ``lessons/urls.py`` maps each URL to one.

Every view is a small function: a decorator says which methods it takes, a
form parses the input (``lessons.forms``), the evaluator computes, and a
template renders the whole page or, for htmx, just the partial it swaps.
"""
