"""CAVG, the normalized average equivalence class size (docs/metrics/kanon.md)."""
