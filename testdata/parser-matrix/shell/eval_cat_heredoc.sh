# eval of a heredoc's text through $(cat <<EOF).
eval "$(cat <<EOF # want "RED:eval"
pi --print hi
EOF
)"
