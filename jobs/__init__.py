"""Background work: queue set-up and job functions (inline by default, RQ with REDIS_URL); at
start-up it installs the runtime's dispatch (jobs.tasks)."""
