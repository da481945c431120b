# The pi runtime named literally.
pi --print "summarise" # want "RED:direct-literal"
