"""Running agents: model providers, the agent loop, routing, workflows, tool invocation."""
