#!/bin/sh
# A script the text writes from a here-document (`cat > FILE <<EOF`,
# `tee FILE <<EOF`) and then runs by path, through a shell or directly:
# the here-document is its text, judged where it runs. Near miss:
# near_miss_heredoc_script_written_then_run.sh.
cat >/tmp/nightly.sh <<'EOS'
cd /srv/app
pi --print "nightly report"
EOS
bash /tmp/nightly.sh # want "RED:eval"
tee ./review.sh >/dev/null <<EOS
exec claude -p "review"
EOS
chmod +x ./review.sh
./review.sh # want "RED:eval"
