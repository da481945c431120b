# An eval string the parser rejects is still judged word by word.
eval 'if claude -p hi; then' # want "RED:eval"
