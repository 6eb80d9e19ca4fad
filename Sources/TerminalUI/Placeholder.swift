enum TerminalUIPlaceholder {}
