"""Load, fault and scale tools run against the real server (see soak.py)."""
