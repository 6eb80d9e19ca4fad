/// A count and the program's own English noun in the right number: "1 storefront",
/// "3 storefronts". Only for words the program owns; catalog names are shown as written.
public enum EnglishCount {
    public static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
