# Workflow frameworks run a task's command line in a shell when the
# scheduler starts it (Airflow's BashOperator and SSHOperator, Prefect's
# ShellOperation): the task is judged where it is made. Near miss:
# near_miss_workflow_shell_task.py.
from airflow.operators.bash import BashOperator
from airflow.providers.ssh.operators.ssh import SSHOperator
from prefect_shell import ShellOperation, shell_run_command

NIGHTLY = "pi -p 'summarise the logs'"

BashOperator(task_id="triage", bash_command="cd repo && claude -p 'triage the failures'")  # want "RED:direct-literal"
SSHOperator(task_id="remote", ssh_conn_id="box", command=NIGHTLY)  # want "RED:direct-literal"
ShellOperation(commands=["make report", "claude -p 'read report.txt' > out.md"]).run()  # want "RED:direct-literal"
shell_run_command(command="pi --print 'hello'")  # want "RED:direct-literal"
