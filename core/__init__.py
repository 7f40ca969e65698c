"""The plumbing every process stands on: settings, the database handle and its pools,
Redis, concurrency, tracing, metrics, encryption, request ids, readiness. Nothing here
knows an organization's records; ``core.bootstrap.bootstrap`` starts a process."""
