# An unquoted heredoc expands the file's variables before the shell runs it.
R=claude
bash <<EOF
$R -p hi # want "RED:eval"
EOF
