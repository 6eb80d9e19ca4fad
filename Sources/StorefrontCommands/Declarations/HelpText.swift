import StoreEngine
import StorefrontText

/// `storefront --help` and `storefront help COMMAND`, made from the declarations.
///
/// Every list is two columns: what to type, then what it does, the second column starting at
/// one place for the whole text and wrapped to it, so nothing written by hand can drift.
public enum HelpText {
    /// The widest the text grows before a description wraps.
    static let width = 100
    /// Descriptions never start further right than this, so they keep room to be read.
    static let widestColumn = 32

    /// Every command by section, then the global options.
    public static func overview(commands: [CommandDeclaration] = CommandList.visible) -> String {
        var rows: [(heading: String?, left: String, right: String)] = []
        for section in CommandSection.allCases {
            let members = commands.filter { $0.section == section }
            guard !members.isEmpty else { continue }
            rows.append((heading(section), "", ""))
            rows += members.map { (nil, $0.shortSynopsis, $0.summary) }
        }
        rows.append((CommandHelpText.globalOptionsHeading, "", ""))
        rows += GlobalOptions.declarations.map { (nil, $0.synopsis, $0.summary) }
        let column = self.column(for: rows.map(\.left))
        var lines = [CommandHelpText.title, "", CommandHelpText.usage, "", CommandHelpText.terminal]
        for row in rows {
            if let heading = row.heading {
                lines += ["", heading]
            } else {
                lines += twoColumns(row.left, row.right, column: column)
            }
        }
        lines += ["", CommandHelpText.moreHelp, CommandHelpText.exitStatus]
        return lines.joined(separator: "\n")
    }

    /// One command: its usage, what it does, its arguments and options.
    public static func of(_ command: CommandDeclaration) -> String {
        let arguments = command.arguments.map { ($0.placeholder, $0.summary) }
        let options = command.options.map { ($0.synopsis, $0.summary) }
        let column = self.column(for: arguments.map(\.0) + options.map(\.0))
        var lines = [CommandHelpText.commandUsage(command.synopsis), "", command.summary]
        if !command.details.isEmpty { lines += wrap(command.details, width: width) }
        if !arguments.isEmpty {
            lines += ["", CommandHelpText.argumentsHeading]
            for (left, right) in arguments { lines += twoColumns(left, right, column: column) }
        }
        if !options.isEmpty {
            lines += ["", CommandHelpText.commandOptionsHeading]
            for (left, right) in options { lines += twoColumns(left, right, column: column) }
        }
        let changes = command.name == "store copy" ? CommandHelpText.writesCopyTarget : CommandHelpText.writes
        lines += ["", command.writes ? changes : CommandHelpText.readsOnly, CommandHelpText.globalOptionsPointer]
        return lines.joined(separator: "\n")
    }

    static func heading(_ section: CommandSection) -> String {
        switch section {
        case .shopping: CommandHelpText.Heading.shopping
        case .waiting: CommandHelpText.Heading.waiting
        case .subscriptions: CommandHelpText.Heading.subscriptions
        case .settings: CommandHelpText.Heading.settings
        case .files: CommandHelpText.Heading.files
        case .shell: CommandHelpText.Heading.shell
        }
    }

    /// Where descriptions start: two spaces after the widest left column that fits.
    private static func column(for lefts: [String]) -> Int {
        let fitting = lefts.map { 2 + $0.count + 2 }.filter { $0 <= widestColumn }
        return fitting.max() ?? widestColumn
    }

    /// "  left      right", the right side wrapped at `column`; a left side too wide for the
    /// column puts the right side on the next line.
    private static func twoColumns(_ left: String, _ right: String, column: Int) -> [String] {
        let indent = String(repeating: " ", count: column)
        let wrapped = wrap(right, width: width - column)
        let first = "  " + left
        guard first.count + 2 <= column else {
            return [first] + wrapped.map { indent + $0 }
        }
        let padded = first + String(repeating: " ", count: column - first.count)
        return [padded + (wrapped.first ?? "")] + wrapped.dropFirst().map { indent + $0 }
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n") {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
