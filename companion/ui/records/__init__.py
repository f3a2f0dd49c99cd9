"""The records: the history of games and each game's story, solo-scenario medals, and
statistics.
"""
