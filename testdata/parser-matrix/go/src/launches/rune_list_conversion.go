// A program name spelled as a byte or rune slice literal and converted:
// `string([]byte{'c', 'l', 'a', 'u', 'd', 'e'})`. The conversion of a
// slice literal of constants is its text, and rune literals listed
// together are one text for the relevance question: RED.
package launches

import "os/exec"

func runeListRun() error {
	return exec.Command(string([]rune{'p', 'i'}), "-p").Run() // want "RED:process-api"
}
