import StorePostgres
import Testing

/// The address shown is itself an address: libpq reads it back as the same user, hosts, ports
/// and database, so a command given it reaches the same store and the same key file.
@Suite("PostgreSQL address: the shown address names the same store")
struct PostgresAddressDisplayTests {
    @Test("the shown address, read back, is shown the same and keys the same store", arguments: [
        "postgresql://alice:s3cret@db.example:5433/shop",
        "host=/tmp/x dbname='a b'",
        "host='/tmp/team room' port=5499 user=qa password=s3cret dbname='o\\'neil shop'",
        "host=db.example user='al@ice:x/y' dbname='100% sure?' port=5433",
        "host=/tmp/a&b=c dbname=x",
        "postgresql://[::1]:5432/shop",
        "host=a.example,b.example port=5433 dbname=shop",
        "host=a.example,/tmp/x port=5433,5434 dbname=shop",
        "hostaddr=10.0.0.7 dbname=shop",
        "host=db dbname='shop\nfake line\u{1B}[2J\u{202E}'",
        "postgresql://",
        // Refused before when shown: an @ after the first /, and blanks at the end of the address.
        "host=db dbname='q@r:s'",
        "postgresql://db/shop%20",
        "host=db dbname='  '",
    ])
    func shownAddressReadsBack(given: String) throws {
        let address = try PostgresAddress(given)
        let again = try PostgresAddress(address.display)
        #expect(again.display == address.display, "\(given.debugDescription) shown as \(address.display.debugDescription)")
        #expect(again.storeName == address.storeName, "\(given.debugDescription) shown as \(address.display.debugDescription)")
        #expect(!address.display.contains("s3cret"))
        #expect(!address.display.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" })
    }

    @Test("a socket folder, an IPv6 host and a list of hosts are shown as libpq reads them")
    func shownForms() throws {
        #expect(try PostgresAddress("host=/tmp/x dbname='a b'").display == "postgresql:///a b?host=/tmp/x")
        #expect(try PostgresAddress("host=::1 port=5432 dbname=shop").display == "postgresql://[::1]:5432/shop")
        #expect(try PostgresAddress("host=a,b port=1,2 dbname=shop").display == "postgresql:///shop?host=a,b&port=1,2")
        #expect(try PostgresAddress("host=db user=qa dbname='100% sure?'").display == "postgresql://qa@db/100%25 sure%3F")
        #expect(try PostgresAddress("host=db dbname='q@r:s'").display == "postgresql://db/q%40r:s")
        #expect(try PostgresAddress("host=db dbname=' a b '").display == "postgresql://db/%20a b%20")
    }

    @Test("how to connect is kept (SSL checks, timeouts), secrets and other settings are not; read back it is the same")
    func connectionSettingsKept() throws {
        let address = try PostgresAddress("host=db dbname=shop password=s3cret sslmode=verify-full application_name=ci "
            + "sslrootcert='/etc/ca dir/root+1&2.crt' sslpassword=k3y connect_timeout=5 target_session_attrs=read-write")
        #expect(address.display == "postgresql://db/shop?sslmode=verify-full&sslrootcert=/etc/ca%20dir/root%2B1%262.crt"
                + "&target_session_attrs=read-write&connect_timeout=5")
        let again = try PostgresAddress(address.display)
        #expect(again.display == address.display)
        #expect(again.storeName == address.storeName)
        #expect(try PostgresAddress("postgresql://db/shop?connect_timeout=7&sslmode=require").display
                == "postgresql://db/shop?sslmode=require&connect_timeout=7")
    }

    @Test("a password in the address is left out of what is shown, and that is known")
    func passwordLeftOutIsKnown() throws {
        #expect(try PostgresAddress("postgresql://alice:s3cret@db/shop").shown.passwordLeftOut)
        #expect(try PostgresAddress("host=db password=s3cret dbname=shop").shown.passwordLeftOut)
        #expect(try !PostgresAddress("postgresql://alice@db/shop", environment: ["PGPASSWORD": "s3cret"]).shown.passwordLeftOut,
                "a password libpq takes from its variable is found again there")
        #expect(try !PostgresAddress("postgresql://alice:@db/shop").shown.passwordLeftOut, "an empty password is none")
    }
}
