# sh.claude(...) runs the claude program.
import sh

sh.claude("-p", "hi", _fg=True)  # want "RED:process-api"
