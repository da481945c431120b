# su - user -c runs a login shell string.
su - agent -c 'pi --print hi' # want "RED:eval"
