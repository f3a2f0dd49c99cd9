"""A table shared between phones: setting it up, the seats, the ranking, and the page that
shows the phones how to open the app.
"""
