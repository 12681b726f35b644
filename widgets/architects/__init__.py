"""The widgets that draw Architects of the West Kingdom: its board (`board`, `board_text`),
player boards (`panels`), score chart (`score`), what-if editor (`editor`), card faces
(`cards`), card gallery (`gallery`), tutorial lessons (`lessons`) and its pages (`apps`);
`ui.UI` hands the shared shell (widgets.explorer, widgets.tutorial) the parts it draws with."""
