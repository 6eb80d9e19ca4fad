@testable import StoreCatalog
@testable import StoreEngine
@testable import StoreJSON
@testable import StoreLedger

/// Xcode .storekit files: any bytes through the loader, and through the StoreKit reader
/// whatever the format detection says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreKit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzChecks.check(CatalogLoader.lint(bytes: bytes, file: "fuzz.storekit"), file: "fuzz.storekit")
    if let root = try? JSONParser.parse(bytes) {
        let collector = ProblemCollector(file: "fuzz.storekit")
        if StoreKitCatalogReader(root: root, collector: collector).read() == nil, !collector.hasErrors {
            FuzzChecks.fail("the StoreKit reader returned nothing without an error")
        }
    }
    return 0
}
