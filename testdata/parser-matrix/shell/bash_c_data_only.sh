# bash -c of a harmless string stays clean.
bash -c 'echo claude; grep pi notes.txt'
