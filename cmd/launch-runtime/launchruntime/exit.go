package launchruntime

// Exit statuses of launch-runtime. On success it does not exit: it becomes
// the runtime, whose status is the caller's.
const (
	ExitOK      = 0 // install, uninstall, help, --version
	ExitFailure = 1 // could not launch: no runtime binary, no broker, registration refused
	ExitRefused = 2 // usage error, or an argument or setting that would turn the gate off
)
