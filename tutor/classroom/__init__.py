"""For the classroom: board diagrams, printable worksheets and scored quizzes.

- ``diagram``: ``board_svg(scenario)``, a position as an SVG picture
- ``answers``: a scenario's expectations in words, for answer keys
- ``worksheet``: ``worksheet_html(scenarios)``, one printable page with an answer key
- ``quiz``: judging a student's answer against a scenario's expectations
"""
