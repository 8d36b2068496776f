"""Presenters: the presentation models (adjudicator.presentation) arranged for the
templates, with links built and law references in texts made links. They add no words of
their own; templates (templates/<area>/<view>.html) only display what they give."""
