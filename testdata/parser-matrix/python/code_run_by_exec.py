# Python the file hands its own interpreter (exec, eval, and compile of a
# string) is scanned when its text is known: its launches are reported at
# the call that runs it.
exec("import subprocess; subprocess.run(['claude', '-p'])")  # want "RED:process-api"
code = "import os; os.system('pi -p hi')"
eval(compile(code, "<agent>", "exec"))  # want "RED:direct-literal"
