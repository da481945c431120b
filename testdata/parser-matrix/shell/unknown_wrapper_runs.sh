# Deny by default: a program the command-line model does not list may run
# what it is given after "--", or a string whose shell reading starts a
# runtime (cmdline.Guess). The launch is one possibility: dynamic. Near
# miss: clean_unknown_wrapper_runs.sh.
remote-run --host build-1 -- claude -p "audit" # want "RED:dynamic"
gum spin --title "thinking" -- pi -p "summarize" # want "RED:dynamic"
boxctl enter dev --cwd /w -- sudo -u agent claude -p x # want "RED:dynamic"
cloudshell exec --cmd 'cd ~/repo && claude -p "triage"' # want "RED:dynamic"
newtool attach -c "exec pi --print y" # want "RED:dynamic"
