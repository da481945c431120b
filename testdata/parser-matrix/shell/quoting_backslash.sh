# cl\aude is still the word claude.
cl\aude -p hi # want "RED:direct-literal"
