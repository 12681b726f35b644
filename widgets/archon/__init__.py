"""The widgets that draw Archon: Glory & Machination: its board (`board`, `board_text`),
player panels (`panels`), score chart (`score`), what-if editor (`editor`), the decision
panel's groups and tile faces (`choices`), the card and tile gallery (`gallery`) and its
pages (`apps`); `ui.UI` hands the shared shell the parts it draws with. Every figure the
rulebook does not print is drawn with the example mark (`text`)."""
