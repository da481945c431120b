# Programs whose names start with pi are not pi.
pipenv run pytest
pigz big.tar
pidof sshd
pio run
