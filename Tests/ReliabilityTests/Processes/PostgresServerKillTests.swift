import Foundation
import StorefrontTesting
import Testing

/// The PostgreSQL server itself killed with SIGKILL while purchases commit, then started again:
/// every purchase a command reported is there once, nothing counts twice, the store verifies,
/// and the commands the kill cut off failed with exit status 3.
@Suite("Kill -9: the PostgreSQL server under writers", .serialized)
struct PostgresServerKillTests {
    static let writers = 16

    @Test("kill -9 of the server mid-commit, then a restart: nothing lost, nothing doubled")
    func serverKilledMidCommit() async throws {
        let server = try ThrowawayPostgres()
        let directory = try ScratchDirectory("kill-postgres-server")
        var cli = StorefrontProcess(ledger: directory.file("unused.jsonl"))
        cli.environment["STOREFRONT_STORE_KEY"] = directory.file("team.key")
        cli.storeArguments = ["--store", server.url()]
        #expect(try cli.run(["store", "init"]).status == 0)
        // A commit on a quiet machine is under a millisecond, so sixteen of them can all be done
        // before the test has even seen the first: each event row now takes 40 ms to insert, so
        // the kill lands while commits are on their way (a test-only trigger beside the store's).
        _ = try server.psql("""
            CREATE FUNCTION storefront_test_slow_insert() RETURNS trigger LANGUAGE plpgsql AS
              $$ BEGIN PERFORM pg_sleep(0.04); RETURN NEW; END $$;
            CREATE TRIGGER storefront_test_slow_insert BEFORE INSERT ON storefront_events
              FOR EACH ROW EXECUTE FUNCTION storefront_test_slow_insert();
            """)
        var reported: [String] = []
        var cutOff = 0
        // Should every command still finish before the kill lands, again, up to five times.
        // Each command buys for an account of its own, so no account reaches the credit's
        // maximum (50 faces) however many rounds it takes: a refusal would not be a cut-off.
        for round in 0..<5 where cutOff == 0 {
            let before = try Self.eventCount(server)
            let running = try (0..<Self.writers).map { index in
                try cli.start(["--account", "buyer-\(round)-\(index)", "buy", "com.example.rage.face.random", "--json"])
            }
            // Kill once commits are landing, so that others are on their way.
            try await Self.waitForEvents(server, atLeast: before + 1)
            try Self.killServer(server)
            let results = running.map { $0.wait() }
            do {
                try server.start()
            } catch {
                let log = (try? String(contentsOfFile: server.directory + "/server.log", encoding: .utf8)) ?? ""
                Issue.record("the server did not start again: \(error); its log ends: \(log.suffix(800))")
                return
            }
            reported += results.compactMap { result -> String? in
                guard result.status == 0, result.json()?["outcome"] as? String == "purchased" else { return nil }
                return result.json()?["transactionId"] as? String
            }
            for result in results where result.status != 0 {
                let how = "status \(result.status)\(result.wasSignalled ? " (a signal)" : ""), stderr: \(result.stderr), "
                    + "stdout: \(result.stdout.prefix(400))"
                #expect(result.status == 3 && result.stderr.contains("reach"), "cut off by the kill: \(how)")
                cutOff += 1
            }
        }
        let audit = try PostgresStoreAudit(cli: cli, server: server, directory: directory, reported: reported)
        let (stored, issues) = (audit.storedPurchases, audit.issues)
        #expect(Set(stored).count == stored.count, "no purchase is stored twice")
        #expect(issues.isEmpty, "first: \(issues.prefix(5))")
        #expect(cutOff > 0, "the kill never cut a command off, so it tested nothing")
        Figures.report("kill -9 of the PostgreSQL server",
                       "rounds of \(Self.writers) buying commands: \(reported.count) reported, \(stored.count) stored, "
                           + "\(cutOff) cut off with exit 3; \(issues.count) issues")
    }

    static func eventCount(_ server: ThrowawayPostgres) throws -> Int {
        Int(try server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Waits until the store holds at least `count` events.
    static func waitForEvents(_ server: ThrowawayPostgres, atLeast count: Int) async throws {
        for _ in 0..<1_200 {
            if ((try? eventCount(server)) ?? 0) >= count { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no events were committed within 12 seconds")
    }

    /// Sends SIGKILL to the server and every process it started, as a crash leaves them.
    static func killServer(_ server: ThrowawayPostgres) throws {
        let pidLine = try String(contentsOfFile: server.dataDirectory + "/postmaster.pid", encoding: .utf8)
            .split(separator: "\n").first
        let postmaster = try #require(pidLine.flatMap { pid_t($0) })
        // Stopped first, so it starts no backend between the listing and the kill.
        kill(postmaster, SIGSTOP)
        let children = Self.children(of: postmaster)
        for child in children { kill(child, SIGKILL) }
        kill(postmaster, SIGKILL)
        // A restart must not find any of them still holding the server's shared memory.
        for _ in 0..<300 where ([postmaster] + children).contains(where: { Self.isAlive($0) }) {
            usleep(10_000)
        }
        // The dead server may linger as a zombie when nothing reaps it here (a container's first
        // process), and the server takes a lock file naming a pid that still exists for a live
        // server (the data folder's and the socket's). After a real crash that pid is gone; remove
        // the files, as that would leave them moot.
        if kill(postmaster, 0) == 0, !Self.isAlive(postmaster) {
            try? FileManager.default.removeItem(atPath: server.dataDirectory + "/postmaster.pid")
            try? FileManager.default.removeItem(atPath: server.directory + "/.s.PGSQL.\(server.port).lock")
        }
    }

    /// The processes `parent` started, read from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = Self.stat(pid) else { return false }
            return stat.count > 1 && pid_t(stat[1]) == parent
        }
    }

    /// Alive and not a zombie waiting to be reaped.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = Self.stat(pid) else { return false }
        return stat.first != "Z"
    }

    /// The fields of /proc/PID/stat after the command's name: state, parent, ...
    private static func stat(_ pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
