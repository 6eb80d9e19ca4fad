import StorefrontText
import StoreEngine
import TerminalUI
import StoreCatalog

extension AppState {
    /// The catalog's languages (as full locales) and storefronts, plus a row to type any locale.
    func localePicker() -> Picker {
        var rows: [Picker.Row] = [.heading(StorefrontPickerText.languageHeading)]
        var seen: Set<String> = []
        for language in catalog.languages {
            let identifier = AppText.locale(forLanguage: language)
            guard seen.insert(identifier).inserted else { continue }
            rows.append(Picker.Row(choice: .locale(identifier), label: AppText.localeName(identifier),
                                   detail: identifier, isCurrent: identifier == locale))
        }
        if !seen.contains(locale) {
            rows.append(Picker.Row(choice: .locale(locale), label: AppText.localeName(locale), detail: locale, isCurrent: true))
        }
        rows.append(Picker.Row(choice: .typeIn(.locale), label: StorefrontPickerText.otherLocale))
        rows.append(.heading(StorefrontPickerText.storefrontHeading))
        for front in catalog.storefronts {
            rows.append(Picker.Row(choice: .storefront(front.code), label: text.countryName(front.code),
                                   detail: StorefrontPickerText.storefrontDetail(code: front.code, currency: front.currency), isCurrent: front.code == storefront))
        }
        return Picker(purpose: .localeAndStorefront, rows: rows)
    }

    /// The accounts and devices found in the ledger, plus rows to create new ones.
    func accountPicker() -> Picker {
        var rows: [Picker.Row] = [.heading(StorefrontPickerText.accountHeading)]
        for account in including(visitedAccounts, in: snapshot.accounts) {
            rows.append(Picker.Row(choice: .account(account), label: account, isCurrent: account == buyer.account))
        }
        rows.append(Picker.Row(choice: .typeIn(.account), label: StorefrontPickerText.newAccount))
        rows.append(.heading(StorefrontPickerText.deviceHeading))
        for device in including(visitedDevices, in: snapshot.devices) {
            rows.append(Picker.Row(choice: .device(device), label: device, isCurrent: device == buyer.device))
        }
        rows.append(Picker.Row(choice: .typeIn(.device), label: StorefrontPickerText.newDevice))
        return Picker(purpose: .accountAndDevice, rows: rows)
    }

    /// The ledger's names, then those used this run that the ledger does not know yet.
    private func including(_ visited: [String], in names: [String]) -> [String] {
        var all = names
        for name in visited where !all.contains(name) { all.append(name) }
        return all
    }

    /// Does what choosing `choice` in `picker` asks: opens a field, or switches and closes the picker.
    mutating func choose(_ choice: Picker.Choice, in picker: Picker) -> [Effect] {
        var picker = picker
        switch choice {
        case .typeIn(let field):
            picker.typing = Picker.Typing(field: field)
            replaceTop(with: .picker(picker))
            return []
        case .locale(let identifier):
            closeTop()
            return switchLocale(to: identifier)
        case .storefront(let code):
            closeTop()
            return switchBuyer(buyer, storefront: code)
        case .account(let account):
            closeTop()
            return switchBuyer(Buyer(account: account, device: buyer.device), storefront: storefront)
        case .device(let device):
            closeTop()
            return switchBuyer(Buyer(account: buyer.account, device: device), storefront: storefront)
        }
    }

    /// Shows under the field why the value typed cannot be taken, still naming what the field
    /// left out of the typing: the value quoted is not all that was typed.
    private mutating func refuseTyped(_ reason: String, typing: Picker.Typing, in picker: Picker) {
        var picker = picker
        let leftOut = typing.entry.refusedCharacters
        picker.typing?.entry.refuse(leftOut.isEmpty ? reason
            : reason + " " + StorefrontScreenText.leftOut(leftOut, fromLocale: typing.field == .locale))
        replaceTop(with: .picker(picker))
    }

    /// Applies a typed value, or shows under the field why it cannot be taken.
    mutating func accept(_ typing: Picker.Typing, in picker: Picker) -> [Effect] {
        switch typing.field {
        case .locale:
            let value = typing.entry.text.trimmingCharacters(in: .whitespaces)
            let normalized = LocaleIdentifier.normalize(value)
            // Shaped like a locale as typed, and known, as `--locale` must be.
            guard Self.looksLikeLocale(normalized), LocaleIdentifier.isKnown(normalized) else {
                refuseTyped(StorefrontScreenText.notALocale(value), typing: typing, in: picker)
                return []
            }
            return choose(.locale(normalized), in: picker)
        case .account, .device:
            // The command line's rule, so a name typed here and after --account is one account.
            let name: String
            do {
                name = try BuyerName.normalized(typing.entry.text, role: typing.field == .account ? "account" : "device")
            } catch {
                refuseTyped(StorefrontPickerText.fieldError(error.description), typing: typing, in: picker)
                return []
            }
            return choose(typing.field == .account ? .account(name) : .device(name), in: picker)
        }
    }

    /// Changes the locale, and the storefront to the locale's country when the catalog sells there.
    mutating func switchLocale(to identifier: String) -> [Effect] {
        locale = LocaleIdentifier.normalize(identifier)
        list.rebuild(catalog: catalog, locale: locale, query: list.query, viewportHeight: listViewportHeight)
        let regional = LocaleIdentifier.region(of: locale)
            .flatMap { CountryCodes.alpha3(forAlpha2: $0) }
            .flatMap { catalog.storefront(code: $0)?.code }
        guard let regional, regional != storefront else { return [] }
        return switchBuyer(buyer, storefront: regional)
    }

    /// Shows the store as `newBuyer` sees it in `newStorefront`; the runtime loads its snapshot.
    mutating func switchBuyer(_ newBuyer: Buyer, storefront newStorefront: String) -> [Effect] {
        guard newBuyer != buyer || newStorefront != storefront else { return [] }
        buyer = newBuyer
        storefront = newStorefront
        // Until the store is read for the new buyer, their numbers are unknown: the old ones
        // would show one account's purchases under another's name.
        snapshot = snapshot.unread(for: newBuyer, storefront: newStorefront)
        if !visitedAccounts.contains(newBuyer.account) { visitedAccounts.append(newBuyer.account) }
        if !visitedDevices.contains(newBuyer.device) { visitedDevices.append(newBuyer.device) }
        return [.loadSnapshot(buyer: newBuyer, storefront: newStorefront)]
    }

    /// Account and device names take any printable text, spaces and emoji included; a locale
    /// takes the letters, digits and separators identifiers are made of.
    static func isAllowed(_ character: Character, in field: Picker.Field) -> Bool {
        guard field == .locale else {
            // The command line's rule, character by character: spaces at either end are refused on Enter.
            return !character.unicodeScalars.contains(where: BuyerName.isRefused) && !BuyerName.hasInvisibleMark(character)
        }
        return character.isASCII && (character.isLetter || character.isNumber || "_-.@=".contains(character))
    }

    /// A language, optional script and optional region: `pt`, `pt_BR`, `zh_Hant_TW`, `es_419`.
    static func looksLikeLocale(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }),
              parts.count <= 3 else { return false }
        for part in parts.dropFirst() {
            let isScript = part.count == 4 && part.allSatisfy { $0.isASCII && $0.isLetter }
            let isRegion = (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isUppercase })
                || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
            guard isScript || isRegion else { return false }
        }
        return true
    }
}
