"""Re-identification risk: prosecutor, journalist and marketer models, population uniqueness,
k-map, delta-presence and individual risk (docs/metrics/risk.md)."""

# Here, not in driver.py: the CLI's options name it, and building the parser must not import the driver.
DEFAULT_THRESHOLD = 0.2  # ARX's usual example threshold: a record is at risk when 1/class size > 0.2
