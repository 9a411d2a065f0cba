"""Mondrian k-anonymization inside the database (docs/metrics/mondrian.md)."""
