import Foundation
import StorefrontTesting
import Testing

/// The throwaway server the PostgreSQL tests stand on: it starts, answers, and is gone after.
@Suite("ThrowawayPostgres")
struct ThrowawayPostgresTests {
    @Test("a new cluster answers on its port and socket, and its folder is gone once released")
    func startsAnswersAndGoesAway() throws {
        var server: ThrowawayPostgres? = try ThrowawayPostgres()
        let folder = try #require(server?.directory)
        #expect(try server?.psql("SELECT 40 + 2").trimmingCharacters(in: .whitespacesAndNewlines) == "42")
        #expect(FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.\(server!.port)"))
        server = nil
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}
