"""Architects of the West Kingdom: the rules (its rulebook is the authority)."""
