"""The web host: serves the app to browsers, keeps its door, and shares it with the
phones at the table. No screen imports it; it starts the app (`launch`).
"""
