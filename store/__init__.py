"""Persistence and the domain operations over it, settings, and the database and Redis
connections. Every org-owned query goes through store.scope."""
