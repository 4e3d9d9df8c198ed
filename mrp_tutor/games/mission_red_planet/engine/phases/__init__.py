"""The phases of a game, one module each; :mod:`..flow` runs them stage by stage.

setup, choose (missions kept, characters chosen, countdown order), resolve (character steps
through the effect registry), round_end (landing, refill, first player, the track), production,
discoveries (reveal, assignment), actions (action cards and queued phase work), scoring.
Phases ask the state's ruleset (``rules_of``) wherever a variant differs; they never test it.
"""
