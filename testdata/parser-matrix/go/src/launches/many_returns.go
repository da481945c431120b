// A function with more returns than a set holds (16), and a variable
// given more values: past the bound a value naming a runtime is still
// kept, and the command is then dynamic, never silent. The same function
// and variable given gofmt last stay green.
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

func manyAssignments(k int) {
	var bin string
	switch k {
	case 0:
		bin = "tool0"
	case 1:
		bin = "tool1"
	case 2:
		bin = "tool2"
	case 3:
		bin = "tool3"
	case 4:
		bin = "tool4"
	case 5:
		bin = "tool5"
	case 6:
		bin = "tool6"
	case 7:
		bin = "tool7"
	case 8:
		bin = "tool8"
	case 9:
		bin = "tool9"
	case 10:
		bin = "tool10"
	case 11:
		bin = "tool11"
	case 12:
		bin = "tool12"
	case 13:
		bin = "tool13"
	case 14:
		bin = "tool14"
	case 15:
		bin = "tool15"
	case 16:
		bin = "tool16"
	case 17:
		bin = "tool17"
	case 18:
		bin = "tool18"
	case 19:
		bin = "tool19"
	default:
		bin = "claude"
	}
	_ = exec.Command(bin).Run() // want "RED:dynamic"
}

func manyAssignmentsClean(k int) {
	var lint string
	switch k {
	case 0:
		lint = "tool0"
	case 1:
		lint = "tool1"
	case 2:
		lint = "tool2"
	case 3:
		lint = "tool3"
	case 4:
		lint = "tool4"
	case 5:
		lint = "tool5"
	case 6:
		lint = "tool6"
	case 7:
		lint = "tool7"
	case 8:
		lint = "tool8"
	case 9:
		lint = "tool9"
	case 10:
		lint = "tool10"
	case 11:
		lint = "tool11"
	case 12:
		lint = "tool12"
	case 13:
		lint = "tool13"
	case 14:
		lint = "tool14"
	case 15:
		lint = "tool15"
	case 16:
		lint = "tool16"
	case 17:
		lint = "tool17"
	case 18:
		lint = "tool18"
	case 19:
		lint = "tool19"
	default:
		lint = "gofmt"
	}
	_ = exec.Command(lint).Run()
}
