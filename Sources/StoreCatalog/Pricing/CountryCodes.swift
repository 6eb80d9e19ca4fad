/// The App Store storefronts: ISO 3166-1 alpha-3 ↔ alpha-2, the currency each one charges in, and
/// the App Store's numeric id of each (`storefrontId` in signed transactions, `SKStorefront.identifier`).
///
/// Apple sells in 175 countries and regions but charges in only 44 currencies: many storefronts
/// (Argentina, Iceland, Kenya, Ukraine, ...) are billed in US dollars, and the euro is used in some
/// countries outside the euro area (Bosnia and Herzegovina, Montenegro, Serbia, Kosovo). Bulgaria
/// joined the euro on 1 January 2026. Kosovo has no ISO code; Apple writes `XKS` (alpha-2 `XK`).
public enum CountryCodes {
    /// One storefront: its two country codes, the currency the App Store charges there, and the
    /// App Store's numeric id of it.
    public struct Entry: Sendable, Equatable {
        public var alpha3: String
        public var alpha2: String
        public var currency: String
        public var storefrontID: String
    }

    /// Every App Store storefront, by alpha-3 code.
    public static let entries: [Entry] = rows.map { Entry(alpha3: $0.0, alpha2: $0.1, currency: $0.2, storefrontID: $0.3) }

    static let table: [String: (alpha2: String, currency: String, storefrontID: String)] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.alpha3, (alpha2: $0.alpha2, currency: $0.currency, storefrontID: $0.storefrontID)) })

    private static let byAlpha2: [String: String] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.alpha2, $0.alpha3) })

    public static func alpha3(forAlpha2 code: String) -> String? { byAlpha2[code.uppercased()] }

    public static func alpha2(forAlpha3 code: String) -> String? { table[code.uppercased()]?.alpha2 }

    /// The currency a storefront charges in, e.g. JPN → JPY, CHN → CNY, ARG → USD.
    public static func currency(forStorefront code: String) -> String? { table[code.uppercased()]?.currency }

    /// The App Store's numeric id of a storefront, e.g. USA → 143441, NOR → 143457.
    public static func storefrontID(forStorefront code: String) -> String? { table[code.uppercased()]?.storefrontID }

    /// True when `code` (alpha-3) is an App Store storefront.
    public static func isStorefront(_ code: String) -> Bool { table[code.uppercased()] != nil }

    private static let rows: [(String, String, String, String)] = [
        ("AFG", "AF", "USD", "143610"), ("AGO", "AO", "USD", "143564"), ("AIA", "AI", "USD", "143538"),
        ("ALB", "AL", "USD", "143575"), ("ARE", "AE", "AED", "143481"), ("ARG", "AR", "USD", "143505"),
        ("ARM", "AM", "USD", "143524"), ("ATG", "AG", "USD", "143540"), ("AUS", "AU", "AUD", "143460"),
        ("AUT", "AT", "EUR", "143445"), ("AZE", "AZ", "USD", "143568"), ("BEL", "BE", "EUR", "143446"),
        ("BEN", "BJ", "USD", "143576"), ("BFA", "BF", "USD", "143578"), ("BGR", "BG", "EUR", "143526"),
        ("BHR", "BH", "USD", "143559"), ("BHS", "BS", "USD", "143539"), ("BIH", "BA", "EUR", "143612"),
        ("BLR", "BY", "USD", "143565"), ("BLZ", "BZ", "USD", "143555"), ("BMU", "BM", "USD", "143542"),
        ("BOL", "BO", "USD", "143556"), ("BRA", "BR", "BRL", "143503"), ("BRB", "BB", "USD", "143541"),
        ("BRN", "BN", "USD", "143560"), ("BTN", "BT", "USD", "143577"), ("BWA", "BW", "USD", "143525"),
        ("CAN", "CA", "CAD", "143455"), ("CHE", "CH", "CHF", "143459"), ("CHL", "CL", "CLP", "143483"),
        ("CHN", "CN", "CNY", "143465"), ("CIV", "CI", "USD", "143527"), ("CMR", "CM", "USD", "143574"),
        ("COD", "CD", "USD", "143613"), ("COG", "CG", "USD", "143582"), ("COL", "CO", "COP", "143501"),
        ("CPV", "CV", "USD", "143580"), ("CRI", "CR", "USD", "143495"), ("CYM", "KY", "USD", "143544"),
        ("CYP", "CY", "EUR", "143557"), ("CZE", "CZ", "CZK", "143489"), ("DEU", "DE", "EUR", "143443"),
        ("DMA", "DM", "USD", "143545"), ("DNK", "DK", "DKK", "143458"), ("DOM", "DO", "USD", "143508"),
        ("DZA", "DZ", "USD", "143563"), ("ECU", "EC", "USD", "143509"), ("EGY", "EG", "EGP", "143516"),
        ("ESP", "ES", "EUR", "143454"), ("EST", "EE", "EUR", "143518"), ("FIN", "FI", "EUR", "143447"),
        ("FJI", "FJ", "USD", "143583"), ("FRA", "FR", "EUR", "143442"), ("FSM", "FM", "USD", "143591"),
        ("GAB", "GA", "USD", "143614"), ("GBR", "GB", "GBP", "143444"), ("GEO", "GE", "USD", "143615"),
        ("GHA", "GH", "USD", "143573"), ("GMB", "GM", "USD", "143584"), ("GNB", "GW", "USD", "143585"),
        ("GRC", "GR", "EUR", "143448"), ("GRD", "GD", "USD", "143546"), ("GTM", "GT", "USD", "143504"),
        ("GUY", "GY", "USD", "143553"), ("HKG", "HK", "HKD", "143463"), ("HND", "HN", "USD", "143510"),
        ("HRV", "HR", "EUR", "143494"), ("HUN", "HU", "HUF", "143482"), ("IDN", "ID", "IDR", "143476"),
        ("IND", "IN", "INR", "143467"), ("IRL", "IE", "EUR", "143449"), ("IRQ", "IQ", "USD", "143617"),
        ("ISL", "IS", "USD", "143558"), ("ISR", "IL", "ILS", "143491"), ("ITA", "IT", "EUR", "143450"),
        ("JAM", "JM", "USD", "143511"), ("JOR", "JO", "USD", "143528"), ("JPN", "JP", "JPY", "143462"),
        ("KAZ", "KZ", "KZT", "143517"), ("KEN", "KE", "USD", "143529"), ("KGZ", "KG", "USD", "143586"),
        ("KHM", "KH", "USD", "143579"), ("KNA", "KN", "USD", "143548"), ("KOR", "KR", "KRW", "143466"),
        ("KWT", "KW", "USD", "143493"), ("LAO", "LA", "USD", "143587"), ("LBN", "LB", "USD", "143497"),
        ("LBR", "LR", "USD", "143588"), ("LBY", "LY", "USD", "143567"), ("LCA", "LC", "USD", "143549"),
        ("LKA", "LK", "USD", "143486"), ("LTU", "LT", "EUR", "143520"), ("LUX", "LU", "EUR", "143451"),
        ("LVA", "LV", "EUR", "143519"), ("MAC", "MO", "USD", "143515"), ("MAR", "MA", "USD", "143620"),
        ("MDA", "MD", "USD", "143523"), ("MDG", "MG", "USD", "143531"), ("MDV", "MV", "USD", "143488"),
        ("MEX", "MX", "MXN", "143468"), ("MKD", "MK", "USD", "143530"), ("MLI", "ML", "USD", "143532"),
        ("MLT", "MT", "EUR", "143521"), ("MMR", "MM", "USD", "143570"), ("MNE", "ME", "EUR", "143619"),
        ("MNG", "MN", "USD", "143592"), ("MOZ", "MZ", "USD", "143593"), ("MRT", "MR", "USD", "143590"),
        ("MSR", "MS", "USD", "143547"), ("MUS", "MU", "USD", "143533"), ("MWI", "MW", "USD", "143589"),
        ("MYS", "MY", "MYR", "143473"), ("NAM", "NA", "USD", "143594"), ("NER", "NE", "USD", "143534"),
        ("NGA", "NG", "NGN", "143561"), ("NIC", "NI", "USD", "143512"), ("NLD", "NL", "EUR", "143452"),
        ("NOR", "NO", "NOK", "143457"), ("NPL", "NP", "USD", "143484"), ("NRU", "NR", "USD", "143606"),
        ("NZL", "NZ", "NZD", "143461"), ("OMN", "OM", "USD", "143562"), ("PAK", "PK", "PKR", "143477"),
        ("PAN", "PA", "USD", "143485"), ("PER", "PE", "PEN", "143507"), ("PHL", "PH", "PHP", "143474"),
        ("PLW", "PW", "USD", "143595"), ("PNG", "PG", "USD", "143597"), ("POL", "PL", "PLN", "143478"),
        ("PRT", "PT", "EUR", "143453"), ("PRY", "PY", "USD", "143513"), ("QAT", "QA", "QAR", "143498"),
        ("ROU", "RO", "RON", "143487"), ("RUS", "RU", "RUB", "143469"), ("RWA", "RW", "USD", "143621"),
        ("SAU", "SA", "SAR", "143479"), ("SEN", "SN", "USD", "143535"), ("SGP", "SG", "SGD", "143464"),
        ("SLB", "SB", "USD", "143601"), ("SLE", "SL", "USD", "143600"), ("SLV", "SV", "USD", "143506"),
        ("SRB", "RS", "EUR", "143500"), ("STP", "ST", "USD", "143598"), ("SUR", "SR", "USD", "143554"),
        ("SVK", "SK", "EUR", "143496"), ("SVN", "SI", "EUR", "143499"), ("SWE", "SE", "SEK", "143456"),
        ("SWZ", "SZ", "USD", "143602"), ("SYC", "SC", "USD", "143599"), ("TCA", "TC", "USD", "143552"),
        ("TCD", "TD", "USD", "143581"), ("THA", "TH", "THB", "143475"), ("TJK", "TJ", "USD", "143603"),
        ("TKM", "TM", "USD", "143604"), ("TON", "TO", "USD", "143608"), ("TTO", "TT", "USD", "143551"),
        ("TUN", "TN", "USD", "143536"), ("TUR", "TR", "TRY", "143480"), ("TWN", "TW", "TWD", "143470"),
        ("TZA", "TZ", "TZS", "143572"), ("UGA", "UG", "USD", "143537"), ("UKR", "UA", "USD", "143492"),
        ("URY", "UY", "USD", "143514"), ("USA", "US", "USD", "143441"), ("UZB", "UZ", "USD", "143566"),
        ("VCT", "VC", "USD", "143550"), ("VEN", "VE", "USD", "143502"), ("VGB", "VG", "USD", "143543"),
        ("VNM", "VN", "VND", "143471"), ("VUT", "VU", "USD", "143609"), ("XKS", "XK", "EUR", "143624"),
        ("YEM", "YE", "USD", "143571"), ("ZAF", "ZA", "ZAR", "143472"), ("ZMB", "ZM", "USD", "143622"),
        ("ZWE", "ZW", "USD", "143605"),
    ]
}
