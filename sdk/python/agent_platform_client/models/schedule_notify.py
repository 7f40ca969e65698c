from enum import StrEnum


class ScheduleNotify(StrEnum):
    NONE = "none"
    THREAD = "thread"

    def __str__(self) -> str:
        return str(self.value)
