"""Background work: queue set-up and job functions (inline by default, RQ with REDIS_URL)."""
