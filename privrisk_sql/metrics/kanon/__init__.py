"""The k-anonymity family: k, l, t, beta, delta, alpha and the risks (docs/metrics/kanon.md)."""
