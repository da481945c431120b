# A stray then.
then echo hi # want "RED:unparseable"
