from enum import StrEnum


class MultitaskStrategy(StrEnum):
    ENQUEUE = "enqueue"
    INTERRUPT = "interrupt"
    REJECT = "reject"

    def __str__(self) -> str:
        return str(self.value)
