from enum import StrEnum


class Frequency(StrEnum):
    DAILY = "daily"
    HOURLY = "hourly"
    MINUTELY = "minutely"
    MONTHLY = "monthly"
    WEEKLY = "weekly"

    def __str__(self) -> str:
        return str(self.value)
