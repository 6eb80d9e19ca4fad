import Foundation
import StorefrontCommands

/// The arguments as the kernel passed them, before any decoding.
func rawCommandLineArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }
}

// Before anything is opened: no file or socket may take the place of a closed stdout or stderr.
StandardStreamWriter.fillClosedStandardDescriptors()

// As typed, for the commands (and their warnings); ICU is given only what it can read.
let environment = ProcessInfo.processInfo.environment
ICULocaleEnvironment.setAsideUnknownLocales(of: environment)

do {
    let arguments = try CommandLineArguments.decode(rawCommandLineArguments())
    let openTerminal: StorefrontCommandLine.OpenTerminal? = TUILauncher.hasTerminal ? { try TUILauncher.run($0, environment: $1, console: $2) } : nil
    exit(StorefrontCommandLine.run(arguments, environment: environment, openTerminal: openTerminal))
} catch {
    exit(StorefrontCommandLine.report(error, console: Console()).rawValue)
}
