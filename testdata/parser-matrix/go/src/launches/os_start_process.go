// os.StartProcess with a home-relative path ending in pi.
package launches

import "os"

func osStartProcess() (*os.Process, error) {
	return os.StartProcess("/home/dev/.local/bin/pi", []string{"pi", "--print"}, &os.ProcAttr{}) // want "RED:process-api"
}
