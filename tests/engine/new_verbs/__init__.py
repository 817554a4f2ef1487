"""Verbs that exist only for tests/engine/test_new_verbs.py: each one file, registered on import."""
