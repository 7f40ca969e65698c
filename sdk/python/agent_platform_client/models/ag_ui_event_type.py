from enum import StrEnum


class AgUiEventType(StrEnum):
    CUSTOM = "CUSTOM"
    RUN_ERROR = "RUN_ERROR"
    RUN_FINISHED = "RUN_FINISHED"
    RUN_STARTED = "RUN_STARTED"
    STEP_FINISHED = "STEP_FINISHED"
    STEP_STARTED = "STEP_STARTED"
    TEXT_MESSAGE_CONTENT = "TEXT_MESSAGE_CONTENT"
    TEXT_MESSAGE_END = "TEXT_MESSAGE_END"
    TEXT_MESSAGE_START = "TEXT_MESSAGE_START"
    TOOL_CALL_ARGS = "TOOL_CALL_ARGS"
    TOOL_CALL_END = "TOOL_CALL_END"
    TOOL_CALL_RESULT = "TOOL_CALL_RESULT"
    TOOL_CALL_START = "TOOL_CALL_START"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "AgUiEventType | None":
        """A value added to the API after this client was made: the API's enums are open, so an
        unknown value is kept as it came (a member of its own) instead of failing to parse."""
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        return member
