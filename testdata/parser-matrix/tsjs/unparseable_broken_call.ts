// A syntax error inside a process API call makes the file unparseable.
import { spawn } from 'child_process';

function f() {
  spawn('claude' ['-p' ;;; { ) // want "RED:process-api" "RED:unparseable"
}
