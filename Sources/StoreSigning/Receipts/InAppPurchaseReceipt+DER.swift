import Foundation

extension InAppPurchaseReceipt {
    /// The entry as Apple's field 17 holds it: a SET of attributes with the types Apple
    /// documents (INTEGER quantity and flags, UTF8String ids, IA5String RFC 3339 dates).
    var der: [UInt8] {
        typealias Field = InAppReceiptField
        var attributes = [
            AppReceipt.attribute(Field.quantity.rawValue, DERWriter.integer(Int64(quantity))),
            AppReceipt.attribute(Field.productID.rawValue, DERWriter.utf8String(productID)),
            AppReceipt.attribute(Field.transactionID.rawValue, DERWriter.utf8String(transactionID)),
            AppReceipt.attribute(Field.originalTransactionID.rawValue, DERWriter.utf8String(originalTransactionID)),
            AppReceipt.attribute(Field.purchaseDate.rawValue, DERWriter.ia5String(ReceiptDate.text(purchaseDate))),
            AppReceipt.attribute(Field.originalPurchaseDate.rawValue, DERWriter.ia5String(ReceiptDate.text(originalPurchaseDate))),
            AppReceipt.attribute(Field.trialPeriod.rawValue, DERWriter.integer(isTrialPeriod ? 1 : 0)),
            AppReceipt.attribute(Field.introductoryOfferPeriod.rawValue, DERWriter.integer(isInIntroductoryOfferPeriod ? 1 : 0)),
        ]
        let dates: [(Field, Date?)] = [(.subscriptionExpirationDate, subscriptionExpirationDate), (.cancellationDate, cancellationDate)]
        for case let (field, date?) in dates {
            attributes.append(AppReceipt.attribute(field.rawValue, DERWriter.ia5String(ReceiptDate.text(date))))
        }
        if let webOrderLineItemID {
            attributes.append(AppReceipt.attribute(Field.webOrderLineItemID.rawValue, DERWriter.integer(webOrderLineItemID)))
        }
        if let promotionalOfferID {
            attributes.append(AppReceipt.attribute(Field.promotionalOfferID.rawValue, DERWriter.utf8String(promotionalOfferID)))
        }
        return DERWriter.set(attributes)
    }

    /// Reads one field 17 value; the ids, dates and quantity are required.
    init(der value: ArraySlice<UInt8>) throws(AppReceiptFormatError) {
        var values: [InAppReceiptField: ArraySlice<UInt8>] = [:]
        for (type, field) in try AppReceipt.attributes(of: value, context: "an in-app purchase entry") {
            guard let known = InAppReceiptField(rawValue: type) else { continue }
            guard values.updateValue(field, forKey: known) == nil else {
                throw AppReceiptFormatError(reason: "an in-app purchase entry holds field \(type) twice")
            }
        }
        func required(_ field: InAppReceiptField) throws(AppReceiptFormatError) -> ArraySlice<UInt8> {
            guard let value = values[field] else {
                throw AppReceiptFormatError(reason: "an in-app purchase entry lacks field \(field.rawValue)")
            }
            return value
        }
        func optionalDate(_ field: InAppReceiptField) throws(AppReceiptFormatError) -> Date? {
            guard let value = values[field] else { return nil }
            return try AppReceipt.date(value, field: field.rawValue)
        }
        func flag(_ field: InAppReceiptField) throws(AppReceiptFormatError) -> Bool {
            guard let value = values[field] else { return false }
            return try AppReceipt.integer(value, field: field.rawValue) != 0
        }
        let quantity = try AppReceipt.integer(try required(.quantity), field: InAppReceiptField.quantity.rawValue)
        guard quantity > 0, quantity <= Int64(Int32.max) else {
            throw AppReceiptFormatError(reason: "an in-app purchase entry states the quantity \(quantity)")
        }
        self.init(
            quantity: Int(quantity),
            productID: try AppReceipt.text(try required(.productID), field: InAppReceiptField.productID.rawValue),
            transactionID: try AppReceipt.text(try required(.transactionID), field: InAppReceiptField.transactionID.rawValue),
            originalTransactionID: try AppReceipt.text(try required(.originalTransactionID),
                                                       field: InAppReceiptField.originalTransactionID.rawValue),
            purchaseDate: try AppReceipt.date(try required(.purchaseDate), field: InAppReceiptField.purchaseDate.rawValue),
            originalPurchaseDate: try AppReceipt.date(try required(.originalPurchaseDate),
                                                      field: InAppReceiptField.originalPurchaseDate.rawValue),
            subscriptionExpirationDate: try optionalDate(.subscriptionExpirationDate),
            webOrderLineItemID: try values[.webOrderLineItemID].map { value throws(AppReceiptFormatError) in
                try AppReceipt.integer(value, field: InAppReceiptField.webOrderLineItemID.rawValue)
            },
            cancellationDate: try optionalDate(.cancellationDate),
            isTrialPeriod: try flag(.trialPeriod),
            isInIntroductoryOfferPeriod: try flag(.introductoryOfferPeriod),
            promotionalOfferID: try values[.promotionalOfferID].map { value throws(AppReceiptFormatError) in
                try AppReceipt.text(value, field: InAppReceiptField.promotionalOfferID.rawValue)
            })
    }
}
