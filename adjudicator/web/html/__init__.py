"""The HTML pages' blueprints: settling and the codes (pages), Learn and quizzes (learn),
the table tools (tools). Each route reads its parameters, asks the core, and hands a
presenter's page to its template."""
