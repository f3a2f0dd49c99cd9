"""`companion rules [TOPIC]`: a rule of the game in the chosen language, for the terminal.

With no topic it lists the topics; a topic's id (`supremacy`) prints that rule; any
other words search the rules as the app's Rules screen does, accents optional, and
print the one rule found or list the several. It reads no data folder.
"""

from __future__ import annotations

import argparse
import shutil
import textwrap

from companion.i18n import t, tn
from companion.shipped.rulebook import Rulebook, Topic, rulebook, search


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic", nargs="*", metavar="TOPIC",
                        help=t("a topic's name, or words to look for in the rules"))


def _width() -> int:
    return max(40, min(100, shutil.get_terminal_size((80, 24)).columns))


def topic_text(topic: Topic, width: int = 80) -> str:
    """The rule as the terminal shows it: its title, then its paragraphs, wrapped."""
    lines = [t(topic.title), "=" * len(t(topic.title))]
    for paragraph in topic.text:
        lines += ["", *textwrap.wrap(t(paragraph), width)]
    return "\n".join(lines)


def topic_list(book: Rulebook, topics: list[Topic] | None = None) -> str:
    """The topics by section, each with the id that prints it."""
    lines: list[str] = []
    for section in book.sections:
        shown = [topic for topic in book.in_section(section.id)
                 if topics is None or topic in topics]
        if not shown:
            continue
        if lines:
            lines.append("")
        lines.append(t(section.title) + ":")
        lines += [f"  {topic.id:<16} {t(topic.title)}" for topic in shown]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    book = rulebook()
    words = " ".join(args.topic).strip()
    if not words:
        print(topic_list(book))
        print()
        print(t("Print one with: companion rules TOPIC"))
        return 0
    exact = book.topic(words.lower())
    found = [exact] if exact is not None else search(book, words, t)
    if len(found) == 1:
        print(topic_text(found[0], _width()))
        return 0
    if not found:
        print(t("No rule mentions \"{words}\". The topics are:", words=words))
        print(topic_list(book))
        return 1
    print(tn("{count} rule mentions \"{words}\":", "{count} rules mention \"{words}\":",
             len(found), words=words))
    print(topic_list(book, found))
    return 0
