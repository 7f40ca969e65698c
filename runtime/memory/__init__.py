"""An end user's memory at run time: search in three modes and the agents'
built-in memory tools."""
