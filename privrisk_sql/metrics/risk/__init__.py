"""Re-identification risk: prosecutor, journalist and marketer models, population uniqueness,
k-map, delta-presence and individual risk (docs/metrics/risk.md)."""
