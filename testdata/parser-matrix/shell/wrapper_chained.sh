# several wrappers in a row are all peeled.
sudo -E env FOO=1 nohup timeout 60 nice claude -p hi # want "RED:direct-literal"
