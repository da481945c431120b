// Package lease is leasegate's lease state machine: sessions, runtime
// generations, promotion tokens and the tool-class authorization decision
// of SPEC.md "Runtime half".
//
// It does no I/O. Time comes from an injected monotonic Clock and token
// randomness from an injected reader, so every transition can be tested
// deterministically. A Table is safe for concurrent use; every operation on
// one session is atomic with respect to every other operation on it.
//
// The states are UNVERIFIED → PENDING_VERIFICATION → VERIFIED. Only a
// VERIFIED lease that has not expired opens the mutator class; the exact
// read-only tool names of ReadOnly are allowed in every state.
package lease
