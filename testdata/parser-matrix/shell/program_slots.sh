# Programs named by settings (review 27 G, F): a value another program
# runs as a command line is judged as the text it stands for. A variable
# in a command's environment whose name ends like a program's, an option
# whose name says it takes a program, git settings and aliases, npm
# scripts set from the command line, BASH_ALIASES, the modules
# NODE_OPTIONS has node load. A PATH holding a
# runtime's package folder makes the assignment a launch (dynamic): a
# bare name run after it may be the runtime's file. Near miss:
# near_miss_program_slots.sh.
GIT_EDITOR="claude -p 'write a commit message into'" git commit # want "RED:eval"
export PAGER="pi --print" # want "RED:eval"
declare -x REVIEW_CMD="claude -p review" # want "RED:eval"
tar --use-compress-program='pi --print' -cf out.tar src/ # want "RED:eval"
tar -I 'claude -p' -cf out.tar src/ # want "RED:eval"
git config --global alias.rv '!node_modules/.bin/claude -p' # want "RED:eval"
git -c core.editor='claude -p' commit # want "RED:eval"
npm pkg set scripts.rv="claude -p" # want "RED:eval"
shopt -s expand_aliases
BASH_ALIASES[rv]='node_modules/.bin/claude -p' # want "RED:eval"
export PATH="$(npm root -g)/@mariozechner/pi-coding-agent/dist:$PATH" # want "RED:dynamic"
cli.js --print "summarize"
NODE_OPTIONS="--import $(npm root -g)/@mariozechner/pi-coding-agent/dist/cli.js" node app.js # want "RED:eval"
