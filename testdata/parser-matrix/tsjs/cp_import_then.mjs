// import('child_process').then(({{ spawn }}) => ...) binds the callback parameter.
import('child_process').then(({ spawn }) => spawn('claude', ['-p'])); // want "RED:process-api"
