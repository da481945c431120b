// Clean: math.Pi and a pi variable are not the pi runtime.
package launches

import "math"

func cleanMathPi(r float64) float64 {
	pi := math.Pi
	return pi * r * r
}
