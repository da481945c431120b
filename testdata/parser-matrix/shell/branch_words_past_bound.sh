# Only the first 16 words of a command multiply its readings; a later
# word kept one reading, its first possibility, so `git` hid `claude`.
# Past the bound the reading that names a runtime is kept, and the launch
# is dynamic (the bound is reported). Near miss: the same command whose
# late word is git or make is clean.
case $1 in
  a) X=git ;;
  *) X=claude ;;
esac
case $1 in
  a) Y=git ;;
  *) Y=make ;;
esac
sudo -u a -g b -E -H -n -S -P -b -i -D d -C 3 -p p -h h -- "$X" -p # want "RED:dynamic"
sudo -u a -g b -E -H -n -S -P -b -i -D d -C 3 -p p -h h -- "$Y" -p
