# A query() from another module is not the Agent SDK.
from db import query

rows = query(prompt="claude")
