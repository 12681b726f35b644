"""One module per board location. Each registers its placement rule (when a
worker may go there, what placing one does) and the decisions it opens."""
