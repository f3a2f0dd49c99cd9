"""The app's visual language: widgets, the game's symbols, card faces, the score pad and
the card picker that every section draws with. Nothing here is a screen.
"""
