"""The domain errors, as the floors above the rules import them.

The hierarchy is defined on the bottom floor (rules/errors.py) so that the pure rules raise
the same classes; server/errors.py maps it to application/problem+json.
"""
from __future__ import annotations

from rules.errors import (BadGateway, Conflict, DependencyUnavailable, DomainError, Forbidden,
                          Invalid, LimitReached, NotFound, PreconditionFailed, TooLarge,
                          Unauthorized, Unavailable, Unprocessable)

__all__ = ["BadGateway", "Conflict", "DependencyUnavailable", "DomainError", "Forbidden",
           "Invalid", "LimitReached", "NotFound", "PreconditionFailed", "TooLarge",
           "Unauthorized", "Unavailable", "Unprocessable"]
