# Near miss of pieces_by_words.py: pieces of the primitive in prose and
# names only. You need permission to run this; dangerous goods are refused.
class PermissionDeniedError(Exception):
    """Raised when the permission check fails."""

MESSAGE = "permission denied: dangerous goods"
