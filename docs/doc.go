// Package docs holds tests that keep the documentation true.
//
// It has no code of its own: threatmodel_test.go checks that every test
// docs/threat-model.md cites exists, so the threat model cannot claim a
// control that no test proves.
package docs
