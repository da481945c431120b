// The same workers fed other tools: every value sent is known and none
// is a runtime (one found at run time is not a launch by itself).
package launches

import "os/exec"

func toolWorker(jobs <-chan []string) {
	for argv := range jobs {
		_ = exec.Command(argv[0], argv[1:]...).Run()
	}
}

func startToolWorker() {
	jobs := make(chan []string, 1)
	go toolWorker(jobs)
	jobs <- []string{"grep", "-r", "claude", "."}
}
