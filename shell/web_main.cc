// The browser module's main (scripts/web), as shell/main.cc is the native program's: nothing to
// do at start. The page calls the entry's functions (shell/web/web_shell.cc) once the module and
// its files are loaded.
int main() { return 0; }
