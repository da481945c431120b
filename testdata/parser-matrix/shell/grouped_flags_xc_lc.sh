# Grouped short options ending in c take the next word as the string.
bash -xc 'claude -p "review"' # want "RED:eval"
sh -ec "pi -p 'go'" # want "RED:eval"
bash -xc 'echo review'
