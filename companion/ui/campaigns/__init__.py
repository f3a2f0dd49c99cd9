"""Campaigns (War or Peace): the list, a new campaign, a campaign's page and the form that
records a scenario played in it.
"""
