# Near miss of program_slots.sh: the same settings given other programs,
# a plain (unexported) variable that is never run, a git alias that is
# not a shell command, a PATH with the package managers' .bin folder.
GIT_EDITOR="vim" git commit
export PAGER="less -R"
REVIEW_CMD="claude -p review"
echo "$REVIEW_CMD"
tar --use-compress-program='zstd -T0' -cf out.tar src/
tar -I 'gzip -9' -cf out.tar src/
git config --global alias.lg 'log --oneline'
git config --global alias.st '!git status -sb'
git -c core.editor='code --wait' commit
npm pkg set scripts.lint="eslint ."
shopt -s expand_aliases
BASH_ALIASES[ll]='ls -l'
export PATH="$PWD/node_modules/.bin:$(npm root -g)/typescript/bin:$PATH"
tsc -p .
NODE_OPTIONS="--require ./tracing.js --max-old-space-size=4096" node app.js
