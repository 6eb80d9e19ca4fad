@testable import StoreCatalog
@testable import StoreEngine
@testable import StoreJSON
@testable import StoreLedger

/// Storefront catalogs: any bytes through the loader, and through the catalog-format reader
/// whatever the format detection says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzChecks.check(CatalogLoader.lint(bytes: bytes, file: "fuzz.json"), file: "fuzz.json")
    if let root = try? JSONParser.parse(bytes) {
        let collector = ProblemCollector(file: "fuzz.json")
        if CatalogFormatReader(root: root, collector: collector).read() == nil, !collector.hasErrors {
            FuzzChecks.fail("the catalog reader returned nothing without an error")
        }
    }
    return 0
}
