# A bash -c string the parser rejects is still judged word by word.
bash -c 'claude -p "unterminated' # want "RED:eval"
