from enum import StrEnum


class TriggerVerificationType(StrEnum):
    BEARER = "bearer"
    HMAC_SHA256 = "hmac_sha256"
    NONE = "none"
    STANDARD_WEBHOOKS = "standard_webhooks"

    def __str__(self) -> str:
        return str(self.value)
