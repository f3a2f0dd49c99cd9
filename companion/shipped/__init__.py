"""The data shipped with the app, read and checked: the card catalog (`catalog`), the solo
scenarios, solo setup and campaign boxes (`scenarios`), and where their files are
(`paths`). The rules (`companion.rules`) get plain values from here and never read a file;
the translations' files are read by `companion.i18n`, which only needs `paths`.
"""
