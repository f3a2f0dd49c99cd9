"""Playing a game: setting it up, its rounds (status, planning and production panels), its
end, undo, and the quick score for a game played without the app.
"""
