# sudo -l only lists what may be run.
sudo -l claude
