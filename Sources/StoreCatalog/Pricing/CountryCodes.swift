/// The App Store storefronts: ISO 3166-1 alpha-3 ↔ alpha-2, and the currency each one charges in.
///
/// Apple sells in 175 countries and regions but charges in only 44 currencies: many storefronts
/// (Argentina, Iceland, Kenya, Ukraine, ...) are billed in US dollars, and the euro is used in some
/// countries outside the euro area (Bosnia and Herzegovina, Montenegro, Serbia, Kosovo). Bulgaria
/// joined the euro on 1 January 2026. Kosovo has no ISO code; Apple writes `XKS` (alpha-2 `XK`).
public enum CountryCodes {
    /// One storefront: its two country codes and the currency the App Store charges there.
    public struct Entry: Sendable, Equatable {
        public var alpha3: String
        public var alpha2: String
        public var currency: String
    }

    /// Every App Store storefront, by alpha-3 code.
    public static let entries: [Entry] = rows.map { Entry(alpha3: $0.0, alpha2: $0.1, currency: $0.2) }

    static let table: [String: (alpha2: String, currency: String)] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.alpha3, (alpha2: $0.alpha2, currency: $0.currency)) })

    private static let byAlpha2: [String: String] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.alpha2, $0.alpha3) })

    public static func alpha3(forAlpha2 code: String) -> String? { byAlpha2[code.uppercased()] }

    public static func alpha2(forAlpha3 code: String) -> String? { table[code.uppercased()]?.alpha2 }

    /// The currency a storefront charges in, e.g. JPN → JPY, CHN → CNY, ARG → USD.
    public static func currency(forStorefront code: String) -> String? { table[code.uppercased()]?.currency }

    /// True when `code` (alpha-3) is an App Store storefront.
    public static func isStorefront(_ code: String) -> Bool { table[code.uppercased()] != nil }

    private static let rows: [(String, String, String)] = [
        ("AFG", "AF", "USD"), ("AGO", "AO", "USD"), ("AIA", "AI", "USD"), ("ALB", "AL", "USD"),
        ("ARE", "AE", "AED"), ("ARG", "AR", "USD"), ("ARM", "AM", "USD"), ("ATG", "AG", "USD"),
        ("AUS", "AU", "AUD"), ("AUT", "AT", "EUR"), ("AZE", "AZ", "USD"), ("BEL", "BE", "EUR"),
        ("BEN", "BJ", "USD"), ("BFA", "BF", "USD"), ("BGR", "BG", "EUR"), ("BHR", "BH", "USD"),
        ("BHS", "BS", "USD"), ("BIH", "BA", "EUR"), ("BLR", "BY", "USD"), ("BLZ", "BZ", "USD"),
        ("BMU", "BM", "USD"), ("BOL", "BO", "USD"), ("BRA", "BR", "BRL"), ("BRB", "BB", "USD"),
        ("BRN", "BN", "USD"), ("BTN", "BT", "USD"), ("BWA", "BW", "USD"), ("CAN", "CA", "CAD"),
        ("CHE", "CH", "CHF"), ("CHL", "CL", "CLP"), ("CHN", "CN", "CNY"), ("CIV", "CI", "USD"),
        ("CMR", "CM", "USD"), ("COD", "CD", "USD"), ("COG", "CG", "USD"), ("COL", "CO", "COP"),
        ("CPV", "CV", "USD"), ("CRI", "CR", "USD"), ("CYM", "KY", "USD"), ("CYP", "CY", "EUR"),
        ("CZE", "CZ", "CZK"), ("DEU", "DE", "EUR"), ("DMA", "DM", "USD"), ("DNK", "DK", "DKK"),
        ("DOM", "DO", "USD"), ("DZA", "DZ", "USD"), ("ECU", "EC", "USD"), ("EGY", "EG", "EGP"),
        ("ESP", "ES", "EUR"), ("EST", "EE", "EUR"), ("FIN", "FI", "EUR"), ("FJI", "FJ", "USD"),
        ("FRA", "FR", "EUR"), ("FSM", "FM", "USD"), ("GAB", "GA", "USD"), ("GBR", "GB", "GBP"),
        ("GEO", "GE", "USD"), ("GHA", "GH", "USD"), ("GMB", "GM", "USD"), ("GNB", "GW", "USD"),
        ("GRC", "GR", "EUR"), ("GRD", "GD", "USD"), ("GTM", "GT", "USD"), ("GUY", "GY", "USD"),
        ("HKG", "HK", "HKD"), ("HND", "HN", "USD"), ("HRV", "HR", "EUR"), ("HUN", "HU", "HUF"),
        ("IDN", "ID", "IDR"), ("IND", "IN", "INR"), ("IRL", "IE", "EUR"), ("IRQ", "IQ", "USD"),
        ("ISL", "IS", "USD"), ("ISR", "IL", "ILS"), ("ITA", "IT", "EUR"), ("JAM", "JM", "USD"),
        ("JOR", "JO", "USD"), ("JPN", "JP", "JPY"), ("KAZ", "KZ", "KZT"), ("KEN", "KE", "USD"),
        ("KGZ", "KG", "USD"), ("KHM", "KH", "USD"), ("KNA", "KN", "USD"), ("KOR", "KR", "KRW"),
        ("KWT", "KW", "USD"), ("LAO", "LA", "USD"), ("LBN", "LB", "USD"), ("LBR", "LR", "USD"),
        ("LBY", "LY", "USD"), ("LCA", "LC", "USD"), ("LKA", "LK", "USD"), ("LTU", "LT", "EUR"),
        ("LUX", "LU", "EUR"), ("LVA", "LV", "EUR"), ("MAC", "MO", "USD"), ("MAR", "MA", "USD"),
        ("MDA", "MD", "USD"), ("MDG", "MG", "USD"), ("MDV", "MV", "USD"), ("MEX", "MX", "MXN"),
        ("MKD", "MK", "USD"), ("MLI", "ML", "USD"), ("MLT", "MT", "EUR"), ("MMR", "MM", "USD"),
        ("MNE", "ME", "EUR"), ("MNG", "MN", "USD"), ("MOZ", "MZ", "USD"), ("MRT", "MR", "USD"),
        ("MSR", "MS", "USD"), ("MUS", "MU", "USD"), ("MWI", "MW", "USD"), ("MYS", "MY", "MYR"),
        ("NAM", "NA", "USD"), ("NER", "NE", "USD"), ("NGA", "NG", "NGN"), ("NIC", "NI", "USD"),
        ("NLD", "NL", "EUR"), ("NOR", "NO", "NOK"), ("NPL", "NP", "USD"), ("NRU", "NR", "USD"),
        ("NZL", "NZ", "NZD"), ("OMN", "OM", "USD"), ("PAK", "PK", "PKR"), ("PAN", "PA", "USD"),
        ("PER", "PE", "PEN"), ("PHL", "PH", "PHP"), ("PLW", "PW", "USD"), ("PNG", "PG", "USD"),
        ("POL", "PL", "PLN"), ("PRT", "PT", "EUR"), ("PRY", "PY", "USD"), ("QAT", "QA", "QAR"),
        ("ROU", "RO", "RON"), ("RUS", "RU", "RUB"), ("RWA", "RW", "USD"), ("SAU", "SA", "SAR"),
        ("SEN", "SN", "USD"), ("SGP", "SG", "SGD"), ("SLB", "SB", "USD"), ("SLE", "SL", "USD"),
        ("SLV", "SV", "USD"), ("SRB", "RS", "EUR"), ("STP", "ST", "USD"), ("SUR", "SR", "USD"),
        ("SVK", "SK", "EUR"), ("SVN", "SI", "EUR"), ("SWE", "SE", "SEK"), ("SWZ", "SZ", "USD"),
        ("SYC", "SC", "USD"), ("TCA", "TC", "USD"), ("TCD", "TD", "USD"), ("THA", "TH", "THB"),
        ("TJK", "TJ", "USD"), ("TKM", "TM", "USD"), ("TON", "TO", "USD"), ("TTO", "TT", "USD"),
        ("TUN", "TN", "USD"), ("TUR", "TR", "TRY"), ("TWN", "TW", "TWD"), ("TZA", "TZ", "TZS"),
        ("UGA", "UG", "USD"), ("UKR", "UA", "USD"), ("URY", "UY", "USD"), ("USA", "US", "USD"),
        ("UZB", "UZ", "USD"), ("VCT", "VC", "USD"), ("VEN", "VE", "USD"), ("VGB", "VG", "USD"),
        ("VNM", "VN", "VND"), ("VUT", "VU", "USD"), ("XKS", "XK", "EUR"), ("YEM", "YE", "USD"),
        ("ZAF", "ZA", "ZAR"), ("ZMB", "ZM", "USD"), ("ZWE", "ZW", "USD"),
    ]
}
