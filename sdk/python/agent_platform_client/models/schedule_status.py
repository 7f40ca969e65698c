from enum import StrEnum


class ScheduleStatus(StrEnum):
    ACTIVE = "active"
    COMPLETED = "completed"
    DISABLED = "disabled"
    PAUSED = "paused"

    def __str__(self) -> str:
        return str(self.value)
