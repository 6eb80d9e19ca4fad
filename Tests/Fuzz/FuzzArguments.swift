@testable import StoreCatalog
@testable import StoreEngine
@testable import StoreJSON
@testable import StoreLedger
@testable import StorefrontCommands

/// Command lines: the input split at NUL bytes into arguments, parsed as the binary parses
/// them, then the values the binary derives from them.
private let bundledCatalog = try? CatalogLoader.loadBundled()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let arguments = try CommandLineArguments.decode(input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init))
        let parsed = try CommandLineArguments.parse(arguments)
        for name in parsed.options.keys {
            _ = try? parsed.integerOption(name, default: 1)
        }
        _ = try? LedgerLocation.path(explicit: parsed.entitlementsPath, environment: ["HOME": "/home/fuzz"])
        let locale = BuyerContext.locale(explicit: parsed.locale, environment: ["LANG": "de_DE.UTF-8"])
        if let catalog = bundledCatalog {
            _ = BuyerContext.storefront(explicit: parsed.storefront, locale: locale, catalog: catalog)
        }
    } catch {
        if error.description.isEmpty { FuzzChecks.fail("a usage error without a message") }
    }
    return 0
}
