package driver

import (
	"os"

	"github.com/leasegate/leasegate/scanner"
)

// ConfigFileName is the optional configuration file at the scanned root.
const ConfigFileName = ".check-launches.yaml"

// LoadConfig reads and validates a configuration file. Unknown keys, bad
// globs and bad YAML are errors.
func LoadConfig(file string) (*scanner.Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, &scanner.ConfigError{File: file, Msg: err.Error()}
	}
	return scanner.ParseConfig(file, data)
}
