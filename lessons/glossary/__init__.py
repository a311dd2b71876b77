"""The glossary: the poker words the lessons use, their page, and the links to it."""
