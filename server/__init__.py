"""App factory, security, error mapping, the request log and the command line (the top floor)."""
