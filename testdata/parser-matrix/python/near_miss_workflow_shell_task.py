# workflow_shell_task.py with tasks that run plain tools: a task id or a
# message that names a runtime is not its command line.
from airflow.operators.bash import BashOperator
from prefect_shell import ShellOperation

BashOperator(task_id="claude", bash_command="make test")
BashOperator(task_id="notify", bash_command="echo 'claude review finished'")
ShellOperation(commands=["git fetch", "ruff check ."], env={"AGENT": "claude"}).run()
