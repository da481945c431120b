# Secret managers and version managers run the command after their own
# options with secrets or a tool version in its environment; `script`
# on BSD and macOS runs the words after the typescript file. Near miss:
# near_miss_secret_and_version_manager_exec.sh.
doppler run --project api -- claude -p "summarize" # want "RED:direct-literal"
aws-vault exec ci-role --duration=1h -- pi --print "triage" # want "RED:direct-literal"
chamber exec app shared -- claude -p x # want "RED:direct-literal"
infisical run --env=dev -- claude -p y # want "RED:direct-literal"
asdf exec pi -p z # want "RED:direct-literal"
pyenv exec claude -p w # want "RED:direct-literal"
script -q /dev/null claude -p v # want "RED:direct-literal"
