"""Agents at run time: saving one builds its version (``service``, ``build``), the
agent loop (``loop``), networks of agents (``network``), prompt blocks."""
