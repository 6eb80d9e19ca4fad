import CCrypto
enum StoreEnginePlaceholder {}
