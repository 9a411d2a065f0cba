"""mpUCCs: the singling-out risk of a synthetic table against its original (docs/metrics/mpuccs.md)."""
