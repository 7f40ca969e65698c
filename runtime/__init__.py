"""Running agents: model providers, the agent loop, routing, workflows, tool invocation. Work
for the queue leaves through runtime.dispatch."""
