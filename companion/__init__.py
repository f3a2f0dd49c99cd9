"""Wonderful Companion: the table-side companion for It's a Wonderful World."""

__version__ = "0.1.0"
