# python -c with math.pi is data about pi, not the pi runtime.
python3 -c "import math; print(math.pi)"
