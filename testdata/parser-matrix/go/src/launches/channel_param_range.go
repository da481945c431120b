// A worker ranging over a channel it is handed: the range variable is
// every value the package sends on the channel the callers hand it (a
// list too, `for argv := range jobs`), and one found at run time: RED
// dynamic.
package launches

import "os/exec"

func agentWorker(jobs <-chan []string, errs chan<- error) {
	for argv := range jobs {
		errs <- exec.Command(argv[0], argv[1:]...).Run() // want "RED:dynamic"
	}
}

func nameWorker(names chan string) {
	for n := range names {
		_ = exec.Command(n, "-p", "go").Run() // want "RED:dynamic"
	}
}

func startWorkers() {
	jobs := make(chan []string, 1)
	errs := make(chan error, 1)
	go agentWorker(jobs, errs)
	jobs <- []string{"claude", "-p", "triage"}
	close(jobs)
	names := make(chan string)
	go nameWorker(names)
	names <- "pi"
}
