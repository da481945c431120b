# Unknown words in the arguments and assignments of wrappers (timeout,
# sudo, env, nice, ...) are opaque words that never stop the judge;
# timeout's first operand is always its duration.
timeout "$LIMIT" claude -p x # want "RED:direct-literal"
timeout --signal="$SIG" 10m pi -p x # want "RED:direct-literal"
sudo -u "$OWNER" env HOME="$HOME_DIR" ANTHROPIC_MODEL="$MODEL" claude -p x # want "RED:direct-literal"
nice -n "$PRIO" env -u "$DROP" claude -p x # want "RED:direct-literal"
timeout "$LIMIT" make test
sudo -u "$OWNER" env HOME="$HOME_DIR" ./deploy.sh
