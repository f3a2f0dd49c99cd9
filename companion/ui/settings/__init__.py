"""Settings: language, theme, and moving the player's data in and out (export, import,
reset).
"""
