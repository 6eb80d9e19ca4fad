import Foundation
import StorefrontTesting
import XCTest

/// `storefront-bench --quick --only serve` end to end: it starts the built storefront's
/// server, loads it and receives its notifications, and every figure is measured.
final class ServeSectionTests: XCTestCase {
    private struct Report: Decodable {
        struct Figure: Decodable {
            var id: String
            var runs: Int
            var median: Double?
            var note: String?
        }

        var figures: [Figure]
    }

    func testTheQuickServeSectionMeasuresRequestsAndNotifications() throws {
        let bench = URL(fileURLWithPath: StorefrontProcess.binary).deletingLastPathComponent()
            .appendingPathComponent("storefront-bench").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = ["--quick", "--json", "--only", "serve", "--storefront", StorefrontProcess.binary]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, complaints)
        let report = try JSONDecoder().decode(Report.self, from: printed)
        let measured = Dictionary(report.figures.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in ["serve.rate.1", "serve.rate.8", "serve.rate.64", "serve.latency.8", "serve.latency-p99.8", "serve.notification"] {
            let figure = try XCTUnwrap(measured[id], "no figure \(id) in \(measured.keys.sorted())")
            XCTAssertGreaterThan(figure.runs, 0, id)
            XCTAssertGreaterThan(figure.median ?? 0, 0, "\(id): \(figure.note ?? "")")
        }
    }
}
