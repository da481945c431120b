# sudo -iu USER: the cluster's last option takes the user.
sudo -iu agent claude -p hi # want "RED:direct-literal"
