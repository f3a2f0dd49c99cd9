"""The rules of the game as a player needs them at the table: a page per rule, searchable."""
