"""Schedule time computation: when a workflow schedule fires.

Pure functions over aware UTC datetimes, evaluated in the schedule's IANA time zone:
``validate`` -> ``ScheduleSpec``; ``next_fire``; ``first_fire``; ``fires_between``; ``due_fire``
(the missed-fire rule). DST rules (``zones.to_instant``): a local time skipped by a
spring-forward gap fires once at the first instant after the gap; a local time repeated by a
fall-back fires once, at its first occurrence. Cron syntax: ``cron``; recurrences: ``recurrence``.
"""
from .cron import CronExpr
from .recurrence import FREQUENCIES, WEEKDAYS, Recurrence
from .spec import (MISSED_FIRE_GRACE, DueFire, ScheduleSpec, due_fire, fires_between,
                   first_fire, next_fire, validate)

__all__ = ["CronExpr", "DueFire", "FREQUENCIES", "MISSED_FIRE_GRACE", "Recurrence",
           "ScheduleSpec", "WEEKDAYS", "due_fire", "fires_between", "first_fire", "next_fire",
           "validate"]
