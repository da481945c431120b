# A value 30 unpackings deep is within the evaluator's bounds: it is
# followed to the runtime it names.
import subprocess
d0 = {'cmd': 'claude'}
d1 = {**d0}; d2 = {**d1}; d3 = {**d2}; d4 = {**d3}; d5 = {**d4}; d6 = {**d5}; d7 = {**d6}; d8 = {**d7}; d9 = {**d8}; d10 = {**d9}; d11 = {**d10}; d12 = {**d11}; d13 = {**d12}; d14 = {**d13}; d15 = {**d14}; d16 = {**d15}; d17 = {**d16}; d18 = {**d17}; d19 = {**d18}; d20 = {**d19}; d21 = {**d20}; d22 = {**d21}; d23 = {**d22}; d24 = {**d23}; d25 = {**d24}; d26 = {**d25}; d27 = {**d26}; d28 = {**d27}; d29 = {**d28}; d30 = {**d29};
subprocess.run([d30['cmd']])  # want "RED:process-api"
