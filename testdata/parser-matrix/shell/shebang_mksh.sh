#!/bin/mksh
# A mksh script.
print "starting"
pi --print hi # want "RED:direct-literal"
