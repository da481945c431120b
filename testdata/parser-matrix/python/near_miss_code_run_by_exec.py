# Near miss of code_run_by_exec.py: the code run starts another tool, or
# names the runtime only as data.
exec("import subprocess; subprocess.run(['git', 'log', '--grep', 'claude'])")
eval("print('claude')")
exec(compile("x = 'pi'", "<m>", "exec"))
