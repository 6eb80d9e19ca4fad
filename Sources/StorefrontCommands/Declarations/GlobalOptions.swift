import StoreCatalog
import StoreEngine
import StorefrontText

/// The options every command takes, before or after its name, declared once.
public enum GlobalOptions {
    public static let declarations: [OptionDeclaration] = [
        OptionDeclaration(name: "catalog", placeholder: "PATH", summary: CommandHelpText.Option.catalog,
                          completion: .fileOrWords(CatalogLoader.bundledNames)),
        OptionDeclaration(name: "entitlements", placeholder: "PATH", summary: CommandHelpText.Option.entitlements,
                          completion: .file),
        OptionDeclaration(name: "store", placeholder: "URL", summary: CommandHelpText.Option.store, completion: .file),
        OptionDeclaration(name: "account", placeholder: "NAME", summary: CommandHelpText.Option.account,
                          completion: .dynamic(.accounts)),
        OptionDeclaration(name: "device", placeholder: "NAME", summary: CommandHelpText.Option.device,
                          completion: .dynamic(.devices)),
        OptionDeclaration(name: "locale", placeholder: "ID", summary: CommandHelpText.Option.locale),
        OptionDeclaration(name: "storefront", placeholder: "CODE", summary: CommandHelpText.Option.storefront),
        OptionDeclaration(name: "json", placeholder: nil, summary: CommandHelpText.Option.json),
        OptionDeclaration(name: "help", placeholder: nil, summary: CommandHelpText.Option.help),
        OptionDeclaration(name: "version", placeholder: nil, summary: CommandHelpText.Option.version),
    ]

    /// The global option named `name` (without dashes), if there is one.
    public static func option(named name: String) -> OptionDeclaration? {
        declarations.first { $0.name == name }
    }
}
