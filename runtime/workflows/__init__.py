"""Workflows at run time: starting and cancelling runs, the executor and its
leases, what each step type does, and inbound triggers that start runs."""
