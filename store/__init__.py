"""Persistence and the domain operations over it. Every org-owned query goes through store.scope."""
