# time in front of a pipeline.
time claude -p hi | tee out # want "RED:direct-literal"
