# sudo with options that take values.
sudo -u agent -E claude -p hi # want "RED:direct-literal"
