"""LTI 1.3: the study room as a tool inside a school's course site (Moodle, Canvas...).

django-lti's ``lti_tool`` app does the protocol (keys, JWKS, OIDC login, the
checked launch, deep-linking and score messages); this app decides what a
launch means here: who is signed in, which class they join, where they go,
and when a score goes back to the course's gradebook.
"""
