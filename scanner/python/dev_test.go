package python_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/python"
)

func TestDev(t *testing.T) {
	name := os.Getenv("DEVFILE")
	if name == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(name)
	fs, _, err := scanner.ScanBytes(name, src, false, scanner.DefaultConfig(), []scanner.Detector{python.New(), shell.New()}, shell.ScanString)
	fmt.Println("err", err)
	for _, f := range fs {
		fmt.Printf("%d:%d %s %s %s\n", f.Line, f.Column, f.Tag(), f.Runtime, f.Message)
	}
}
