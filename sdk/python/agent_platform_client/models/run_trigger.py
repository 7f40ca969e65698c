from enum import StrEnum


class RunTrigger(StrEnum):
    AGENT = "agent"
    API = "api"
    RUN_NOW = "run_now"
    SCHEDULE = "schedule"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
