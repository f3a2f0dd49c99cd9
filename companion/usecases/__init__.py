"""What the app does, with no Flet in it: a game session, the shared tables, the services
that reach the store and the shipped data, the labels things are shown by. The screens,
the command line and the phone app all drive these; these call the rules and the store.
"""
