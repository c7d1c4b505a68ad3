"""A CronJob schedule (the five cron fields Kubernetes accepts, or @daily and the other macros): does it fire between
two instants? Enough to tell a schedule that cannot fire now ("0 3 * 2 *": February only) from one that is late.

    fires_between(schedule, start, end) -> bool | None     None when the schedule cannot be read
"""
from __future__ import annotations

from datetime import datetime, timedelta

_MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
           "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}
_NAMES = {**{m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)},
          **{d: i for i, d in enumerate("sun mon tue wed thu fri sat".split())}}
_RANGES = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))


def _field(text: str, low: int, high: int) -> set[int]:
    out: set[int] = set()
    for part in text.lower().split(","):
        part, _, step = part.partition("/")
        if part in ("*", "?"):
            a, b = low, high
        else:
            a_text, _, b_text = part.partition("-")
            a = int(_NAMES.get(a_text, a_text))
            b = int(_NAMES.get(b_text, b_text)) if b_text else (high if step else a)
        if not (low <= a <= b <= high):
            raise ValueError(part)
        out.update(range(a, b + 1, int(step) if step else 1))
    return out


def fires_between(schedule: str, start: datetime, end: datetime, max_days: int = 400) -> bool | None:
    """Whether ``schedule`` has a firing time in (start, end] (in the instants' own time zone; the CronJob's
    timeZone is not applied — a day's shift does not change the answer this is for). None: unreadable."""
    fields = _MACROS.get(schedule.strip().lower(), schedule).split()
    if len(fields) != 5:
        return None
    try:
        minutes, hours, days, months, weekdays = (_field(f, lo, hi) for f, (lo, hi) in zip(fields, _RANGES))
    except ValueError:
        return None
    weekdays = {d % 7 for d in weekdays}
    either = fields[2] not in ("*", "?") and fields[4] not in ("*", "?")  # cron: day of month OR day of week
    day = start.replace(hour=0, minute=0, second=0, microsecond=0)
    for _ in range(max_days):
        if day > end:
            return False
        dom, dow = day.day in days, (day.weekday() + 1) % 7 in weekdays
        if day.month in months and ((dom or dow) if either else (dom and dow)):
            if any(start < day.replace(hour=h, minute=m) <= end for h in hours for m in minutes):
                return True
        day += timedelta(days=1)
    return True  # a window longer than max_days: assume it fired
