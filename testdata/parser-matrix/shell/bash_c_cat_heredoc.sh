# bash -c "$(cat <<'EOF' ... EOF)": the heredoc's text is the shell string.
bash -c "$(cat <<'EOF' # want "RED:eval"
claude -p hi
EOF
)"
