# sh commands other than the runtime.
import sh

sh.ls("-la")
sh.git("status")
print(sh.which("claude"))
