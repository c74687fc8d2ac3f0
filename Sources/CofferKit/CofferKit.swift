// CofferKit: the library other Swift programs embed. One import brings the property-list
// codec, the container, the item model and the converters; the types in this module join
// them (a document with its attachments' bytes ⇄ a vault's records and blobs).
@_exported import Converters
@_exported import PropertyList
@_exported import VaultCrypto
@_exported import VaultFormat
@_exported import VaultModel
