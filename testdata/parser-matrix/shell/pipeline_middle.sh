# A launch in the middle of a pipeline.
cat prompt.txt | claude -p | tee out.txt # want "RED:direct-literal"
