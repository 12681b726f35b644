"""Forest: 1 Wood per own worker there, +1 per Woodcutter."""
from ._gather import gathering

LOCATION = gathering("forest", item="wood", base=0, bonus_hook="forest_wood", label="the Forest")
