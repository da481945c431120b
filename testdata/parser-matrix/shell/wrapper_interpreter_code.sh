# node -e and python -c code that hands a string to a process API: the
# string is scanned as shell. Code that only prints it runs nothing.
node -e "require('child_process').execSync('claude -p x')" # want "RED:eval"
python3 -c "import os; os.system('pi')" # want "RED:eval"
node -e "console.log('claude -p x')"
python3 -c "print('pi')"
