# Variables given in reverse order inside a function (F="$E" before
# E="$D" ... before A=claude) need a round of the fixed point per link;
# after 4 rounds the runtime had not reached F and the launch was silent.
# Rounds now go on while a variable gains a new first word, within a
# budget linear in the text (past it the file is reported). Near miss:
# the same chain ending at git is clean.
f() { "$F" -p; } # want "RED:variable-execution"
g() { "$Q" status; }
run() {
  F="$E"
  E="$D"
  D="$C"
  C="$B"
  B="$A"
  Q="$P"
  P="$O"
  O="$N"
  N="$M"
  M="$L"
}
A=claude
L=git
run
f
g
