"""The protocol edges' runtime: OpenAI-compatible Chat Completions and
Responses, AG-UI, and calls of exposed targets (MCP and A2A)."""
