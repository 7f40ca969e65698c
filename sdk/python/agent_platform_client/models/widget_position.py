from enum import StrEnum


class WidgetPosition(StrEnum):
    BOTTOM_LEFT = "bottom-left"
    BOTTOM_RIGHT = "bottom-right"
    INLINE = "inline"

    def __str__(self) -> str:
        return str(self.value)
