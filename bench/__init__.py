"""Benchmarks: `python -m bench <name>` runs bench/<name>.py and prints its figures."""
