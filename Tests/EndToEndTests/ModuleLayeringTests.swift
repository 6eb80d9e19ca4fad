import Foundation
import Testing

/// The package's layering, checked from its sources: SwiftPM lets a module import any module
/// built before it, so a wrong-layer import would compile; these tests make it fail instead.
@Suite("Modules: layering, size and what the storefront links")
struct ModuleLayeringTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Modules of the toolchain, which any target may import.
    static let systemModules: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization", "FoundationNetworking"]

    /// Each target of Package.swift with the targets it names as dependencies.
    static func declaredTargets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: [String]] = [:]
        // A declaration is `.target(name: "X", dependencies: [...])`, also split over lines.
        let declaration = /\.(?:target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/
        for match in manifest.matches(of: declaration) {
            let dependencies = match.output.2.map { list in
                list.matches(of: /"(\w+)"/).map { String($0.output.1) }
            } ?? []
            targets[String(match.output.1)] = dependencies
        }
        return targets
    }

    /// The Swift files of a source target and the lines they hold.
    static func sources(of target: String) throws -> [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
            ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8))
        }
    }

    static func sourceTargets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted()
    }

    @Test("Every folder under Sources is a target the manifest declares")
    func everyFolderIsDeclared() throws {
        let declared = try Self.declaredTargets()
        for folder in try Self.sourceTargets() {
            #expect(declared[folder] != nil, "Sources/\(folder) is not a target in Package.swift")
        }
    }

    @Test("A module imports only the modules it declares as dependencies")
    func importsFollowDeclaredDependencies() throws {
        let declared = try Self.declaredTargets()
        for target in try Self.sourceTargets() {
            let allowed = Set(declared[target] ?? []).union(Self.systemModules)
            for (path, text) in try Self.sources(of: target) {
                for match in text.matches(of: /(?m)^(?:@testable\s+)?import\s+(\w+)/) {
                    let module = String(match.output.1)
                    #expect(allowed.contains(module), "\(path) imports \(module), which \(target) does not declare")
                }
            }
        }
    }

    @Test("No module holds more than a third of the source lines")
    func noModuleDominates() throws {
        var lines: [String: Int] = [:]
        for target in try Self.sourceTargets() {
            lines[target] = try Self.sources(of: target).reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count }
        }
        let total = lines.values.reduce(0, +)
        #expect(total > 10_000, "the count found only \(total) lines: the walk over Sources is broken")
        for (target, count) in lines {
            #expect(count * 3 <= total, "\(target) holds \(count) of \(total) source lines")
        }
    }

    @Test("The storefront executable links no test double")
    func executableLinksNoTestDoubles() throws {
        let declared = try Self.declaredTargets()
        var linked: Set<String> = []
        var waiting = ["storefront"]
        while let next = waiting.popLast() {
            for dependency in declared[next] ?? [] where linked.insert(dependency).inserted {
                waiting.append(dependency)
            }
        }
        #expect(linked.contains("StoreEngine"), "the dependency walk found no store: parsing Package.swift failed")
        #expect(!linked.contains("StorefrontTesting"))
        // The doubles themselves live only in StorefrontTesting.
        for target in linked where FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(target)").path) {
            for (path, text) in try Self.sources(of: target) {
                for double in ["FaultInjectingFileSystem", "ScriptedTerminal", "InMemoryEventLog", "SnapshotText"] {
                    #expect(!text.contains("struct \(double)") && !text.contains("class \(double)") && !text.contains("enum \(double)"),
                            "\(path) declares the test double \(double)")
                }
            }
        }
    }
}
