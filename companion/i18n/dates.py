"""Dates in words, as each language writes them: "July 3, 2025", "3 juillet 2025",
"3. Juli 2025", "3 de julio de 2025".

The names of the months are catalog entries with the context "month" (`tc`), and so is
each arrangement of day, month and year (`"{month} {day}, {year}"` is
`"{day} {month} {year}"` in French), so that a translator changes words, never code.
Numbers stay digits: a day is never written "3rd", which few languages have.
"""

from __future__ import annotations

from datetime import date

from companion.i18n import t, tc


def month_name(month: int) -> str:
    """The name of a month (1 to 12) in the current language: "July", "juillet"."""
    names = (tc("month", "January"), tc("month", "February"), tc("month", "March"),
             tc("month", "April"), tc("month", "May"), tc("month", "June"),
             tc("month", "July"), tc("month", "August"), tc("month", "September"),
             tc("month", "October"), tc("month", "November"), tc("month", "December"))
    return names[month - 1]


def month_of_year(year: int, month: int) -> str:
    """A month of a year: "July 2025", "juillet 2025", "julio de 2025"."""
    return t("{month} {year}", month=month_name(month), year=year)


def day_of_month(day: date) -> str:
    """A day, its year left unsaid: "July 3", "3 juillet", "3. Juli"."""
    return t("{month} {day}", month=month_name(day.month), day=day.day)


def full_date(day: date) -> str:
    """A day: "July 3, 2025", "3 juillet 2025", "3. Juli 2025"."""
    return t("{month} {day}, {year}", month=month_name(day.month), day=day.day,
             year=day.year)
