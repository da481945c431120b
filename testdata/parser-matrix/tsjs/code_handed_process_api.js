// Code run by new Function or a vm context that calls a process API on a
// value it is handed (loading no process module itself) runs a program
// the analysis cannot name: in a file that names the runtime, dynamic.
const f = new Function("cp", "bin", "return cp.spawn(bin, ['-p'])"); // want "RED:dynamic"
f(require("child_process"), "claude");
