# p"i" is the word pi.
p"i" --print x # want "RED:direct-literal"
