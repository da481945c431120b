// The bypass flag assembled from two constants, invisible to a text search.
package launches

const (
	flagHead = "--dangerously-"
	flagTail = "skip-permissions"
)

var bypassFlag = flagHead + flagTail // want "RED:dangerous-primitive"
