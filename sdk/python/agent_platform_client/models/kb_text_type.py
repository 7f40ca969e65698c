from enum import StrEnum


class KbTextType(StrEnum):
    TEXTHTML = "text/html"
    TEXTMARKDOWN = "text/markdown"
    TEXTPLAIN = "text/plain"

    def __str__(self) -> str:
        return str(self.value)
