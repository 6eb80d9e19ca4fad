/// The text of `storefront --help`.
enum Usage {
    static let text = """
    storefront — a terminal in-app-purchase store for testing and demos

    usage: storefront [options] [COMMAND]

    With no command in a terminal, opens the interactive storefront.

    shopping:
      products                       list products with prices and your status
      buy ID [--quantity N] [--simulate cancel|fail] [--offer OFFER_ID] [--no-finish]
             [--app-account-token UUID]
                                     buy a product (quantity only for consumables;
                                     --no-finish leaves the transaction unfinished)
      restore                        restore this account's purchases onto this device
      spend CREDIT [--amount N]      spend credits (default 1)
      entitlements                   what this account may use on this device
      transactions                   this account's transactions, newest first
      refund TRANSACTION_ID          refund a transaction and revoke what it granted

    purchases that wait:
      approve TX | decline TX        settle an Ask to Buy request
      resolve TX                     complete an interrupted purchase
      deliver-unfinished             deliver transactions left unfinished on this device

    subscriptions and store time:
      advance DURATION               move store time forward (P1M, P1W, PT2H, 3d, 2h, 30m)
      renew ID | expire ID           renew now / end now (a product or transaction id)
      cancel-renewal ID              turn auto-renew off (unsubscribes a free subscription)
      resume-renewal ID              turn auto-renew back on (buying the plan again does too)
      resolve-billing ID             end a billing problem: the subscription renews now

    settings:
      settings                       show this device's and the store's settings
      settings set purchases-allowed true|false        (this device)
      settings set next-purchase succeed|cancel|fail   (this device, next purchase only)
      settings set ask-to-buy|interrupted-purchases|billing-retry|grace-period true|false
      settings set environment Sandbox|Production|Xcode|LocalTesting
                                     the environment signed data names (default Sandbox)
      settings set time-rate RATE    real-time, month-every-hour, month-every-30-seconds,
                                     renewal-every-10-seconds, ... (see the README)
      settings set fail.OPERATION ERROR[:once]|none
                                     OPERATION: load-products, purchase, restore,
                                     verification, subscription-status
                                     ERROR: network, payment-invalid, payment-not-allowed,
                                     product-unavailable, verification-failed, system-error,
                                     not-entitled, user-cancelled, unknown

    files:
      reset-device                   forget this device's deliveries and device credits
      verify [--expect-sequence N]   check the entitlements file's integrity and print its head
      repair                         keep a damaged entitlements file's intact lines, move the rest aside
      certificate [--der]            print the root certificate that checks signed data (PEM,
                                     or DER with --der): give it to Apple's SignedDataVerifier
      app-transaction                print this account's signed app transaction on this device
      verify-transaction JWS|TRANSACTION_ID
                                     check a signed transaction's chain, signature and state now
                                     (exit 0 valid; 1 revoked, expired, untrusted chain,
                                     signature invalid or another app's; 3 malformed or
                                     certificate authority problem)
      catalog lint PATH              check a catalog or .storekit file, list every problem
                                     (PATH may also be given as --catalog PATH)
      catalog convert PATH           print a catalog (or .storekit file) in Storefront's format

    options (before or after the command):
      --catalog PATH                 a catalog or Xcode .storekit file, or a built-in one by name
                                     (Rage, SpaceShooter, Magazine; default: Rage)
      --entitlements PATH            the entitlements file (default: $STOREFRONT_ENTITLEMENTS,
                                     else $XDG_DATA_HOME/storefront/entitlements.jsonl,
                                     else $HOME/.local/share/storefront/entitlements.jsonl)
      --account NAME                 the buying account (default: tester)
      --device NAME                  the device (default: default)
      --locale ID                    e.g. de_DE (default: a .storekit file's _locale, else LC_ALL,
                                     LC_MESSAGES, LANG, else en_US; an unknown one is skipped
                                     with a warning)
      --storefront CODE              e.g. DEU (default: the locale's country if sold there)
      --json                         machine-readable output
      --help, --version

    exit status: 0 done, 1 refused or not completed, 2 usage, 3 data problem
    """
}
