// A function with more returns than a set holds (16): past the bound a
// returned value naming a runtime is still kept, and the command is then
// dynamic, never silent. The same function returning gofmt last stays
// green.
package launches

import "os/exec"

func pickManyTools(k int) string {
	switch k {
	case 0:
		return "tool0"
	case 1:
		return "tool1"
	case 2:
		return "tool2"
	case 3:
		return "tool3"
	case 4:
		return "tool4"
	case 5:
		return "tool5"
	case 6:
		return "tool6"
	case 7:
		return "tool7"
	case 8:
		return "tool8"
	case 9:
		return "tool9"
	case 10:
		return "tool10"
	case 11:
		return "tool11"
	case 12:
		return "tool12"
	case 13:
		return "tool13"
	case 14:
		return "tool14"
	case 15:
		return "tool15"
	case 16:
		return "tool16"
	case 17:
		return "tool17"
	case 18:
		return "tool18"
	case 19:
		return "tool19"
	}
	return "claude"
}

func pickManyLinters(k int) string {
	switch k {
	case 0:
		return "tool0"
	case 1:
		return "tool1"
	case 2:
		return "tool2"
	case 3:
		return "tool3"
	case 4:
		return "tool4"
	case 5:
		return "tool5"
	case 6:
		return "tool6"
	case 7:
		return "tool7"
	case 8:
		return "tool8"
	case 9:
		return "tool9"
	case 10:
		return "tool10"
	case 11:
		return "tool11"
	case 12:
		return "tool12"
	case 13:
		return "tool13"
	case 14:
		return "tool14"
	case 15:
		return "tool15"
	case 16:
		return "tool16"
	case 17:
		return "tool17"
	case 18:
		return "tool18"
	case 19:
		return "tool19"
	}
	return "gofmt"
}

func manyReturns(k int) {
	_ = exec.Command(pickManyTools(k)).Run() // want "RED:dynamic"
	_ = exec.Command(pickManyLinters(k)).Run()
}
