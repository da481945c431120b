// Package checklaunches is the check-launches command: flags, the explicit
// detector list, output selection and exit statuses.
package checklaunches
