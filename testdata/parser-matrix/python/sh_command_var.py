# An sh.Command held in a variable and called later.
import sh

claude_cmd = sh.Command("/usr/local/bin/claude")
claude_cmd("-p", "hi")  # want "RED:variable-execution"
