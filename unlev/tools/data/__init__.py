"""Data profiles from a variant's C source: the importer (:mod:`.importer`, over the small
C preprocessor :mod:`.cpre`) and the ``unlev data`` command (:mod:`.command`)."""
