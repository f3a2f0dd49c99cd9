"""The card and Empire browser.
"""
