# torsocks and valgrind run the runtime behind them: the gate's table knew
# them, the scanner's did not (issue 13); both now share cmdline's table.
torsocks claude -p x # want "RED:direct-literal"
valgrind --tool=memcheck pi # want "RED:direct-literal"
torsocks -u claude echo hi
