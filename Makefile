# Shortcuts for the two commands in README.md.
.PHONY: run test migrations-check

run:
	scripts/serve

test:
	scripts/test

migrations-check:
	.venv/bin/python manage.py makemigrations --check --dry-run
