"""App factory, settings, security, error mapping and the command line."""
