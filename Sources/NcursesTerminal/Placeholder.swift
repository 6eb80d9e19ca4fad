import CNcursesw
enum NcursesTerminalPlaceholder {}
