import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreJSON

/// Damaged StoreKit files are refused with a message that names the file, the key path and the
/// line and column, and never crash the reader.
@Suite struct StoreKitMutationTests {
    /// One edit of a sample and the error it must cause.
    struct Mutation: CustomTestStringConvertible, Sendable {
        var sample: String
        var find: String
        var replace: String
        var field: String
        var message: String
        /// Text at the place the error must point to, when it points to a value.
        var pointsAt: String?

        var testDescription: String { "\(field) in \(sample)" }
    }

    static let mutations: [Mutation] = [
        Mutation(sample: "cntrump__SKDemo__v1.1_Products.storekit", find: "\"productID\" : \"nonconsumable.truck\",\n",
                 replace: "", field: "products[3].productID", message: "is missing"),
        Mutation(sample: "space-code__flare__Flare.storekit", find: "\"groupNumber\" : 1,", replace: "\"groupNumber\" : \"one\",",
                 field: "subscriptionGroups[0].subscriptions[0].groupNumber", message: "expected a whole number, found a string",
                 pointsAt: "\"one\""),
        Mutation(sample: "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit", find: "\"displayPrice\" : \"199.99\",",
                 replace: "\"displayPrice\" : true,", field: "products[0].displayPrice", message: "expected a price", pointsAt: "true,"),
        Mutation(sample: "RevenueCat__purchases-ios__v2.0_SimpleApp_Products.storekit", find: "\"_storefront\" : \"ESP\",",
                 replace: "\"_storefront\" : \"SPAIN\",", field: "settings._storefront", message: "is not an App Store storefront",
                 pointsAt: "\"SPAIN\""),
        Mutation(sample: "RevenueCat__purchases-ios__v1.2_RevenueCat_SwiftUIConfiguration.storekit", find: "\"paymentMode\" : \"payUpFront\",",
                 replace: "\"paymentMode\" : \"payLater\",", field: "subscriptionGroups[0].subscriptions[3].adHocOffers[0].paymentMode",
                 message: "unknown payment mode \"payLater\"", pointsAt: "\"payLater\""),
        Mutation(sample: "cntrump__SKDemo__Products.storekit", find: "\"_timeRate\" : 15", replace: "\"_timeRate\" : \"fast\"",
                 field: "settings._timeRate", message: "expected a whole number", pointsAt: "\"fast\""),
        Mutation(sample: "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit", find: "\"isStackable\" : false,",
                 replace: "\"isStackable\" : \"no\",", field: "subscriptionGroups[1].subscriptions[0].codeOffers[1].isStackable",
                 message: "expected true or false", pointsAt: "\"no\""),
        Mutation(sample: "boboul-cloud__Pret-Materiel__Products.storekit", find: "\"recurringSubscriptionPeriod\" : \"P1M\",",
                 replace: "\"recurringSubscriptionPeriod\" : \"monthly\",", field: "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod",
                 message: "\"monthly\" is not a period", pointsAt: "\"monthly\""),
        Mutation(sample: "chicktack0321__eitango_tokkun__Products.storekit", find: "\"type\" : \"NonConsumable\"",
                 replace: "\"type\" : \"Lifetime\"", field: "products[0].type", message: "unknown product type \"Lifetime\"",
                 pointsAt: "\"Lifetime\""),
        Mutation(sample: "RevenueCat__purchases-ios__v1.0_SwiftExample_Configuration.storekit",
                 find: ",\n            \"subscriptionPeriod\" : \"P1W\"", replace: "",
                 field: "subscriptionGroups[0].subscriptions[0].introductoryOffer.subscriptionPeriod", message: "is missing"),
        Mutation(sample: "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit", find: "\"billingPlanType\" : \"MONTHLY\",",
                 replace: "", field: "subscriptionGroups[0].subscriptions[2].billingPlans[1].billingPlanType", message: "is missing"),
        Mutation(sample: "space-code__flare__Flare.storekit", find: "\"displayPrice\" : \"0.99\",\n            \"internalID\" : \"970CA16D\",",
                 replace: "\"internalID\" : \"970CA16D\",", field: "subscriptionGroups[0].subscriptions[0].introductoryOffer.displayPrice",
                 message: "a payAsYouGo offer needs a price"),
        Mutation(sample: "cntrump__SKDemo__v1.1_Products.storekit", find: "\"productID\" : \"nonconsumable.car\",",
                 replace: "\"productID\" : \"nonconsumable.motorcycle\",", field: "products[1].productID",
                 message: "duplicate product ID \"nonconsumable.motorcycle\" (first used by products[0])", pointsAt: "\"nonconsumable.motorcycle\","),
        Mutation(sample: "cntrump__SKDemo__Products.storekit", find: "\"displayPrice\" : \"9.99\",", replace: "\"displayPrice\" : \"-9.99\",",
                 field: "nonRenewingSubscriptions[0].displayPrice", message: "is negative", pointsAt: "\"-9.99\""),
        Mutation(sample: "RevenueCat__purchases-ios__v1.0_SwiftExample_Configuration.storekit", find: "\"settings\" : {\n\n  },",
                 replace: "\"settings\" : \"none\",", field: "settings", message: "expected an object, found a string", pointsAt: "\"none\""),
    ]

    @Test(arguments: mutations)
    func mutationIsRefusedWithAPreciseError(_ mutation: Mutation) throws {
        let original = StoreKitFixtures.text(mutation.sample)
        let range = try #require(original.range(of: mutation.find), "the sample no longer contains the text to change")
        let text = original.replacingCharacters(in: range, with: mutation.replace)
        let report = StoreKitFixtures.lint(text: text, file: mutation.sample)
        #expect(report.catalog == nil, "the damaged file was accepted")
        let error = try #require(StoreKitFixtures.errors(report).first { $0.field == mutation.field }, "\(report.problems)")
        #expect(error.message.contains(mutation.message), "\(error.message)")
        #expect(error.file == mutation.sample)
        #expect(error.line > 0 && error.column > 0)
        #expect(error.description.hasPrefix("\(mutation.sample):\(error.line):\(error.column): error: "))
        if let needle = mutation.pointsAt {
            let place = try #require(Self.position(of: needle, in: text, near: range.lowerBound))
            #expect(error.line == place.line && error.column == place.column)
        }
    }

    @Test func unknownKeyIsAWarningNotAFailure() throws {
        let sample = "cntrump__SKDemo__v1.1_Products.storekit"
        let text = StoreKitFixtures.text(sample).replacingOccurrences(of: "\"identifier\" : \"E8BE4D16\",",
                                                                      with: "\"identifier\" : \"E8BE4D16\",\n  \"futureFeature\" : { \"on\" : true },")
        let report = StoreKitFixtures.lint(text: text, file: sample)
        #expect(report.catalog != nil)
        let warning = try #require(report.problems.first { $0.field == "futureFeature" })
        #expect(warning.severity == .warning)
        #expect(warning.line == 3 && warning.column == 21)
        #expect(warning.message.contains("unknown key"))
    }

    @Test(arguments: StoreKitFixtures.sampleNames)
    func truncatedFileIsRefusedWithItsPlace(name: String) {
        let bytes = Array(StoreKitFixtures.text(name).utf8)
        for step in 1...12 {
            var cut = bytes.count * step / 13
            while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }  // cut between characters
            let report = CatalogLoader.lint(bytes: Array(bytes[..<cut]), file: name)
            let error = StoreKitFixtures.errors(report).first
            #expect(report.format == nil && StoreKitFixtures.errors(report).count == 1, "cut at byte \(cut)")
            #expect(error?.message.hasPrefix("malformed JSON") == true, "cut at byte \(cut): \(report.problems)")
            #expect((error?.line ?? 0) > 0, "cut at byte \(cut)")
        }
    }

    @Test func propertyListNamedStoreKitIsRefused() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict/></plist>\n"
        let xmlReport = StoreKitFixtures.lint(text: xml, file: "Products.storekit")
        #expect(xmlReport.catalog == nil)
        #expect(xmlReport.problems.first?.message.contains("XML property list") == true)
        let binary = CatalogLoader.lint(bytes: Array("bplist00".utf8) + [0xD0, 0x08], file: "Products.storekit")
        #expect(binary.catalog == nil)
        #expect(binary.problems.first?.message.contains("binary property list") == true)
    }

    /// Leaving out any one key of any sample either still loads or is an error at that key.
    @Test(arguments: StoreKitFixtures.sampleNames)
    func droppingAnyKeyIsToleratedOrReportedThere(name: String) throws {
        let root = try JSONParser.parse(Array(StoreKitFixtures.text(name).utf8))
        for (path, _) in Self.members(of: root, path: "") where !path.hasPrefix("appPolicies") {
            let mutated = Self.transform(root, path: "") { $0 == path ? .drop : .keep }
            let report = StoreKitFixtures.lint(text: mutated.compactText, file: name)
            if report.catalog == nil {
                #expect(StoreKitFixtures.errors(report).contains { $0.field == path }, "dropping \(path): \(report.problems)")
            }
        }
    }

    /// Giving any value of any sample the wrong type is an error at that key, unless the key is
    /// one the reader deliberately does not interpret.
    @Test(arguments: StoreKitFixtures.sampleNames)
    func wrongTypeAnywhereIsReportedThere(name: String) throws {
        let root = try JSONParser.parse(Array(StoreKitFixtures.text(name).utf8))
        let uninterpreted = ["internalID", "appPolicies", "subscriptionOffersKeyPair", "promotionalImageID", "_applicationInternalID",
                             "_developerTeamID", "_lastSynchronizedDate", "_compatibilityTimeRate"]
        for (path, node) in Self.members(of: root, path: "") where !node.isNull {
            let mutated = Self.transform(root, path: "") { $0 == path ? .replace(Self.wrongType(for: node)) : .keep }
            let report = StoreKitFixtures.lint(text: mutated.compactText, file: name)
            let usable = report.catalog != nil
            if uninterpreted.contains(where: { path.contains($0) }) {
                #expect(usable, "changing \(path): \(report.problems)")
            } else {
                #expect(!usable, "changing \(path) was not noticed")
                #expect(StoreKitFixtures.errors(report).contains { $0.field == path && $0.column > 0 }, "changing \(path): \(report.problems)")
            }
        }
    }

    // MARK: - Helpers

    enum Edit { case keep, drop, replace(JSONNode) }

    /// Every value in the tree with its key path, written the way the reader names fields.
    static func members(of node: JSONNode, path: String) -> [(String, JSONNode)] {
        switch node.value {
        case .object(let members):
            return members.flatMap { member -> [(String, JSONNode)] in
                let childPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                return [(childPath, member.node)] + Self.members(of: member.node, path: childPath)
            }
        case .array(let elements):
            return elements.enumerated().flatMap { index, element -> [(String, JSONNode)] in
                let childPath = "\(path)[\(index)]"
                return [(childPath, element)] + Self.members(of: element, path: childPath)
            }
        default:
            return []
        }
    }

    static func transform(_ node: JSONNode, path: String, _ edit: (String) -> Edit) -> JSONNode {
        switch node.value {
        case .object(let members):
            var kept: [(key: String, node: JSONNode)] = []
            for member in members {
                let childPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                switch edit(childPath) {
                case .keep: kept.append((member.key, transform(member.node, path: childPath, edit)))
                case .drop: continue
                case .replace(let replacement): kept.append((member.key, replacement))
                }
            }
            return JSONNode(.object(kept), line: node.line, column: node.column)
        case .array(let elements):
            var kept: [JSONNode] = []
            for (index, element) in elements.enumerated() {
                let childPath = "\(path)[\(index)]"
                switch edit(childPath) {
                case .keep: kept.append(transform(element, path: childPath, edit))
                case .drop: continue
                case .replace(let replacement): kept.append(replacement)
                }
            }
            return JSONNode(.array(kept), line: node.line, column: node.column)
        default:
            return node
        }
    }

    static func wrongType(for node: JSONNode) -> JSONNode {
        switch node.value {
        case .string: JSONNode(.bool(true))
        case .number: JSONNode(.string("7"))
        case .bool: JSONNode(.string("yes"))
        case .array: JSONNode(.object([]))
        case .object: JSONNode(.array([]))
        case .null: JSONNode(.string("null"))
        }
    }

    /// The 1-based line and column (in Unicode scalars, as the parser counts) of `needle`,
    /// searching from `start`.
    static func position(of needle: String, in text: String, near start: String.Index) -> (line: Int, column: Int)? {
        guard let found = text.range(of: needle, range: start..<text.endIndex) else { return nil }
        let before = text[..<found.lowerBound]
        let line = before.count(where: { $0 == "\n" }) + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<found.lowerBound].unicodeScalars.count + 1)
    }
}
