/// The text of `storefront --help`.
enum Usage {
    static let text = """
    storefront — a terminal in-app-purchase store for testing and demos

    usage: storefront [options] [COMMAND]

    With no command in a terminal, opens the interactive storefront.

    commands:
      products                       list products with prices and your status
      buy ID [--quantity N] [--simulate cancel|fail]
                                     buy a product (quantity only for consumables)
      restore                        restore this account's purchases onto this device
      spend CREDIT [--amount N]      spend credits (default 1)
      entitlements                   what this account may use on this device
      transactions                   this account's transactions, newest first
      refund TRANSACTION_ID          refund a transaction and revoke what it granted
      settings                       show this device's settings
      settings set purchases-allowed true|false
      settings set next-purchase succeed|cancel|fail
                                     force the outcome of the next purchase on this device
      reset-device                   forget this device's deliveries and device credits
      verify                         check the entitlements file's integrity
      public-key                     print the public key that checks signed transactions (PEM)
      verify-transaction JWS|TRANSACTION_ID
                                     check a signed transaction's signature and its state now
                                     (exit 0 valid; 1 revoked, expired or signature invalid;
                                     3 malformed or signing key problem)
      catalog lint PATH              check a catalog and list every problem

    options (before or after the command):
      --catalog PATH                 a catalog file (default: the built-in Rage catalog)
      --entitlements PATH            the entitlements file (default: $STOREFRONT_ENTITLEMENTS,
                                     else $XDG_DATA_HOME/storefront/entitlements.jsonl)
      --account NAME                 the buying account (default: tester)
      --device NAME                  the device (default: default)
      --locale ID                    e.g. de_DE (default: LC_ALL, LC_MESSAGES, LANG, else en_US)
      --storefront CODE              e.g. DEU (default: the locale's country if sold there)
      --json                         machine-readable output
      --help, --version

    exit status: 0 done, 1 refused or not completed, 2 usage, 3 data problem
    """
}
