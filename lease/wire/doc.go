// Package wire is the contract between leasegate's runtime-half binaries:
// the request and reply lines of the broker protocol (docs/broker-protocol.md),
// its operations and codes, the runtime and environment names of SPEC.md,
// the broker socket path, and the client that mutator-gate, launch-runtime
// and the lease-broker operator commands use. The broker server
// (lease/broker) answers it; no client imports the server.
package wire
