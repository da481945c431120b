// Package sarif prints a check-launches report as SARIF 2.1.0 in the
// subset GitHub code scanning accepts: one rule per finding class with a
// stable ruleId (`leasegate/<class>`), repo-relative URIs under the
// %SRCROOT% base, partialFingerprints that do not depend on line numbers,
// and levels mapped from verdicts. Gated launches are not results (they
// are not problems); the inventory is in the run's properties.
package sarif
