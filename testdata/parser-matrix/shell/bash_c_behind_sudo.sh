# sudo in front of bash -c.
sudo -u bot bash -c 'cd /w && claude -p hi' # want "RED:eval"
