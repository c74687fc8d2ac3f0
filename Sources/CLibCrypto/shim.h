// OpenSSL's libcrypto, used only by VaultCrypto for the payload's ChaCha20-Poly1305 bulk
// work (its assembly is ~3.5x libsodium 1.0.18's on CPUs without AVX2), and for HMAC-SHA1,
// which libsodium lacks (TOTP codes).
#include <openssl/evp.h>
#include <openssl/crypto.h>
#include <openssl/hmac.h>
