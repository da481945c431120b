# grep for the word claude in a shell string.
import os

os.system("grep -n claude app.log")
os.system("echo run claude later")
