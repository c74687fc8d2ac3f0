#!/usr/bin/env python3
"""A second reader of Coffer vault files, written from spec/FORMAT.md alone.

It shares no code and no cryptographic library with Coffer: BLAKE2b comes from Python's
hashlib, ChaCha20-Poly1305, X25519 and Argon2id from the `cryptography` package (44 or
newer), HChaCha20 is written out below, and bplist00 is read by plistlib. Its purpose is
to prove that the spec is enough to read a vault: tests run it over every vector of
samples/testkit/ and over vaults the `coffer` tool writes.

    coffer_read.py VAULT (--passphrase-file F | --key-file F | --identity F) [--dump]
    coffer_read.py --testkit DIR

A vault's class (spec §8) is printed, then for an opened vault the SHA-256 of its payload
plaintext, its record and blob counts, and with --dump its records as an XML plist. The
exit code is the one `coffer` uses for that class.
"""

import argparse
import base64
import hashlib
import os
import plistlib
import struct
import sys

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

MAGIC = b"COFFER\x1a\n"
FIXED_HEADER = 72
TRAILER = 64  # checksum + MAC
MAX_HEADER = 131_072
CHUNK_PLAIN = 65_536
TAG = 16
CHUNK_SEALED = CHUNK_PLAIN + TAG
FRAME = 8

EXIT_CODES = {
    "success": 0,
    "not a coffer file": 10,
    "unsupported version": 11,
    "header failure": 12,
    "kdf bounds": 13,
    "no match": 14,
    "hmac failure": 15,
    "payload failure": 16,
    "truncated": 17,
    "trailing data": 18,
}


class Refused(Exception):
    """The vault is refused with one of the classes of spec §8."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


def blake2b256(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).digest()


def kdf_subkey(key, subkey_id, context):
    """libsodium's crypto_kdf_derive_from_key: keyed BLAKE2b, salt = id (u64 LE), person = context."""
    return hashlib.blake2b(
        b"", digest_size=32, key=key, salt=struct.pack("<Q", subkey_id), person=context
    ).digest()


def hchacha20(key, nonce16):
    def rotl(v, n):
        return ((v << n) & 0xFFFFFFFF) | (v >> (32 - n))

    s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    s += list(struct.unpack("<8I", key)) + list(struct.unpack("<4I", nonce16))

    def quarter(a, b, c, d):
        s[a] = (s[a] + s[b]) & 0xFFFFFFFF; s[d] = rotl(s[d] ^ s[a], 16)
        s[c] = (s[c] + s[d]) & 0xFFFFFFFF; s[b] = rotl(s[b] ^ s[c], 12)
        s[a] = (s[a] + s[b]) & 0xFFFFFFFF; s[d] = rotl(s[d] ^ s[a], 8)
        s[c] = (s[c] + s[d]) & 0xFFFFFFFF; s[b] = rotl(s[b] ^ s[c], 7)

    for _ in range(10):
        quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15)
        quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14)
    return struct.pack("<8I", *(s[0:4] + s[12:16]))


def xchacha20poly1305_open(key, nonce24, sealed, associated):
    subkey = hchacha20(key, nonce24[:16])
    return ChaCha20Poly1305(subkey).decrypt(b"\0\0\0\0" + nonce24[16:], sealed, associated)


class Reader:
    """Reads a vault's bytes in the order of spec §1, stopping at the first failure."""

    def __init__(self, data, ram_bytes):
        self.data = data
        self.ram_bytes = ram_bytes

    # §1 steps 1–6: no key needed.
    def parse_header(self):
        data = self.data
        if len(data) < len(MAGIC):
            if MAGIC.startswith(data):
                raise Refused("truncated", f"the file ends inside the magic ({len(data)} bytes)")
            raise Refused("not a coffer file", "shorter than the magic and not a start of it")
        if data[:8] != MAGIC:
            raise Refused("not a coffer file", "magic mismatch")
        if len(data) < 20:
            raise Refused("truncated", "the file ends inside the 20-byte prefix")
        if blake2b256(data[:16])[:4] != data[16:20]:
            raise Refused("header failure", "prefix check mismatch at offset 16")
        self.major, self.minor, n = struct.unpack_from("<HHI", data, 8)
        if self.major != 1:
            raise Refused("unsupported version", f"major version {self.major}")
        if not FIXED_HEADER + TRAILER <= n <= MAX_HEADER:
            raise Refused("header failure", f"header length {n} out of bounds")
        if len(data) < n:
            raise Refused("truncated", f"header of {n} bytes, file of {len(data)}")
        header = data[:n]
        self.header = header
        if blake2b256(header[: n - 64]) != header[n - 64 : n - 32]:
            raise Refused("header failure", f"checksum mismatch at offset {n - 64}")
        self.parse_fields(header, n)
        total = n + self.payload_length
        if len(data) < total:
            raise Refused("truncated", f"file of {len(data)} bytes, header + payload need {total}")
        if len(data) > total:
            raise Refused("trailing data", f"{len(data) - total} bytes after the payload at offset {total}")

    def parse_fields(self, header, n):
        cipher, slot_count, extension_count = struct.unpack_from("<BBH", header, 20)
        self.cipher = cipher
        self.generation, self.payload_length = struct.unpack_from("<QQ", header, 24)
        self.salt = header[40:72]
        if cipher != 1:
            raise Refused("header failure", f"cipher {cipher} is undefined")
        if not 1 <= slot_count <= 32:
            raise Refused("header failure", f"{slot_count} keyslots")
        if extension_count > 16:
            raise Refused("header failure", f"{extension_count} extensions")
        if self.generation < 1:
            raise Refused("header failure", "generation 0")
        self.chunk_count = chunk_count(self.payload_length)
        end = n - TRAILER
        at = FIXED_HEADER
        self.slots = []
        for index in range(slot_count):
            slot, at = self.parse_slot(header, at, end, index)
            self.slots.append(slot)
        previous = -1
        for _ in range(extension_count):
            if at + 4 > end:
                raise Refused("header failure", f"extension runs past the header at offset {at}")
            kind, length = struct.unpack_from("<HH", header, at)
            if length > 4096 or at + 4 + length > end:
                raise Refused("header failure", f"extension of {length} bytes at offset {at}")
            if kind <= previous:
                raise Refused("header failure", f"extension type {kind:#06x} out of order at offset {at}")
            if kind & 0x8000:
                raise Refused("unsupported version", f"unknown critical extension {kind:#06x}")
            previous = kind
            at += 4 + length
        if at != end:
            raise Refused("header failure", f"{end - at} bytes after the last extension at offset {at}")

    def parse_slot(self, header, at, end, index):
        def take(count):
            nonlocal at
            if at + count > end:
                raise Refused("header failure", f"keyslot {index} runs past the header at offset {at}")
            piece = header[at : at + count]
            at += count
            return piece

        start = at
        kind, label_length = take(2)
        if kind not in (1, 2, 3):
            raise Refused("header failure", f"keyslot {index} has unknown type {kind}")
        if label_length > 64:
            raise Refused("header failure", f"keyslot {index} label of {label_length} bytes")
        label_bytes = take(label_length)
        try:
            label = label_bytes.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("header failure", f"keyslot {index} label is not UTF-8")
        if any(ord(c) < 0x20 or ord(c) == 0x7F for c in label):
            raise Refused("header failure", f"keyslot {index} label has a control character")
        slot = {"type": kind, "label": label}
        if kind == 1:
            slot["salt"] = take(16)
            slot["passes"], slot["kib"] = struct.unpack("<II", take(8))
            if not 1 <= slot["passes"] <= 16 or not 8192 <= slot["kib"] <= 4_194_304:
                raise Refused("kdf bounds", f"keyslot {index}: {slot['passes']} passes, {slot['kib']} KiB")
            if slot["kib"] * 1024 > self.ram_bytes // 2:
                raise Refused("kdf bounds", f"keyslot {index}: {slot['kib']} KiB is over half this machine's RAM")
        elif kind == 2:
            slot["salt"] = take(16)
        else:
            slot["ephemeral"] = take(32)
        # The slot encoding's version 1.0, not the header's minor (spec §3).
        slot["associated"] = MAGIC + struct.pack("<HH", 1, 0) + header[start:at]
        slot["nonce"] = take(24)
        slot["wrapped"] = take(48)
        return slot, at

    # §1 steps 7–8.
    def unlock(self, passphrase=None, key_file=None, identity=None):
        for slot in self.slots:
            kek = None
            if slot["type"] == 1 and passphrase is not None:
                kek = Argon2id(
                    salt=slot["salt"], length=32, iterations=slot["passes"], lanes=1, memory_cost=slot["kib"]
                ).derive(passphrase)
            elif slot["type"] == 2 and key_file is not None:
                kek = blake2b256(b"coffer key file v1" + key_file, key=slot["salt"])
            elif slot["type"] == 3 and identity is not None:
                secret = X25519PrivateKey.from_private_bytes(identity)
                ours = secret.public_key().public_bytes_raw()
                try:
                    shared = secret.exchange(X25519PublicKey.from_public_bytes(slot["ephemeral"]))
                except ValueError:  # all-zero shared secret: a low-order point
                    continue
                if shared == bytes(32):
                    continue
                kek = blake2b256(b"coffer x25519 v1" + slot["ephemeral"] + ours, key=shared)
            if kek is None:
                continue
            try:
                file_key = xchacha20poly1305_open(kek, slot["nonce"], slot["wrapped"], slot["associated"])
            except InvalidTag:
                continue
            n = len(self.header)
            mac_key = kdf_subkey(file_key, 1, b"CofferV1")
            if blake2b256(self.header[: n - 32], key=mac_key) != self.header[n - 32 :]:
                raise Refused("hmac failure", f"slot {slot['label']!r} opened but the header MAC at offset {n - 32} fails")
            return file_key
        raise Refused("no match", "no keyslot opens with the given key")

    # §1 step 9 and §6.
    def open_payload(self, file_key):
        base = kdf_subkey(file_key, 2, b"CofferV1")
        aead = ChaCha20Poly1305(blake2b256(b"coffer payload v1" + self.salt, key=base))
        binding = blake2b256(
            b"coffer chunk binding v1" + MAGIC
            + struct.pack("<HHBQQ", self.major, self.minor, self.cipher, self.generation, self.payload_length)
            + self.salt
        )
        start = len(self.header)
        chunks = []
        for index in range(self.chunk_count):
            offset = start + index * CHUNK_SEALED
            sealed = self.data[offset : min(offset + CHUNK_SEALED, start + self.payload_length)]
            final = index == self.chunk_count - 1
            nonce = index.to_bytes(11, "big") + (b"\x01" if final else b"\x00")
            try:
                chunks.append(aead.decrypt(nonce, sealed, binding))
            except InvalidTag:
                raise Refused(
                    "payload failure",
                    f"chunk {index} (file bytes {offset}..<{offset + len(sealed)}) fails authentication",
                )
        return chunks


def chunk_count(payload_length):
    """Spec §4: full chunks, then a last of 16…65,552 bytes (16 only when it is the only one)."""
    full, rest = divmod(payload_length, CHUNK_SEALED)
    if rest == 0 and full > 0:
        return full
    if rest < TAG or (rest == TAG and full > 0):
        raise Refused("header failure", f"payload length {payload_length} is not a chunk sequence")
    return full + 1


class Payload:
    """Spec §6: frames, regions, the index, records and blobs, each checked."""

    def __init__(self, chunks):
        self.chunks = chunks

    def frame(self, index, kind):
        plain = self.chunks[index]
        if len(plain) < FRAME:
            raise Refused("payload failure", f"chunk {index} is shorter than its frame")
        if plain[0] != kind or plain[1:4] != b"\0\0\0":
            raise Refused("payload failure", f"chunk {index}: frame kind {plain[0]}, expected {kind}")
        return struct.unpack_from("<I", plain, 4)[0], plain[FRAME:]

    def region(self, first, count, kind):
        """The body stream of chunks first..<first+count (each must be of `kind`), with each
        chunk's continuation field and body length, for `check_continuation_fields`."""
        if count < 1 or first < 0 or first + count > len(self.chunks):
            raise Refused("payload failure", f"region [{first}, {count}] outside {len(self.chunks)} chunks")
        bodies, continuations = [], []
        for index in range(first, first + count):
            continuation, body = self.frame(index, kind)
            continuations.append(continuation)
            bodies.append(body)
        return b"".join(bodies), continuations, [len(b) for b in bodies]

    def read(self):
        stream, continuations, lengths = self.region(0, 1, 1)
        if len(stream) < 4:
            raise Refused("payload failure", "records region too short for the index length")
        index_length = struct.unpack_from("<I", stream, 0)[0]
        # The index names the records region's extent; read the first chunk's stream until we know it.
        needed = 4 + index_length
        chunks_for_index = 1
        while len(stream) < needed and chunks_for_index < len(self.chunks):
            chunks_for_index += 1
            stream, continuations, lengths = self.region(0, chunks_for_index, 1)
        index = parse_plist(stream[4:needed], "the index")
        if not isinstance(index, dict) or index.get("format") != 1:
            raise Refused("payload failure", "the index is not a format-1 dictionary")
        record_count = index.get("recordCount")
        if not isinstance(record_count, int) or record_count < 0:
            raise Refused("payload failure", "the index's recordCount is not a count")
        first, count = checked_pair(index.get("records"), "records")
        if first != 0:
            raise Refused("payload failure", "the records region does not start at chunk 0")
        stream, continuations, lengths = self.region(first, count, 1)
        at, records, item_ends = needed, [], [needed]
        while len(records) < record_count:
            if at + 4 > len(stream):
                raise Refused("payload failure", f"record {len(records)} length runs past the region")
            length = struct.unpack_from("<I", stream, at)[0]
            if length < 1 or at + 4 + length > len(stream):
                raise Refused("payload failure", f"record {len(records)} of {length} bytes runs past the region")
            records.append(parse_plist(stream[at + 4 : at + 4 + length], f"record {len(records)}"))
            at += 4 + length
            item_ends.append(at)
        if any(stream[at:]):
            raise Refused("payload failure", "non-zero bytes after the last record")
        self.check_continuation_fields(first, continuations, lengths, item_ends)
        used = count
        blobs = {}
        for number, entry in enumerate(index.get("blobs", [])):
            blob_id, length = entry.get("id"), entry.get("length")
            first, count = checked_pair(entry.get("region"), f"blob {number} region")
            if first != used:
                raise Refused("payload failure", f"blob {number} region starts at chunk {first}, expected {used}")
            stream, continuations, lengths = self.region(first, count, 2)
            if stream[:16] != blob_id or struct.unpack_from("<Q", stream, 16)[0] != length:
                raise Refused("payload failure", f"blob {number}: id or length differ from the index")
            if 24 + length > len(stream) or any(stream[24 + length :]):
                raise Refused("payload failure", f"blob {number}: body does not end as the index says")
            self.check_continuation_fields(first, continuations, lengths, [24 + length])
            blobs[bytes(blob_id)] = stream[24 : 24 + length]
            used += count
        for index_of_chunk in range(used, len(self.chunks)):
            continuation, body = self.frame(index_of_chunk, 0)
            if continuation or any(body):
                raise Refused("payload failure", f"padding chunk {index_of_chunk} is not all zero")
        return records, blobs

    @staticmethod
    def check_continuation_fields(first, continuations, lengths, item_ends):
        """Each chunk's continuation = how many bytes at the start of its body finish an item
        (the index, a record or a blob, each with its length prefix) begun in an earlier chunk."""
        starts = [0] + item_ends[:-1]
        boundary = 0
        for i, (continuation, length) in enumerate(zip(continuations, lengths)):
            expected = 0
            for start, end in zip(starts, item_ends):
                if start < boundary < end:
                    expected = min(end, boundary + length) - boundary
                    break
            if continuation != expected:
                raise Refused(
                    "payload failure", f"chunk {first + i}: continuation {continuation}, expected {expected}"
                )
            boundary += length


def checked_pair(value, what):
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise Refused("payload failure", f"the index's {what} is not [firstChunk, chunkCount]")
    return value


def parse_plist(data, what):
    if not data.startswith(b"bplist00"):
        raise Refused("payload failure", f"{what} is not a bplist00 value")
    try:
        return plistlib.loads(data, fmt=plistlib.FMT_BINARY)
    except Exception as error:  # plistlib raises several types for malformed input
        raise Refused("payload failure", f"{what} does not parse: {error}")


def machine_ram():
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def read_vault(data, passphrase=None, key_file=None, identity=None):
    """(class, detail, payload SHA-256 or None, records, blobs)."""
    reader = Reader(data, machine_ram())
    try:
        reader.parse_header()
        file_key = reader.unlock(passphrase, key_file, identity)
        chunks = reader.open_payload(file_key)
        digest = hashlib.sha256(b"".join(chunks)).hexdigest()
        records, blobs = Payload(chunks).read()
        return "success", "", digest, records, blobs
    except Refused as refusal:
        return refusal.kind, str(refusal), None, None, None


def parse_vector(raw):
    text, _, body = raw.partition(b"\n\n")
    fields = {}
    for line in text.decode("utf-8").split("\n"):
        key, _, value = line.partition(": ")
        fields[key] = value
    return fields, body


def run_testkit(directory):
    names = sorted(n for n in os.listdir(directory) if n != "README.md")
    failures = 0
    for name in names:
        with open(os.path.join(directory, name), "rb") as f:
            fields, body = parse_vector(f.read())
        kind, detail, digest, _, _ = read_vault(
            body,
            passphrase=fields["passphrase"].encode() if "passphrase" in fields else None,
            key_file=bytes.fromhex(fields["key file"]) if "key file" in fields else None,
            identity=bytes.fromhex(fields["identity"]) if "identity" in fields else None,
        )
        ok = kind == fields["expect"] and (kind != "success" or digest == fields.get("payload"))
        if not ok:
            failures += 1
            print(f"FAIL {name}: expected {fields['expect']}, got {kind} {detail} {digest or ''}")
    print(f"{len(names) - failures}/{len(names)} vectors as expected")
    return 0 if failures == 0 else 1


BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def bech32_decode(text):
    """(hrp, data bytes) of a BIP 173 string, as age writes its keys (spec §10)."""
    if text.lower() != text and text.upper() != text:
        raise ValueError("mixed case")
    text = text.lower()
    hrp, _, rest = text.rpartition("1")
    values = [BECH32.index(c) for c in rest]
    check = 1
    for v in [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp] + values:
        top, check = check >> 25, (check & 0x1FFFFFF) << 5 ^ v
        for i, g in enumerate([0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]):
            check ^= g if (top >> i) & 1 else 0
    if not hrp or len(values) < 6 or check != 1:
        raise ValueError("bad bech32 checksum")
    bits = "".join(f"{v:05b}" for v in values[:-6])
    if len(bits) % 8 >= 5 or "1" in bits[len(bits) - len(bits) % 8 :]:
        raise ValueError("bad bech32 padding")
    return hrp, bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits) - len(bits) % 8, 8))


def read_identity(path):
    """An identity file: comment lines, then `coffer-identity-v1:` and the base64 secret, or
    an age identity `AGE-SECRET-KEY-1…`."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("coffer-identity-v1:"):
                return base64.b64decode(line.split(":", 1)[1].strip(), validate=True)
            if line.startswith("AGE-SECRET-KEY-1"):
                hrp, secret = bech32_decode(line.strip())
                if hrp == "age-secret-key-" and len(secret) == 32:
                    return secret
    sys.exit(f"{path}: no coffer-identity-v1 or AGE-SECRET-KEY-1 line")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("vault", nargs="?")
    parser.add_argument("--passphrase-file")
    parser.add_argument("--key-file")
    parser.add_argument("--identity")
    parser.add_argument("--dump", action="store_true", help="print the records as an XML plist")
    parser.add_argument("--testkit", metavar="DIR")
    args = parser.parse_args()
    if args.testkit:
        return run_testkit(args.testkit)
    if not args.vault:
        parser.error("a vault or --testkit DIR")
    with open(args.vault, "rb") as f:
        data = f.read()
    passphrase = key_file = identity = None
    if args.passphrase_file:
        with open(args.passphrase_file, "rb") as f:
            passphrase = f.read().replace(b"\r", b"\n").split(b"\n")[0]  # spec §10
    if args.key_file:
        with open(args.key_file, "rb") as f:
            key_file = f.read()
    if args.identity:
        identity = read_identity(args.identity)
    kind, detail, digest, records, blobs = read_vault(data, passphrase, key_file, identity)
    if kind != "success":
        print(f"{args.vault}: {detail}")
        return EXIT_CODES[kind]
    print(f"{args.vault}: success, payload SHA-256 {digest}, {len(records)} records, {len(blobs)} blobs")
    if args.dump:
        sys.stdout.write(plistlib.dumps(records, fmt=plistlib.FMT_XML).decode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
