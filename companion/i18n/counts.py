"""The counts a message holds, each with its plural ("1 game", "2 games"), in the chosen
language: written once for the app's import screen, the command line's import, export
and check, so that no composed message says "1 games"."""

from __future__ import annotations

from companion.i18n import t, tn


def games(count: int) -> str:
    return tn("{count} game", "{count} games", count)


def attempts(count: int) -> str:
    return tn("{count} scenario attempt", "{count} scenario attempts", count)


def campaigns(count: int) -> str:
    return tn("{count} campaign", "{count} campaigns", count)


def players(count: int) -> str:
    return tn("{count} player", "{count} players", count)


def records(counts: dict[str, int]) -> dict[str, str]:
    """`games`, `attempts`, `campaigns` and `players` of `counts`, as phrases."""
    return {"games": games(counts.get("games", 0)),
            "attempts": attempts(counts.get("attempts", 0)),
            "campaigns": campaigns(counts.get("campaigns", 0)),
            "players": players(counts.get("players", 0))}


def imported(counts: dict[str, int], replace: bool) -> str:
    """What `companion import` did."""
    if replace:
        return t("Replaced your data by {games}, {attempts}, {campaigns} and {players}.",
                 **records(counts))
    return " ".join([t("Added {games}, {attempts}, {campaigns} and {players}.",
                       **records(counts)), merged(counts)])


def merged(counts: dict[str, int]) -> str:
    """What a merging import took in a newer version of, what it left alone because
    this device already had it, the same or newer, and what it deleted because the other
    device deleted it (the store's `import_all` counts)."""
    def kinds(suffix: str) -> str:
        return t("{games}, {attempts} and {campaigns}",
                 games=games(counts.get(f"games{suffix}", 0)),
                 attempts=attempts(counts.get(f"attempts{suffix}", 0)),
                 campaigns=campaigns(counts.get(f"campaigns{suffix}", 0)))

    said = [t("Updated to a newer version: {records}.", records=kinds("_updated")),
            t("Already here and left alone: {records}.", records=kinds("_unchanged"))]
    gone = counts.get("games_deleted", 0), counts.get("campaigns_deleted", 0)
    if any(gone):  # deleted on the other device (see store/marks.py)
        said.append(t("Deleted here as on the other device: {games} and {campaigns}.",
                      games=games(gone[0]), campaigns=campaigns(gone[1])))
    return " ".join(said)


def exported(counts: dict[str, int], path: str) -> str:
    """What `companion export` wrote."""
    return t("Exported {games}, {attempts}, {campaigns} and {players} to {path}.",
             path=path, **records(counts))


def checked(files: int, counts: dict[str, int], problems: int) -> str:
    """What `companion check` read, and what it found."""
    read = {"files": tn("{count} file", "{count} files", files), **records(counts)}
    if not problems:
        return t("Checked {files}, {games}, {attempts} and {campaigns}: all is well.", **read)
    return t("Checked {files}, {games}, {attempts} and {campaigns}: {problems} found.",
             problems=tn("{count} problem", "{count} problems", problems), **read)


def points_total(total: int) -> str:
    """"62 points", "1 point": a score as the end screen, the history and the pad say it."""
    return tn("{total} point", "{total} points", total, total=total)
