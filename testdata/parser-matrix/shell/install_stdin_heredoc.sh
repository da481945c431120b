#!/bin/bash
# A script written by `install` or `cp` from /dev/stdin fed a
# here-document (review 29's 075) is written like `cat > FILE <<EOF`:
# run by its path, its text is scanned where it is run. Near miss:
# near_miss_install_stdin_heredoc.sh.
install -D -m 755 /dev/stdin bin/ai <<'EOF'
#!/bin/sh
exec claude -p "$@"
EOF
bin/ai "review" # want "RED:eval"
cp /dev/stdin tools/tri.sh <<'EOF'
pi --print "triage"
EOF
sh tools/tri.sh # want "RED:eval"
