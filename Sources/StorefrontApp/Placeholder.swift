enum StorefrontAppPlaceholder {}
