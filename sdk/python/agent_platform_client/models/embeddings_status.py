from enum import StrEnum


class EmbeddingsStatus(StrEnum):
    EMBEDDING = "embedding"
    FAILED = "failed"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "EmbeddingsStatus | None":
        """A value added to the API after this client was made: the API's enums are open, so an
        unknown value is kept as it came (a member of its own) instead of failing to parse."""
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        return member
