#!/usr/bin/env python3
"""A second reader of Coffer vault files, written from spec/FORMAT.md alone.

It shares no code and no cryptographic library with Coffer: BLAKE2b comes from Python's
hashlib, ChaCha20-Poly1305, X25519 and Argon2id from the `cryptography` package (44 or
newer), zstd from the `zstandard` package (imported only when a vault has compressed
records, so 1.0 files are read without it; the frame header is parsed here, from RFC 8878),
HChaCha20 is written out below, and bplist00 is read by a strict parser written from
spec/PLIST.md §2 (plistlib only prints records for --dump). Its purpose is to prove
that the spec is enough to read a vault: tests run it over every vector of
samples/testkit/ and over vaults the `coffer` tool writes.

    coffer_read.py VAULT (--passphrase-file F | --key-file F | --identity F) [--dump]
                         [--allow-kdf-memory] [--salvage]
    coffer_read.py VAULT --check
    coffer_read.py VAULT --repair OUT [--parity N]
    coffer_read.py --testkit DIR

A vault's class (spec §8) is printed, then for an opened vault the SHA-256 of its payload
plaintext, its record and blob counts, the private collections its key opened (name and
record count), and with --dump its records as an XML plist. The exit code is the one
`coffer` uses for that class. It reads versions 1.0 and 1.1 (the recovery trailer of §11,
compressed records of §12, private collections of §13). Without a key, --check performs §1
steps 1–6 and the trailer's checks (§11.4), and --repair rebuilds damaged blocks from the
trailer (§11.5) and writes the repaired file to OUT, a new file (with --parity N, a trailer
of N rows per group). With a key, --salvage reads a damaged vault as `coffer salvage` does
(§6.6): it rebuilds in memory what the trailer can, authenticates each chunk on its own and
reports the damaged and missing chunks, the records recovered (of the index's recordCount
when the index survived) and the blobs recovered and lost; with --dump it prints the
recovered records. It exits with the class of a vault that does not open, 0 when it
recovered something or lost nothing, and the payload failure's code when it lost everything.

The code follows the spec's sections: `order_of_checks` (§1) calls `header_*` (§2),
`keyslot` and `kdf_*` (§3), `chunk_geometry` (§4), `keys_*` (§5), then `PayloadReading`
(§6.5), whose steps call `frame` (§6.1), `regions_*` (§6.2), `index_schema` (§6.3) and
`padme` (§6.4), and last `recovery_check` (§11.4). Salvage (§6.6) is `salvage_open` (its
step 1) and `PayloadSalvage`, a `PayloadReading` whose `step2_chunks`, `step3_index`,
`step4_records` (with `salvage_record`) and `step5_blobs` (over `step6_blob`) are its steps
2–5. The recovery trailer (§11) is `recovery_extension` (§11.1), `RecoveryLayout`,
`recovery_footer`, `recovery_find_trailer` and `recovery_parity` (§11.2, over `gf_*`,
GF(2⁸)), `recovery_check` (§11.4) and `recovery_repair` (§11.5) over `recovery_solve`, which
`recovery_rebuild_for_salvage` (§11.5's last paragraph, before a salvage) shares. Compressed
records (§12) are `compression_extension` (§12.1) and, for §6.5 step 3 as §12.3 changes it,
`PayloadReading.step3_record_groups` (§12.2) over `zstd_declared_size` (the size a frame
declares, checked against the limits before anything is decompressed), `zstd_decompress`
and `group_records`; `PayloadSalvage.salvage_group` is §12.4. Compressed blobs (§12.5) are
`stored_length`, the `zstd` key in `index_schema` and the end of `step6_blob`. Private collections (§13) are
`collections_extension` (§13.1), `collections_index` (§13.4, called from `index_schema` at
§6.5 step 2) and, for §1 step 11 (§13.7), `collections_open` over `member_key` (§13.2),
`grant_open` (§13.3), `collection_unseal` (§13.5) and `collection_contents` (§13.6); the
test kit's `collections:` key is checked by `run_testkit`. Every malformed input ends in a
`Refused` with a class of §8 (a repair that cannot be done: `Refused("not repairable", …)`).
"""

import argparse
import base64
import datetime
import hashlib
import math
import os
import plistlib
import struct
import sys
import unicodedata

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

MAGIC = b"COFFER\x1a\n"
PREFIX = 20  # magic, major, minor, header length, prefix check
FIXED_HEADER = 72
TRAILER = 64  # checksum + MAC
MAX_HEADER = 131_072
MAX_SLOTS = 32
MAX_EXTENSIONS = 16
MAX_EXTENSION_LENGTH = 4096
MAX_LABEL = 64
PASSES = (1, 16)
MEMORY_KIB = (8_192, 4_194_304)
MAX_TOTAL_KDF_COST = 67_108_864  # Σ passes × KiB over all passphrase slots (§3 rule 2)
CHUNK_PLAIN = 65_536
TAG = 16
CHUNK_SEALED = CHUNK_PLAIN + TAG
FRAME = 8
BODY = CHUNK_PLAIN - FRAME  # 65,528
KIND_PADDING, KIND_RECORDS, KIND_BLOB = 0, 1, 2
INDEX_KEYS = {"format", "recordCount", "records", "blobs"}
BLOB_KEYS = {"id", "length", "region"}
COMPRESSED_BLOB_KEYS = BLOB_KEYS | {"zstd"}  # §12.5, in a file with the compression extension

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


# --- primitives ---------------------------------------------------------------------------


def blake2b256(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).digest()


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
    """§3: libsodium's crypto_aead_xchacha20poly1305_ietf."""
    subkey = hchacha20(key, nonce24[:16])
    return ChaCha20Poly1305(subkey).decrypt(b"\0\0\0\0" + nonce24[16:], sealed, associated)


# --- §1 order of checks -------------------------------------------------------------------


def order_of_checks(data, passphrase=None, key_file=None, identity=None, memory_policy=True):
    """§1 steps 1–11. Returns (header, chunk plaintexts, records, blobs, opened collections)
    or raises Refused."""
    header = keyless_checks(data)                                        # steps 1–6
    file_key, slot, kek = keyslots_and_mac(header, passphrase, key_file, identity, memory_policy)  # 7–8
    reading = PayloadReading(data, header, file_key)                     # step 9
    records, blobs = reading.verify_everything()
    if header.trailer is not None:                                       # step 10
        recovery_check(data, header.trailer)
    opened = []
    if header.collections:                                               # step 11 (§13.7)
        opened = collections_open(reading.index, member_key(slot, kek, identity))
    return header, reading.plaintexts(), records, blobs, opened


def keyless_checks(data):
    """§1 steps 1–6, which need no key. Returns the parsed header or raises Refused."""
    header = header_parse(data)                                          # steps 1–5
    file_size(data, header)                                              # step 6
    return header


def header_parse(data):
    """§1 steps 1–5: the header "parses" (the word of §11.5 step 1)."""
    header = header_prefix(data)                                         # steps 1–3
    header_checksum(data, header)                                        # step 4
    header_fields(data, header)                                          # step 5
    return header


class Header:
    """The parsed header fields (§2)."""


def header_prefix(data):
    """§1 steps 1–3: magic, the 20-byte prefix, the major version, the header length."""
    if data[: len(MAGIC)] != MAGIC:
        if len(data) < len(MAGIC) and MAGIC.startswith(data):
            raise Refused("truncated", f"the file ends inside the magic ({len(data)} bytes)")
        raise Refused("not a coffer file", "magic mismatch at offset 0")
    if len(data) < PREFIX:
        raise Refused("truncated", f"the file ends inside the 20-byte prefix ({len(data)} bytes)")
    if blake2b256(data[:16])[:4] != data[16:20]:
        raise Refused("header failure", "prefix check mismatch at offset 16..<20")
    header = Header()
    header.major, header.minor, header.length = struct.unpack_from("<HHI", data, 8)
    if header.major != 1:
        raise Refused("unsupported version", f"major version {header.major}")
    if not FIXED_HEADER + TRAILER <= header.length <= MAX_HEADER:
        raise Refused("header failure", f"header length {header.length} out of bounds")
    if len(data) < header.length:
        raise Refused("truncated", f"header of {header.length} bytes, file of {len(data)}")
    header.bytes = data[: header.length]
    return header


def header_checksum(data, header):
    """§1 step 4: the keyless checksum of bytes 0..<n−64."""
    n = header.length
    if blake2b256(data[: n - 64]) != data[n - 64 : n - 32]:
        raise Refused("header failure", f"checksum mismatch at offset {n - 64}..<{n - 32}")


def header_fields(data, header):
    """§1 step 5 and its sub-order: fixed fields, slots, extensions, end and canonical form,
    then the total KDF cost."""
    header_fixed_fields(header)                                          # 5.1
    end = header.length - TRAILER
    at = FIXED_HEADER
    header.slots = []
    for index in range(header.slot_count):                               # 5.2
        slot, at = keyslot(header.bytes, at, end, index)
        header.slots.append(slot)
    header.extensions, at = header_extensions(header.bytes, at, end, header.extension_count)  # 5.3
    header.recovery = any(kind == RECOVERY_EXTENSION for kind, _ in header.extensions)  # §11.1
    header.compressed = any(kind == COMPRESSION_EXTENSION for kind, _ in header.extensions)  # §12.1
    header.collections = any(kind == COLLECTIONS_EXTENSION for kind, _ in header.extensions)  # §13.1
    if at != end:                                                        # 5.4
        raise Refused("header failure", f"{end - at} bytes after the last extension at offset {at}")
    header_canonical(header)
    kdf_total_cost(header.slots)                                         # 5.5


def header_fixed_fields(header):
    """§2 offsets 20..<72 and §4's payload length rule (step 5.1)."""
    raw = header.bytes
    header.cipher, header.slot_count, header.extension_count = struct.unpack_from("<BBH", raw, 20)
    header.generation, header.payload_length = struct.unpack_from("<QQ", raw, 24)
    header.salt = raw[40:72]
    if header.cipher != 1:
        raise Refused("header failure", f"cipher {header.cipher} is undefined (offset 20)")
    if not 1 <= header.slot_count <= MAX_SLOTS:
        raise Refused("header failure", f"{header.slot_count} keyslots (offset 21)")
    if header.extension_count > MAX_EXTENSIONS:
        raise Refused("header failure", f"{header.extension_count} extensions (offset 22)")
    if header.generation < 1:
        raise Refused("header failure", "generation 0 (offset 24)")
    header.chunks = chunk_geometry(header.payload_length)


def header_extensions(raw, at, end, count):
    """§2 extensions (step 5.3): each one's length, ascending types, then critical types."""
    extensions, previous = [], -1
    for number in range(count):
        if at + 4 > end:
            raise Refused("header failure", f"extension {number} runs past the header at offset {at}")
        kind, length = struct.unpack_from("<HH", raw, at)
        if length > MAX_EXTENSION_LENGTH or at + 4 + length > end:
            raise Refused("header failure", f"extension {number} of {length} bytes at offset {at}")
        if kind <= previous:
            raise Refused("header failure", f"extension type {kind:#06x} out of order at offset {at}")
        data = raw[at + 4 : at + 4 + length]
        if kind == RECOVERY_EXTENSION:  # 1.1 defines these three types (§2 "Extensions")
            recovery_extension(data, at)
        elif kind == COMPRESSION_EXTENSION:
            compression_extension(data, at)
        elif kind == COLLECTIONS_EXTENSION:
            collections_extension(data, at)
        elif kind & 0x8000:
            raise Refused("unsupported version", f"unknown critical extension {kind:#06x} at offset {at}")
        extensions.append((kind, data))
        previous = kind
        at += 4 + length
    return extensions, at


def header_canonical(header):
    """§2 "Canonical": re-encode the parsed fields and compare (step 5.4)."""
    encoded = MAGIC + struct.pack("<HHI", header.major, header.minor, header.length)
    encoded += blake2b256(encoded)[:4]
    encoded += struct.pack(
        "<BBHQQ", header.cipher, len(header.slots), len(header.extensions), header.generation,
        header.payload_length,
    ) + header.salt
    for slot in header.slots:
        encoded += slot["encoding"] + slot["nonce"] + slot["wrapped"]
    for kind, body in sorted(header.extensions):
        encoded += struct.pack("<HH", kind, len(body)) + body
    if encoded != header.bytes[: header.length - TRAILER]:
        raise Refused("header failure", "the header is not in its canonical encoding")


def file_size(data, header):
    """§1 step 6: header + payload, plus the recovery trailer found as §11.2 says for a file
    whose header has the extension. Sets header.trailer (a RecoveryLayout or None)."""
    header.trailer = None
    if header.recovery:
        header.trailer = recovery_find_trailer(data, header.length, header.payload_length)
        return
    total = header.length + header.payload_length
    if len(data) < total:
        raise Refused("truncated", f"file of {len(data)} bytes, header + payload need {total}")
    if len(data) > total:
        raise Refused("trailing data", f"{len(data) - total} bytes after the payload at offset {total}")


# --- §3 keyslots --------------------------------------------------------------------------


def keyslot(raw, at, end, index):
    """§3: one slot's fields in file order — type, label length, label, KDF bounds (step 5.2)."""
    start = at

    def take(count):
        nonlocal at
        if at + count > end:
            raise Refused("header failure", f"keyslot {index} runs past the header at offset {at}")
        piece = raw[at : at + count]
        at += count
        return piece

    kind = take(1)[0]
    if kind not in (1, 2, 3):
        raise Refused("header failure", f"keyslot {index} has unknown type {kind} (offset {start})")
    label_length = take(1)[0]
    if label_length > MAX_LABEL:
        raise Refused("header failure", f"keyslot {index} label of {label_length} bytes")
    label = keyslot_label(take(label_length), index)
    slot = {"type": kind, "label": label, "index": index}
    if kind == 1:
        slot["salt"] = take(16)
        slot["passes"], slot["kib"] = struct.unpack("<II", take(8))
        kdf_slot_bounds(slot)
    elif kind == 2:
        slot["salt"] = take(16)
    else:
        slot["ephemeral"] = take(32)
    slot["encoding"] = keyslot_encoding(slot)
    # The slot encoding's version 1.0, not the header's minor (§3).
    slot["associated"] = MAGIC + b"\x01\x00\x00\x00" + raw[start:at]
    slot["nonce"] = take(24)
    slot["wrapped"] = take(48)
    return slot, at


def keyslot_encoding(slot):
    """§3: a slot's bytes from its type up to, not including, the nonce, re-encoded from its
    parsed fields (the canonical form of §2, and the associated data of the wrap)."""
    label = slot["label"].encode("utf-8")
    encoded = bytes([slot["type"], len(label)]) + label
    if slot["type"] == 1:
        return encoded + slot["salt"] + struct.pack("<II", slot["passes"], slot["kib"])
    return encoded + (slot["salt"] if slot["type"] == 2 else slot["ephemeral"])


def keyslot_label(label_bytes, index):
    """§3 "Labels": UTF-8 without C0 controls or DEL."""
    try:
        label = label_bytes.decode("utf-8")  # strict: no surrogates, no overlong forms
    except UnicodeDecodeError:
        raise Refused("header failure", f"keyslot {index} label is not UTF-8")
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in label):
        raise Refused("header failure", f"keyslot {index} label has a C0 control or DEL")
    return label


def kdf_slot_bounds(slot):
    """§3 KDF bounds rule 1: each passphrase slot as it is read."""
    if not PASSES[0] <= slot["passes"] <= PASSES[1] or not MEMORY_KIB[0] <= slot["kib"] <= MEMORY_KIB[1]:
        raise Refused("kdf bounds", f"keyslot {slot['index']}: {slot['passes']} passes, {slot['kib']} KiB")


def kdf_total_cost(slots):
    """§3 KDF bounds rule 2: Σ passes × KiB over all passphrase slots, last of step 5."""
    total = sum(slot["passes"] * slot["kib"] for slot in slots if slot["type"] == 1)
    if total > MAX_TOTAL_KDF_COST:
        raise Refused("kdf bounds", f"total KDF cost {total} passes × KiB is over {MAX_TOTAL_KDF_COST}")


def kdf_local_memory_limit():
    """§3 "Local memory policy" (optional, not a property of the file): the smaller of physical
    memory and this process's cgroup limit (v2 memory.max of its group and every ancestor,
    or v1 memory.limit_in_bytes)."""
    limits = [os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")]
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    for line in lines:
        hierarchy, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if hierarchy == "0" and controllers == "":
            parts = [p for p in path.split("/") if p]
            candidates = ["/sys/fs/cgroup/" + "/".join(parts[:i]) for i in range(len(parts), -1, -1)]
            candidates = [c.rstrip("/") + "/memory.max" for c in candidates]
        elif "memory" in controllers.split(","):
            candidates = [f"/sys/fs/cgroup/memory{path.rstrip('/')}/memory.limit_in_bytes"]
        else:
            continue
        for candidate in candidates:
            try:
                with open(candidate) as f:
                    value = f.read().strip()
            except OSError:
                continue
            if value.isdigit():
                limits.append(int(value))
    return min(limits)


def keyslots_and_mac(header, passphrase, key_file, identity, memory_policy):
    """§1 steps 7–8 and §3 "Several slots": the slots the key addresses, in header order; the
    first unwrapped file key that verifies the header MAC is the file key. Returns (file key,
    the slot that opened it, that slot's KEK): §13.2 derives the slot's member key from it."""
    n = header.length
    unwrapped = 0
    for slot in header.slots:
        kek = slot_kek(slot, passphrase, key_file, identity, memory_policy)
        if kek is None:
            continue
        try:
            file_key = xchacha20poly1305_open(kek, slot["nonce"], slot["wrapped"], slot["associated"])
        except InvalidTag:
            continue
        unwrapped += 1
        mac_key = keys_subkey(file_key, 1)
        if blake2b256(header.bytes[: n - 32], key=mac_key) == header.bytes[n - 32 : n]:
            return file_key, slot, kek
    if unwrapped:
        raise Refused("hmac failure", f"{unwrapped} keyslot(s) opened but the header MAC at {n - 32}..<{n} fails")
    raise Refused("no match", "no keyslot opens with the given key")


def slot_kek(slot, passphrase, key_file, identity, memory_policy):
    """§3 KEKs; None when the given key cannot address this slot (or X25519 gives zero)."""
    if slot["type"] == 1 and passphrase is not None:
        if memory_policy and slot["kib"] * 1024 > kdf_local_memory_limit() // 2:
            raise Refused(
                "kdf bounds",
                f"keyslot {slot['index']}: {slot['kib']} KiB is over half the memory this process may use "
                "(--allow-kdf-memory overrides)",
            )
        return Argon2id(
            salt=slot["salt"], length=32, iterations=slot["passes"], lanes=1, memory_cost=slot["kib"]
        ).derive(passphrase)
    if slot["type"] == 2 and key_file is not None:
        return blake2b256(b"coffer key file v1" + key_file, key=slot["salt"])
    if slot["type"] == 3 and identity is not None:
        secret = X25519PrivateKey.from_private_bytes(identity)
        ours = secret.public_key().public_bytes_raw()
        try:
            shared = secret.exchange(X25519PublicKey.from_public_bytes(slot["ephemeral"]))
        except ValueError:  # all-zero shared secret: a low-order point
            return None
        if shared == bytes(32):
            return None
        return blake2b256(b"coffer x25519 v1" + slot["ephemeral"] + ours, key=shared)
    return None


# --- §4 chunks and §5 keys ----------------------------------------------------------------


def chunk_geometry(payload_length):
    """§4: full chunks of 65,552 bytes, then a last one of 24…65,552 (8…65,536 plaintext
    bytes). Returns the chunk count; anything else is a header failure."""
    full, rest = divmod(payload_length, CHUNK_SEALED)
    if rest == 0 and full > 0:
        return full
    if rest >= TAG + FRAME:
        return full + 1
    raise Refused("header failure", f"payload length {payload_length} is not a chunk sequence (offset 32)")


def keys_subkey(file_key, subkey_id):
    """§5: crypto_kdf_derive_from_key(32, id, "CofferV1", key)."""
    return hashlib.blake2b(
        b"", digest_size=32, key=file_key, salt=struct.pack("<Q", subkey_id), person=b"CofferV1"
    ).digest()


def keys_payload(file_key, salt):
    """§5: K_payload = BLAKE2b-256 keyed with K_base over "coffer payload v1" ‖ salt."""
    return blake2b256(b"coffer payload v1" + salt, key=keys_subkey(file_key, 2))


def chunk_binding(header):
    """§4: the payload binding, the associated data of every chunk."""
    return blake2b256(
        b"coffer chunk binding v1" + MAGIC
        + struct.pack("<HHBQQ", header.major, header.minor, header.cipher, header.generation, header.payload_length)
        + header.salt
    )


# --- §6 payload plaintext -----------------------------------------------------------------


def padme_function(length):
    """§6.4: Padmé(L) for L ≥ 2, exactly as defined (§13.5 uses it too, with no frames)."""
    e = length.bit_length() - 1
    s = e.bit_length()
    mask = (1 << (e - s)) - 1
    return (length + mask) & ~mask


def padme(length):
    """§6.4: Padmé(L), raised so the final chunk holds at least its 8-byte frame."""
    padded = padme_function(length)
    if 1 <= padded % CHUNK_PLAIN < FRAME:
        padded += FRAME - padded % CHUNK_PLAIN
    return padded


def regions_chunks(stream_bytes):
    """§6.2: a region takes exactly max(1, ⌈S / 65,528⌉) chunks."""
    return max(1, -(-stream_bytes // BODY))


def regions_continuation(items, offset):
    """§6.2 "Continuation" of a chunk whose body starts at `offset` of its region's stream:
    `items` are (start, end) pairs; a region's first chunk (offset 0) gives 0."""
    for start, end in items:
        if start < offset < end:
            return min(end - offset, BODY)
    return 0


def is_integer(value):
    return type(value) is int  # bplist integers; Python's bool is an int subclass, a real is not


def is_pair(value):
    return type(value) is list and len(value) == 2 and all(is_integer(v) and v >= 0 for v in value)


class PayloadReading:
    """§6.5: a reader that verifies the whole payload, in the order of its steps 1–7."""

    def __init__(self, data, header, file_key):
        self.data = data
        self.start = header.length
        self.end = header.length + header.payload_length
        self.count = header.chunks
        self.aead = ChaCha20Poly1305(keys_payload(file_key, header.salt))
        self.binding = chunk_binding(header)
        self.opened = {}
        self.plain_length = header.payload_length - TAG * self.count
        self.compressed = header.compressed  # §12: the records region holds record groups
        # §13.1: with the collections extension the index has six keys, `members` one per slot.
        self.member_slots = header.slot_count if header.collections else None
        self.index = None

    # §8 "Byte ranges": a payload failure names its chunk and that chunk's sealed bytes.
    def sealed_range(self, index):
        first = self.start + index * CHUNK_SEALED
        return first, min(first + CHUNK_SEALED, self.end)

    def fail(self, index, reason):
        first, last = self.sealed_range(index)
        raise Refused("payload failure", f"chunk {index} (file bytes {first}..<{last}): {reason}")

    def body_length(self, index):
        if index < self.count - 1:
            return BODY
        return self.plain_length - (self.count - 1) * CHUNK_PLAIN - FRAME

    def chunk(self, index):
        """§4: one chunk's plaintext, once its tag verifies."""
        if index not in self.opened:
            first, last = self.sealed_range(index)
            final = index == self.count - 1
            nonce = index.to_bytes(11, "big") + (b"\x01" if final else b"\x00")
            try:
                self.opened[index] = self.aead.decrypt(nonce, self.data[first:last], self.binding)
            except InvalidTag:
                self.fail(index, "fails authentication")
        return self.opened[index]

    def frame(self, index, kind, continuation=None):
        """§6.1: the chunk's tag, then its frame: kind, zero reserved bytes, and (when given)
        the continuation. Returns (continuation, body)."""
        plain = self.chunk(index)
        if plain[0] != kind:
            self.fail(index, f"frame kind {plain[0]}, expected {kind}")
        if plain[1:4] != b"\0\0\0":
            self.fail(index, "reserved frame bytes are not zero")
        found = struct.unpack_from("<I", plain, 4)[0]
        if continuation is not None and found != continuation:
            self.fail(index, f"continuation {found}, expected {continuation}")
        return found, plain[FRAME:]

    def plaintexts(self):
        return [self.chunk(i) for i in range(self.count)]

    def verify_everything(self):
        index_length, index_chunks, stream = self.step1_index_chunks()
        index = self.step2_index(stream, index_length, index_chunks)
        self.index = index
        records = self.step3_records_region(index, index_length, index_chunks)
        self.step4_padme(index)
        values = self.step5_records_bplist(records)
        blobs, used = self.step6_blobs(index)
        self.step7_padding(used)
        return values, blobs

    def step1_index_chunks(self):
        """§6.5 step 1: chunk 0's tag and frame, the index length, the chunks holding the index."""
        _, body = self.frame(0, KIND_RECORDS, continuation=0)
        if len(body) < 4:
            self.fail(0, f"a body of {len(body)} bytes cannot hold the index length")
        index_length = struct.unpack_from("<I", body, 0)[0]
        if index_length < 1 or 4 + index_length > self.count * BODY:
            self.fail(0, f"index length {index_length} is 0 or past the payload")
        index_chunks = regions_chunks(4 + index_length)
        stream = body + b"".join(self.frame(i, KIND_RECORDS)[1] for i in range(1, index_chunks))
        if len(stream) < 4 + index_length:
            self.fail(index_chunks - 1, "the payload ends inside the index")
        return index_length, index_chunks, stream

    def step2_index(self, stream, index_length, index_chunks):
        """§6.5 step 2: the index is a bplist00 document, then its schema and layout (§6.3).
        Failures name the chunk where the index ends."""
        where = index_chunks - 1
        try:
            index = bplist00(stream[4 : 4 + index_length])
        except PlistInvalid as error:
            self.fail(where, f"the index is not a strict bplist00 document: {error}")
        problem = index_schema(index, self.member_slots, self.compressed) or self.index_layout(index, index_length)
        if problem:
            self.fail(where, f"the index: {problem}")
        return index

    def index_layout(self, index, index_length):
        """§6.3 layout: regions within the chunk count, back to back, each exactly as long as
        §6.2 says; recordCount records fit the records region (5 bytes each at least)."""
        first, chunks = index["records"]
        if first != 0 or chunks < 1:
            return f"records region [{first}, {chunks}] is not [0, k ≥ 1]"
        if chunks > self.count:
            return f"records region [0, {chunks}] is past the {self.count} chunks"
        capacity = sum(self.body_length(i) for i in range(chunks))
        # §6.3's optional early refusal (5 bytes a record at least) holds only for records
        # stored one by one: compressed records (§12) can be fewer bytes than that.
        if not self.compressed and 4 + index_length + 5 * index["recordCount"] > capacity:
            return f"{index['recordCount']} records cannot fit a records region of {chunks} chunks"
        used = chunks
        for number, blob in enumerate(index["blobs"]):
            first, chunks = blob["region"]
            if first != used:
                return f"blob {number} region starts at chunk {first}, not {used}"
            if chunks != regions_chunks(24 + stored_length(blob)):
                return f"blob {number} region of {chunks} chunks for {stored_length(blob)} stored bytes"
            if first + chunks > self.count:
                return f"blob {number} region [{first}, {chunks}] is past the {self.count} chunks"
            used += chunks
        return None

    def step3_records_region(self, index, index_length, index_chunks):
        """§6.5 step 3 (as §12.3 changes it for a compressed vault): the records region's
        chunks, its records or record groups, its zero fill, its exact length, every chunk's
        continuation. Returns [(offset, bytes)] of the records, `offset` being where the
        record's length prefix (§6.2) or its group's (§12.2) starts in the region's stream."""
        chunks = index["records"][1]
        stream = b"".join(self.frame(i, KIND_RECORDS)[1] for i in range(chunks))

        def where(offset):  # the region's chunk holding this stream offset
            return min(offset // BODY, chunks - 1)

        items_from = self.step3_record_groups if self.compressed else self.step3_records
        records, items, at = items_from(stream, index["recordCount"], 4 + index_length, where)
        fill = stream[at:]
        if any(fill):
            offset = len(stream) - len(fill.lstrip(b"\0"))
            self.fail(where(offset), f"byte {offset} of the records stream after the last item is not zero")
        self.records_stream_bytes = at
        needed = regions_chunks(at)
        if chunks != needed:
            self.fail(needed, f"the records region has {chunks} chunks, its stream needs {needed}")
        for i in range(1, chunks):
            self.frame(i, KIND_RECORDS, continuation=regions_continuation(items, i * BODY))
        return records

    def step3_records(self, stream, record_count, at, where):
        """§6.2: after the index, exactly `recordCount` records, each `u32 length (≥ 1) ‖
        bplist00`. Returns (records, items, end of the last item)."""
        items, records = [(0, at)], []
        for number in range(record_count):
            if at + 4 > len(stream):
                self.fail(where(at), f"record {number}'s length runs past the records region")
            length = struct.unpack_from("<I", stream, at)[0]
            if length < 1 or at + 4 + length > len(stream):
                self.fail(where(at), f"record {number} of {length} bytes is empty or runs past the region")
            records.append((at, stream[at + 4 : at + 4 + length]))
            items.append((at, at + 4 + length))
            at += 4 + length
        return records, items, at

    def step3_record_groups(self, stream, record_count, at, where):
        """§12.2 and §12.3: after the index, record groups `u32 length (≥ 1) ‖ zstd frame`,
        in order, until their records add up to `recordCount`. Each frame is checked before
        it is decompressed (one zstd frame that declares its content size, within the limits
        of §12.2), then decompressed to exactly that size, and its content split into whole
        records. Returns (records, items, end of the last group); the items are the index
        and each group."""
        items, records = [(0, at)], []
        total = 0  # the declared content of the groups so far (§12.2 "Limits")
        group = 0
        while len(records) < record_count:
            if at + 4 > len(stream):
                self.fail(
                    where(at), f"the records region ends after {len(records)} of {record_count} records "
                    f"(group {group}'s length runs past it)",
                )
            length = struct.unpack_from("<I", stream, at)[0]
            if length == 0 and not any(stream[at:]):
                self.fail(where(at), f"the records region ends after {len(records)} of {record_count} records")
            if length < 1 or at + 4 + length > len(stream):
                self.fail(where(at), f"record group {group} of {length} bytes is empty or runs past the region")
            frame = stream[at + 4 : at + 4 + length]
            try:
                declared = zstd_declared_size(frame)
                if declared is None:
                    raise ValueError("its zstd frame does not declare its content size")
                if declared > MAX_GROUP_CONTENT:
                    raise ValueError(f"its frame declares {declared} bytes of content, over {MAX_GROUP_CONTENT}")
                if total + declared > MAX_TOTAL_CONTENT:
                    raise ValueError(
                        f"its frame declares {declared} bytes, so the groups would hold {total + declared} "
                        f"bytes of content, over {MAX_TOTAL_CONTENT}"
                    )
                total += declared
                held = group_records(zstd_decompress(frame, declared))
            except ValueError as error:
                self.fail(where(at), f"record group {group} (stream offset {at}): {error}")
            if len(records) + len(held) > record_count:
                self.fail(
                    where(at), f"record group {group} holds {len(held)} records: with the {len(records)} "
                    f"before it that passes recordCount {record_count}",
                )
            records.extend((at, record) for record in held)
            items.append((at, at + 4 + length))
            at += 4 + length
            group += 1
        return records, items, at

    def step4_padme(self, index):
        """§6.5 step 4 and §6.4: the plaintext length is exactly Padmé of the content length."""
        records_chunks = index["records"][1]
        content = records_chunks + sum(blob["region"][1] for blob in index["blobs"])
        if index["blobs"]:
            last = index["blobs"][-1]
            stream_last, chunks_last = 24 + stored_length(last), last["region"][1]
        else:
            stream_last, chunks_last = self.records_stream_bytes, records_chunks
        length = (content - 1) * CHUNK_PLAIN + FRAME + (stream_last - (chunks_last - 1) * BODY)
        expected = padme(length)
        if self.plain_length != expected:
            self.fail(self.count - 1, f"plaintext of {self.plain_length} bytes, Padmé({length}) is {expected}")

    def step5_records_bplist(self, records):
        """§6.5 step 5: each record decodes as one strict bplist00 document."""
        values = []
        for number, (offset, record) in enumerate(records):
            try:
                values.append(bplist00(record))
            except PlistInvalid as error:
                self.fail(offset // BODY, f"record {number} is not a strict bplist00 document: {error}")
        return values

    def step6_blobs(self, index):
        """§6.5 step 6: each blob region in index order, chunk by chunk."""
        blobs = {}
        used = index["records"][1]
        for number, blob in enumerate(index["blobs"]):
            blobs[blob["id"]] = self.step6_blob(number, blob)
            used += blob["region"][1]
        return blobs, used

    def step6_blob(self, number, blob):
        """§6.5 step 6 for one blob region: tag, frame and continuation of each chunk, the id
        and length in the first, the blob's bytes, zeros after them. Returns the blob — for a
        compressed blob (§12.5), its zstd frame decompressed to exactly the index's length."""
        first, chunks = blob["region"]
        end = 24 + stored_length(blob)
        parts = []
        for j in range(chunks):
            offset = j * BODY
            _, body = self.frame(first + j, KIND_BLOB, continuation=regions_continuation([(0, end)], offset))
            if j == 0:
                if len(body) < 24:
                    self.fail(first, f"blob {number}'s first chunk cannot hold its id and length")
                if body[:16] != blob["id"] or struct.unpack_from("<Q", body, 16)[0] != blob["length"]:
                    self.fail(first, f"blob {number}: id or length differ from the index")
            held = min(end - offset, BODY)
            if len(body) < held:
                self.fail(first + j, f"blob {number}: the chunk ends inside the blob")
            if any(body[held:]):
                self.fail(first + j, f"blob {number}: bytes after the blob are not zero")
            parts.append(body[:held])
        stored = b"".join(parts)[24:]
        if "zstd" not in blob:
            return stored
        try:
            declared = zstd_declared_size(stored)
            if declared is None:
                raise ValueError("its zstd frame does not declare its content size")
            if declared != blob["length"]:
                raise ValueError(f"its zstd frame declares {declared} bytes; the index says {blob['length']}")
            return zstd_decompress(stored, declared)
        except ValueError as error:
            self.fail(first, f"blob {number}: {error}")

    def step7_padding(self, used):
        """§6.5 step 7: each padding chunk is all zero, frame included."""
        for index in range(used, self.count):
            if any(self.chunk(index)):
                self.fail(index, "padding chunk is not all zero")


def stored_length(blob):
    """§6.2 and §12.5: the bytes a blob's region stores after its 24-byte header — the blob,
    or the zstd frame a compressed blob is stored as."""
    return blob.get("zstd", blob["length"])


def index_schema(index, member_slots=None, compressed=False):
    """§6.3: exactly four keys, each of its type; blob entries exactly three keys, or four
    with `zstd` in a file with the compression extension (§12.5). With the collections
    extension (`member_slots` is then the slot count), six keys: §13.4 adds `members` and
    `collections`, checked by `collections_index`. Returns a problem or None."""
    if type(index) is not dict:
        return "not a dictionary"
    expected = INDEX_KEYS if member_slots is None else INDEX_KEYS | COLLECTIONS_INDEX_KEYS
    if set(index) != expected:
        return f"keys {sorted(index)} are not {sorted(expected)}"
    if not is_integer(index["format"]) or index["format"] != 1:
        return f"format {index['format']!r} is not the integer 1"
    if not is_integer(index["recordCount"]) or index["recordCount"] < 0:
        return f"recordCount {index['recordCount']!r} is not an integer ≥ 0"
    if not is_pair(index["records"]):
        return "records is not [firstChunk, chunkCount]"
    if type(index["blobs"]) is not list:
        return "blobs is not an array"
    ids = set()
    for number, blob in enumerate(index["blobs"]):
        if type(blob) is not dict or not (set(blob) == BLOB_KEYS or compressed and set(blob) == COMPRESSED_BLOB_KEYS):
            return f"blob {number} is not a dictionary of exactly id, length, region" + (
                " (and zstd)" if compressed else "")
        if type(blob["id"]) is not bytes or len(blob["id"]) != 16:
            return f"blob {number} id is not 16 bytes of data"
        if blob["id"] in ids:
            return f"blob {number} id is not unique"
        ids.add(blob["id"])
        if not is_integer(blob["length"]) or blob["length"] < 0:
            return f"blob {number} length is not an integer ≥ 0"
        if not is_pair(blob["region"]):
            return f"blob {number} region is not [firstChunk, chunkCount]"
        if "zstd" in blob and not (is_integer(blob["zstd"]) and 1 <= blob["zstd"] < blob["length"] <= MAX_GROUP_CONTENT):
            return f"blob {number}: a compressed blob is at most 16 MiB and its frame (zstd) 1 byte or more, smaller than it"
    if member_slots is not None:
        return collections_index(index["members"], index["collections"], member_slots)
    return None


# --- §6.6 salvage -------------------------------------------------------------------------


def salvage_open(data, passphrase=None, key_file=None, identity=None, memory_policy=True):
    """§6.6 step 1: what the recovery trailer can rebuild is rebuilt (§11.5, last paragraph),
    then §1 steps 1–5 and 7–8 — step 6 is not applied: a cut file keeps the chunks it holds
    whole, and bytes after the last chunk are ignored. Returns (the bytes salvaged from, the
    data blocks rebuilt, header, file key) or raises Refused."""
    data, rebuilt = recovery_rebuild_for_salvage(data)
    header = header_parse(data)                                          # §1 steps 1–5
    file_key, _, _ = keyslots_and_mac(header, passphrase, key_file, identity, memory_policy)  # 7–8
    return data, rebuilt, header, file_key


class Salvaged:
    """What §6.6 recovered and what it lost."""


class PayloadSalvage(PayloadReading):
    """§6.6 (and §12.4 for record groups): every intact record and blob of a payload that
    §6.5 refuses, each chunk authenticated on its own. The steps of §6.5 it reuses (the index,
    a blob region) fail as there with a Refused, which here means "lost"."""

    def __init__(self, data, header, file_key):
        super().__init__(data, header, file_key)
        # §6.6 step 1: a chunk is present when its sealed bytes lie wholly in the file.
        self.present = 0
        while self.present < self.count and self.sealed_range(self.present)[1] <= len(data):
            self.present += 1
        self.decompressed = 0  # §12.4: the content of the groups decompressed so far

    def chunk(self, index):
        if index >= self.present:
            self.fail(index, "missing: the file ends before this chunk's last byte")
        return super().chunk(index)

    def salvage(self):
        """§6.6 steps 2–5. Returns a Salvaged."""
        result = Salvaged()
        result.missing = self.count - self.present
        result.damaged = self.step2_chunks()
        index = self.step3_index()
        result.index_lost = index is None
        result.expected = None if index is None else index["recordCount"]
        result.records = self.step4_records(index, set(result.damaged))
        result.blobs, result.blobs_lost = self.step5_blobs(index, set(result.damaged))
        result.collections = len(index["collections"]) if index is not None and "collections" in index else 0
        return result

    def step2_chunks(self):
        """§6.6 step 2: a present chunk whose tag verifies is intact; the others are damaged."""
        damaged = []
        for index in range(self.present):
            try:
                self.chunk(index)
            except Refused:
                damaged.append(index)
        return damaged

    def step3_index(self):
        """§6.6 step 3: the index survives when §6.5 steps 1–2 pass; None when it is lost."""
        try:
            index_length, index_chunks, stream = self.step1_index_chunks()
            return self.step2_index(stream, index_length, index_chunks)
        except Refused:
            return None

    def step4_records(self, index, damaged):
        """§6.6 step 4: the records region's stream read item by item, resynchronising at the
        continuation of the next intact chunk after a damaged one. Returns the decoded records."""
        if index is not None:
            end = min(index["records"][1], self.present)
        else:  # the region runs to the first intact chunk that is not a records chunk
            end = next(
                (i for i in range(self.present) if i not in damaged and self.chunk(i)[0] != KIND_RECORDS),
                self.present,
            )
        records = []
        carry = bytearray()  # the stream from where an item starts; None while resynchronising
        index_next = True  # the item at stream offset 0 is the index
        for number in range(end):
            if number in damaged:
                carry = None  # the item in progress is lost
                continue
            plain = self.chunk(number)
            continuation, body = struct.unpack_from("<I", plain, 4)[0], plain[FRAME:]
            if carry is None:
                if continuation >= len(body):  # the lost item goes on past this chunk
                    continue
                carry = bytearray(body[continuation:])
                index_next = False  # an item found by resynchronising is never the index
            else:
                carry += body
            at = 0
            while len(carry) - at >= 4:
                length = struct.unpack_from("<I", carry, at)[0]
                if length == 0:  # zero fill: the rest of this chunk's body holds no item
                    at = len(carry)
                    break
                if len(carry) - at - 4 < length:
                    break  # the item goes on in the next chunk
                item = bytes(carry[at + 4 : at + 4 + length])
                if index_next:
                    index_next = False
                else:
                    records.extend(self.salvage_group(item) if self.compressed else self.salvage_record(item))
                at += 4 + length
            del carry[:at]
        if index is not None:
            records = records[: index["recordCount"]]
        return records

    def salvage_record(self, item):
        """§6.6 step 4: a record is kept when it decodes as strict bplist00."""
        try:
            return [bplist00(item)]
        except PlistInvalid:
            return []

    def salvage_group(self, item):
        """§12.4: a group decompressed under §12.2's limits, the 1 GiB total counting only the
        groups decompressed; a group whose frame or content breaks §12.2 is lost whole, and
        of the records of its content those that decode are kept."""
        try:
            declared = zstd_declared_size(item)
            if declared is None or declared > min(MAX_GROUP_CONTENT, MAX_TOTAL_CONTENT - self.decompressed):
                return []
            content = zstd_decompress(item, declared)
            self.decompressed += len(content)
            held = group_records(content)
        except ValueError:
            return []
        return [value for record in held for value in self.salvage_record(record)]

    def step5_blobs(self, index, damaged):
        """§6.6 step 5: with the index, a blob whose region's chunks are all present and intact
        and pass §6.5 step 6 is recovered, any other is lost; without it none can be located.
        Returns ({id: bytes}, [lost ids])."""
        recovered, lost = {}, []
        for number, blob in enumerate(index["blobs"] if index is not None else []):
            first, chunks = blob["region"]
            if first + chunks <= self.present and damaged.isdisjoint(range(first, first + chunks)):
                try:
                    recovered[blob["id"]] = self.step6_blob(number, blob)
                    continue
                except Refused:
                    pass
            lost.append(blob["id"])
        return recovered, lost


# --- §11 recovery trailer (version 1.1) ---------------------------------------------------

RECOVERY_EXTENSION = 0x8011  # critical (§11.1)
RECOVERY_SCHEME = 1
FOOTER_MAGIC = b"COFFPAR1"
FOOTER = 32
ENTRY = 8  # a checksum table entry, and the table checksum
GROUP = 16  # data blocks per group at most, and blocks of a small vault at most
MAX_PARITY = 16  # N: 1…16
SMALL_BLOCK = 64


def recovery_extension(data, at):
    """§11.1: extension 0x8011 holds exactly the byte 01 (scheme 1); anything else is a header
    failure (checked where §1 step 5.3 would ask whether this reader knows the type)."""
    if data != bytes([RECOVERY_SCHEME]):
        held = data.hex() or "nothing"
        raise Refused("header failure", f"recovery extension at offset {at} holds {held}, not 01 (§11.1)")


# GF(2⁸) with the polynomial x⁸+x⁴+x³+x²+1 (0x11D), generated by 2 (§11.2 "Parity").
GF_EXP = [0] * 510
GF_LOG = [0] * 256
_x = 1
for _i in range(255):
    GF_EXP[_i] = GF_EXP[_i + 255] = _x
    GF_LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
del _x, _i


def gf_mul(a, b):
    return 0 if a == 0 or b == 0 else GF_EXP[GF_LOG[a] + GF_LOG[b]]


def gf_div(a, b):
    if b == 0:
        raise ZeroDivisionError("division by 0 in GF(2⁸)")
    return 0 if a == 0 else GF_EXP[(GF_LOG[a] - GF_LOG[b]) % 255]


_GF_SCALE = {}


def gf_scale(c, block):
    """c · block, byte by byte, as an integer (so that blocks are XORed as integers)."""
    if c not in _GF_SCALE:
        _GF_SCALE[c] = bytes(gf_mul(c, v) for v in range(256))
    return int.from_bytes(block.translate(_GF_SCALE[c]), "little")


def gf_invert(matrix):
    """The inverse of a square matrix over GF(2⁸), by Gauss–Jordan elimination."""
    k = len(matrix)
    rows = [list(row) + [int(i == j) for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = next(r for r in range(col, k) if rows[r][col])  # a Cauchy matrix: always one
        rows[col], rows[pivot] = rows[pivot], rows[col]
        inverse = gf_div(1, rows[col][col])
        rows[col] = [gf_mul(inverse, v) for v in rows[col]]
        for r in range(k):
            factor = rows[r][col]
            if r != col and factor:
                rows[r] = [v ^ gf_mul(factor, w) for v, w in zip(rows[r], rows[col])]
    return [row[k:] for row in rows]


def recovery_coefficient(r, p):
    """§11.2: c(r, p) = (16 ⊕ p) / ((16 + r) ⊕ p), the Cauchy matrix with row 0 all ones."""
    return gf_div(GROUP ^ p, (GROUP + r) ^ p)


assert recovery_coefficient(0, 5) == 1 and recovery_coefficient(1, 0) == 0x73  # §11.2's examples


def ceil_div(a, b):
    return -(-a // b)


def recovery_block_size(header_length, payload_length):
    """§11.2 "Blocks": one sealed chunk for a payload of more than 16 chunks, else the smallest
    multiple of 64 ≥ max(64, ⌈D/16⌉) that cuts the protected bytes into at most 16 blocks."""
    if payload_length > GROUP * CHUNK_SEALED:
        return CHUNK_SEALED
    size = SMALL_BLOCK * ceil_div(max(SMALL_BLOCK, ceil_div(header_length + payload_length, GROUP)), SMALL_BLOCK)
    while ceil_div(header_length, size) + ceil_div(payload_length, size) > GROUP:
        size += SMALL_BLOCK
    return size


class RecoveryLayout:
    """§11.2 "Layout": where a trailer's blocks, parity, table and footer lie, from H, P and N.
    Data blocks are numbered 0…n−1; parity block (j, r) has number n + j·N + r, its place in
    the file and in the checksum table."""

    def __init__(self, header_length, payload_length, parity=None):
        self.H, self.P = header_length, payload_length
        self.D = header_length + payload_length
        self.B = recovery_block_size(header_length, payload_length)
        self.h = ceil_div(header_length, self.B)
        self.n = self.h + ceil_div(payload_length, self.B)
        self.g = ceil_div(self.n, GROUP)
        self.N = parity
        self.footer_valid = None  # set by recovery_find_trailer (§11.2 rule 1 or 2)

    def file_length(self, parity):
        """F(N) = D + g·N·B + (n + g·N + 1)·8 + 32."""
        return self.D + self.g * parity * self.B + (self.n + self.g * parity + 1) * ENTRY + FOOTER

    def with_parity(self, parity):
        return RecoveryLayout(self.H, self.P, parity)

    @property
    def blocks(self):
        """Data blocks and parity blocks: the number of checksum table entries."""
        return self.n + self.g * self.N

    @property
    def table_start(self):
        return self.D + self.g * self.N * self.B

    @property
    def table_checksum_start(self):
        return self.table_start + self.blocks * ENTRY

    @property
    def footer_start(self):
        return self.table_checksum_start + ENTRY

    def block_range(self, i):
        """File bytes of block i: a data block (i < n) or parity block n + j·N + r."""
        if i < self.h:
            return i * self.B, min((i + 1) * self.B, self.H)
        if i < self.n:
            start = self.H + (i - self.h) * self.B
            return start, min(start + self.B, self.D)
        start = self.D + (i - self.n) * self.B
        return start, start + self.B

    def group(self, j):
        """The data blocks of group j, in position order: block i is at position ⌊i / g⌋."""
        return list(range(j, self.n, self.g))

    def parity_number(self, j, r):
        return self.n + j * self.N + r

    def describe(self, i):
        """A block, what it covers, and its byte range (§11.4 step 3, §8 "Byte ranges")."""
        start, end = self.block_range(i)
        if i < self.h:
            what = f"data block {i} (the header"
        elif i < self.n:
            first = (start - self.H) // CHUNK_SEALED
            last = (end - 1 - self.H) // CHUNK_SEALED
            what = f"data block {i} (chunk {first}" if first == last else f"data block {i} (chunks {first}…{last}"
        else:
            j, r = divmod(i - self.n, self.N)
            what = f"parity block {i - self.n} (group {j}, row {r}"
        return f"{what}, file bytes {start}..<{end})"


def recovery_footer(raw):
    """§11.2 "Footer": (D, H, N) when these 32 bytes are a valid footer, else None."""
    if len(raw) != FOOTER or raw[:8] != FOOTER_MAGIC or blake2b256(raw[:24])[:8] != raw[24:32]:
        return None
    protected, header_length, scheme, parity, zero = struct.unpack_from("<QIBBH", raw, 8)
    if scheme != RECOVERY_SCHEME or zero != 0 or not 1 <= parity <= MAX_PARITY or protected <= header_length:
        return None
    return protected, header_length, parity


def recovery_footer_bytes(layout):
    raw = FOOTER_MAGIC + struct.pack("<QIBBH", layout.D, layout.H, RECOVERY_SCHEME, layout.N, 0)
    return raw + blake2b256(raw)[:8]


def recovery_find_trailer(data, header_length, payload_length):
    """§11.2 "Finding the trailer" (§1 step 6 for a file with the extension). Returns the
    layout, its footer_valid telling rule 1 (a valid footer) from rule 2 (found by length)."""
    layout = RecoveryLayout(header_length, payload_length)
    size = len(data)
    for parity in range(1, MAX_PARITY + 1):                              # rule 1
        end = layout.file_length(parity)
        if end <= size and recovery_footer(data[end - FOOTER : end]) == (layout.D, layout.H, parity):
            if size > end:
                raise Refused("trailing data", f"{size - end} bytes after the trailer's footer at offset {end}")
            found = layout.with_parity(parity)
            found.footer_valid = True
            return found
    for parity in range(1, MAX_PARITY + 1):                              # rule 2
        if layout.file_length(parity) == size:
            found = layout.with_parity(parity)
            found.footer_valid = False  # damaged: reported at step 10
            return found
    longest = layout.file_length(MAX_PARITY)                             # rule 3
    if size > longest:
        raise Refused("trailing data", f"file of {size} bytes, longer than any recovery trailer allows ({longest})")
    raise Refused(
        "truncated",
        f"file of {size} bytes: header + payload ({layout.D}) and no recovery trailer of 1…16 rows "
        f"({layout.file_length(1)}…{longest} bytes)",
    )


def recovery_entry(block):
    """§11.2 "Checksum table": the first 8 bytes of BLAKE2b-256 of a block as it lies."""
    return blake2b256(block)[:ENTRY]


def recovery_parity(blocks, layout, parity):
    """§11.2 "Parity": {(j, r): parity block} for `parity` rows, from the data blocks (each
    padded with zeros to B)."""
    result = {}
    for j in range(layout.g):
        members = layout.group(j)
        for r in range(parity):
            accumulated = 0
            for i in members:
                padded = blocks[i].ljust(layout.B, b"\0")
                accumulated ^= gf_scale(recovery_coefficient(r, i // layout.g), padded)
            result[(j, r)] = accumulated.to_bytes(layout.B, "little")
    return result


def recovery_trailer(protected, layout):
    """§11.2: the trailer of the protected bytes with layout.N rows: parity blocks, checksum
    table, table checksum, footer."""
    blocks = [protected[slice(*layout.block_range(i))] for i in range(layout.n)]
    computed = recovery_parity(blocks, layout, layout.N)
    parity = [computed[(j, r)] for j in range(layout.g) for r in range(layout.N)]
    table = b"".join(recovery_entry(block) for block in blocks + parity)
    return b"".join(parity) + table + recovery_entry(table) + recovery_footer_bytes(layout)


class RecoveryRead:
    """The trailer of a file as it lies: its data blocks, parity blocks and table."""

    def __init__(self, data, layout):
        self.layout = layout
        self.blocks = [data[slice(*layout.block_range(i))] for i in range(layout.blocks)]
        self.table = data[layout.table_start : layout.table_checksum_start]
        self.entries = [self.table[k : k + ENTRY] for k in range(0, len(self.table), ENTRY)]
        self.table_valid = recovery_entry(self.table) == data[layout.table_checksum_start : layout.footer_start]
        footer = data[layout.footer_start : layout.footer_start + FOOTER]
        self.footer_valid = recovery_footer(footer) == (layout.D, layout.H, layout.N)

    def damaged(self, i):
        return recovery_entry(self.blocks[i]) != self.entries[i]

    def stored_parity(self, j, r):
        return self.blocks[self.layout.parity_number(j, r)]

    def parity_mismatch(self):
        """The first (j, r) whose parity recomputed from the data differs from the stored one."""
        layout = self.layout
        computed = recovery_parity(self.blocks[: layout.n], layout, layout.N)
        for j in range(layout.g):
            for r in range(layout.N):
                if computed[(j, r)] != self.stored_parity(j, r):
                    return j, r
        return None


def recovery_check(data, layout):
    """§11.4, in its order: footer, table checksum, each data block's checksum then each parity
    block's, every group's parity recomputed → payload failure (§1 step 10)."""
    read = RecoveryRead(data, layout)
    if not read.footer_valid:                                            # 1
        start = layout.footer_start
        raise Refused("payload failure", f"recovery trailer: footer damaged (file bytes {start}..<{start + FOOTER})")
    if not read.table_valid:                                             # 2
        start, end = layout.table_start, layout.footer_start
        raise Refused("payload failure", f"recovery trailer: checksum table damaged (file bytes {start}..<{end})")
    for i in range(layout.blocks):                                       # 3
        if read.damaged(i):
            raise Refused("payload failure", f"recovery trailer: {layout.describe(i)} fails its checksum")
    mismatch = read.parity_mismatch()                                    # 4
    if mismatch:
        i = layout.parity_number(*mismatch)
        raise Refused("payload failure", f"recovery trailer: {layout.describe(i)} differs from the parity of its data")


def recovery_locate(data):
    """§11.5 step 1: the layout from the header when it parses (§1 steps 1–5) and has the
    extension, else from a valid footer in the last 32 bytes whose F(N) is the file's length."""
    try:
        header = header_parse(data)
    except Refused:
        header = None
    if header is not None:
        if not header.recovery:
            raise Refused("not repairable", "the header has no recovery extension (a 1.0 file): there is no trailer")
        try:
            return recovery_find_trailer(data, header.length, header.payload_length)
        except Refused as refusal:
            raise Refused("not repairable", f"{refusal} (a file that is cut or has bytes added is not repaired)")
    footer = recovery_footer(data[-FOOTER:])
    if footer is None:
        raise Refused("not repairable", "the header does not parse and the last 32 bytes are not a valid footer")
    protected, header_length, parity = footer
    layout = RecoveryLayout(header_length, protected - header_length, parity)
    if layout.file_length(parity) != len(data):
        raise Refused(
            "not repairable",
            f"the footer describes a file of {layout.file_length(parity)} bytes, this one has {len(data)} "
            "(a file that is cut or has bytes added is not repaired)",
        )
    layout.footer_valid = True
    return layout


def recovery_repair(data, parity=None):
    """§11.5: locate, find damage, rebuild, rewrite. Returns (repaired file, what was done)
    or raises Refused("not repairable", …); nothing is repaired unless everything can be."""
    layout = recovery_locate(data)                                       # 1
    read = RecoveryRead(data, layout)
    n, g = layout.n, layout.g
    if read.table_valid:                                                 # 2
        damaged = [i for i in range(n) if read.damaged(i)]
        intact_rows = {
            j: [r for r in range(layout.N) if not read.damaged(layout.parity_number(j, r))] for j in range(g)
        }
    else:
        mismatch = read.parity_mismatch()
        if mismatch:
            raise Refused(
                "not repairable",
                f"the checksum table is damaged and {layout.describe(layout.parity_number(*mismatch))} "
                "differs from its data: the damage cannot be located",
            )
        damaged = []  # the data is intact; the table is rebuilt in step 4
    blocks = list(read.blocks[:n])
    for j in range(g):                                                   # 3
        errors = [i for i in layout.group(j) if i in damaged]
        if not errors:
            continue
        rows = intact_rows[j][: len(errors)]
        if len(rows) < len(errors):
            raise Refused(
                "not repairable",
                f"group {j} has {len(errors)} damaged data blocks and {len(intact_rows[j])} intact parity "
                f"blocks: it is lost ({', '.join(layout.describe(i) for i in errors)})",
            )
        for i, rebuilt in recovery_solve(read, blocks, j, errors, rows).items():
            if recovery_entry(rebuilt) != read.entries[i]:
                raise Refused(
                    "not repairable",
                    f"rebuilt {layout.describe(i)} does not match its table entry: more damage than the "
                    "checksums show, or an altered trailer",
                )
            blocks[i] = rebuilt
    protected = b"".join(blocks)                                         # 4
    new_layout = layout.with_parity(parity or layout.N)
    repaired = protected + recovery_trailer(protected, new_layout)
    recovery_check(repaired, new_layout)  # §11.5 step 4: the result passes §11.4
    done = [f"rebuilt {layout.describe(i)}" for i in damaged]
    if not read.table_valid:
        done.append("rewrote the checksum table (its data proved intact by the parity)")
    return repaired, done


def recovery_solve(read, blocks, j, errors, rows):
    """§11.5 step 3 for group j: the damaged data blocks `errors` rebuilt from as many intact
    parity rows `rows` and the group's other blocks (taken from `blocks`). Returns {block
    number: rebuilt bytes, cut to the block's length in the file}; the caller compares each
    with its table entry."""
    layout, g = read.layout, read.layout.g
    syndromes = []
    for r in rows:
        accumulated = int.from_bytes(read.stored_parity(j, r), "little")
        for i in layout.group(j):
            if i not in errors:
                accumulated ^= gf_scale(recovery_coefficient(r, i // g), blocks[i].ljust(layout.B, b"\0"))
        syndromes.append(accumulated.to_bytes(layout.B, "little"))
    inverse = gf_invert([[recovery_coefficient(r, i // g) for i in errors] for r in rows])
    rebuilt = {}
    for b, i in enumerate(errors):
        accumulated = 0
        for a, syndrome in enumerate(syndromes):
            accumulated ^= gf_scale(inverse[b][a], syndrome)
        start, end = layout.block_range(i)
        rebuilt[i] = accumulated.to_bytes(layout.B, "little")[: end - start]
    return rebuilt


def recovery_rebuild_for_salvage(data):
    """§11.5, last paragraph: what a salvager rebuilds before it salvages (§6.6 step 1), in
    memory. With the trailer located (§11.5 step 1) and its table checksum holding, each group
    with k damaged data blocks and at least k intact parity rows is rebuilt (step 3), and each
    rebuilt block that matches its table entry replaces the damaged one; every other group, and
    everything when the trailer cannot be located or its table is damaged, stays as it is.
    Nothing is rewritten. Returns (the file's bytes with those blocks, the blocks rebuilt)."""
    try:
        layout = recovery_locate(data)
    except Refused:  # no trailer, or a file that is cut or has bytes added
        return data, []
    read = RecoveryRead(data, layout)
    if not read.table_valid:  # the checksums cannot locate damage (§11.5 step 2)
        return data, []
    blocks = list(read.blocks[: layout.n])
    rebuilt = []
    for j in range(layout.g):
        errors = [i for i in layout.group(j) if read.damaged(i)]
        rows = [r for r in range(layout.N) if not read.damaged(layout.parity_number(j, r))][: len(errors)]
        if not errors or len(rows) < len(errors):  # intact, or beyond repair
            continue
        for i, block in recovery_solve(read, blocks, j, errors, rows).items():
            if recovery_entry(block) == read.entries[i]:
                blocks[i] = block
                rebuilt.append(i)
    if not rebuilt:
        return data, []
    return b"".join(blocks) + data[layout.D :], sorted(rebuilt)


# --- §12 compressed records (version 1.1) -------------------------------------------------

COMPRESSION_EXTENSION = 0x8012  # critical (§12.1)
COMPRESSION_ZSTD = 1
ZSTD_MAGIC = bytes.fromhex("28b52ffd")  # RFC 8878 §3.1.1
MAX_GROUP_CONTENT = 16_777_216  # 16 MiB of decompressed content per group (§12.2 "Limits")
MAX_TOTAL_CONTENT = 1_073_741_824  # 1 GiB over all groups


def compression_extension(data, at):
    """§12.1: extension 0x8012 holds exactly the byte 01 (zstd); anything else is a header
    failure, checked where §1 step 5.3 asks whether this reader knows the type."""
    if data != bytes([COMPRESSION_ZSTD]):
        held = data.hex() or "nothing"
        raise Refused("header failure", f"compression extension at offset {at} holds {held}, not 01 (§12.1)")


def zstd_declared_size(frame):
    """The content size a zstd frame's header declares (RFC 8878 §3.1.1.1
    Frame_Content_Size), or None when it declares none; read before anything is
    decompressed. Raises ValueError when `frame` does not start with a zstd frame header."""
    if frame[:4] != ZSTD_MAGIC:
        raise ValueError(f"it does not start with the zstd magic 28 B5 2F FD (but {frame[:4].hex()})")
    if len(frame) < 5:
        raise ValueError("its zstd frame ends inside the frame header")
    descriptor = frame[4]
    if descriptor & 0x08:  # Reserved_Bit: a decoder must refuse the frame
        raise ValueError("its zstd frame header has the reserved bit set")
    single_segment = (descriptor >> 5) & 1
    content_size_bytes = (single_segment, 2, 4, 8)[descriptor >> 6]
    at = 5 + (0 if single_segment else 1) + (0, 1, 2, 4)[descriptor & 3]  # window, dictionary id
    if len(frame) < at + content_size_bytes:
        raise ValueError("its zstd frame ends inside the frame header")
    if not single_segment:  # §12.2 "The frame": a window of at most 16 MiB (RFC 8878 §3.1.1.1.2)
        exponent, mantissa = frame[5] >> 3, frame[5] & 7
        window = 1 << (10 + exponent)
        window += (window // 8) * mantissa
        if window > 1 << 24:
            raise ValueError(f"its zstd frame needs a window of {window} bytes, over 16 MiB")
    dictionary_bytes = (0, 1, 2, 4)[descriptor & 3]
    dictionary_at = 5 + (0 if single_segment else 1)
    if int.from_bytes(frame[dictionary_at : dictionary_at + dictionary_bytes], "little") != 0:
        raise ValueError("its zstd frame names a dictionary; none is defined")
    if content_size_bytes == 0:
        return None
    size = int.from_bytes(frame[at : at + content_size_bytes], "little")
    return size + 256 if content_size_bytes == 2 else size


def zstd_decompress(frame, declared):
    """One zstd frame and nothing after it, decompressed to exactly `declared` bytes (the
    caller has checked the limits). Raises ValueError otherwise."""
    if declared == 0:  # §12.2: the content is one or more records, so never empty
        raise ValueError("its frame declares no content; a group holds one or more records")
    try:
        import zstandard
    except ImportError:
        sys.exit("coffer_read.py: a compressed vault (spec §12) needs the zstandard package: "
                 "python3 -m pip install zstandard")
    try:
        content = zstandard.ZstdDecompressor().decompress(
            frame, max_output_size=declared, allow_extra_data=False
        )
    except zstandard.ZstdError as error:  # damaged frame, bytes after it, size mismatch
        raise ValueError(f"its zstd frame does not decompress: {error}")
    if len(content) != declared:
        raise ValueError(f"its zstd frame decompresses to {len(content)} bytes, not the {declared} it declares")
    return content


def group_records(content):
    """§12.2: a group's content is one or more records as §6.2 writes them, each `u32 length
    (≥ 1) ‖ bplist00`, and nothing else. Returns the records' bytes or raises ValueError."""
    records, at = [], 0
    while at < len(content):
        if at + 4 > len(content):
            raise ValueError(f"its content ends inside a record's length (content offset {at})")
        length = struct.unpack_from("<I", content, at)[0]
        if length < 1 or at + 4 + length > len(content):
            raise ValueError(f"its content holds a record of {length} bytes at offset {at}: empty or cut")
        records.append(content[at + 4 : at + 4 + length])
        at += 4 + length
    if not records:
        raise ValueError("its content holds no record")
    return records


# --- §13 private collections (version 1.1) ------------------------------------------------

COLLECTIONS_EXTENSION = 0x8013  # critical (§13.1)
COLLECTIONS_VERSION = 1
COLLECTIONS_INDEX_KEYS = {"members", "collections"}  # added to §6.3's four (§13.4)
COLLECTION_KEYS = {"id", "grants", "sealed"}
GRANT_FIELDS = {"member": 32, "ephemeral": 32, "key": 48}  # data lengths (§13.4)
MEMBER = 32
COLLECTION_ID = 16
MAX_COLLECTIONS = 64
COLLECTION_SALT = 32
MAX_COLLECTION_PLAIN = 268_435_456  # |Q| at most 256 MiB (§13.5)
CONTENTS_KEYS = {"format", "name", "revision", "members", "records", "blobs"}
CONTENTS_BLOB_KEYS = {"id", "data"}
NAME_BYTES = (1, 256)


def collections_extension(data, at):
    """§13.1: extension 0x8013 holds exactly the byte 01; anything else is a header failure,
    checked where §1 step 5.3 asks whether this reader knows the type."""
    if data != bytes([COLLECTIONS_VERSION]):
        held = data.hex() or "nothing"
        raise Refused("header failure", f"collections extension at offset {at} holds {held}, not 01 (§13.1)")


def is_data(value, *lengths):
    return type(value) is bytes and (not lengths or len(value) in lengths)


def collections_index(members, collections, slot_count):
    """§13.4: `members` one entry per keyslot (data of 0 or 32 bytes); `collections` at most
    64 entries of exactly id, grants, sealed, ids strictly ascending; grants of exactly member,
    ephemeral, key, members strictly ascending and each one a non-empty entry of `members`;
    `sealed` of a length §13.5 allows. Returns a problem or None (§6.5 step 2)."""
    if type(members) is not list:
        return "members is not an array"
    if len(members) != slot_count:
        return f"members has {len(members)} entries for {slot_count} keyslots"
    for number, member in enumerate(members):
        if not is_data(member, 0, MEMBER):
            return f"members[{number}] is not data of 0 or {MEMBER} bytes"
    known = {member for member in members if member}
    if type(collections) is not list:
        return "collections is not an array"
    if len(collections) > MAX_COLLECTIONS:
        return f"{len(collections)} collections, more than {MAX_COLLECTIONS}"
    previous = None
    for number, entry in enumerate(collections):
        if type(entry) is not dict or set(entry) != COLLECTION_KEYS:
            return f"collection {number} is not a dictionary of exactly id, grants, sealed"
        if not is_data(entry["id"], COLLECTION_ID):
            return f"collection {number} id is not {COLLECTION_ID} bytes of data"
        if previous is not None and entry["id"] <= previous:
            return f"collection {number} id {entry['id'].hex()} is not after {previous.hex()} (ascending)"
        previous = entry["id"]
        problem = collection_grants(entry["grants"], known)
        if problem:
            return f"collection {number}: {problem}"
        if not is_data(entry["sealed"]):
            return f"collection {number} sealed is not data"
        if not collection_sealed_length(len(entry["sealed"])):
            return f"collection {number} sealed is {len(entry['sealed'])} bytes, a length no sealed collection has"
    return None


def collection_grants(grants, known):
    """§13.4: a collection's grants (§13.3 triples), members strictly ascending, each member
    a non-empty entry of `members`."""
    if type(grants) is not list:
        return "grants is not an array"
    previous = None
    for number, grant in enumerate(grants):
        if type(grant) is not dict or set(grant) != set(GRANT_FIELDS):
            return f"grant {number} is not a dictionary of exactly member, ephemeral, key"
        for key, length in GRANT_FIELDS.items():
            if not is_data(grant[key], length):
                return f"grant {number} {key} is not {length} bytes of data"
        if previous is not None and grant["member"] <= previous:
            return f"grant {number} member is not after the previous one (ascending)"
        previous = grant["member"]
        if grant["member"] not in known:
            return f"grant {number} is to member {grant['member'].hex()}, no entry of members"
    return None


def collection_sealed_length(length):
    """§13.5 "A valid length": b = L − 32, c = ⌈b / 65,552⌉; b ≥ 21, b mod 65,552 is 0 or at
    least 21, and b − 16c ≤ 256 MiB."""
    b = length - COLLECTION_SALT
    c = ceil_div(b, CHUNK_SEALED)
    return b >= 21 and (b % CHUNK_SEALED == 0 or b % CHUNK_SEALED >= 21) and b - TAG * c <= MAX_COLLECTION_PLAIN


def x25519(secret, point):
    """RFC 7748 X25519(secret, point); None for the all-zero result (a low-order point)."""
    try:
        shared = X25519PrivateKey.from_private_bytes(secret).exchange(X25519PublicKey.from_public_bytes(point))
    except ValueError:  # `cryptography` refuses an all-zero shared secret
        return None
    return None if shared == bytes(32) else shared


def member_key(slot, kek, identity):
    """§13.2: the opening slot's member key (secret, public). Passphrase and key-file slots:
    secret = BLAKE2b-256 keyed with the slot's KEK over "coffer member key v1", public =
    X25519(secret, 9); a recipient slot: the identity r and R = X25519(r, 9)."""
    secret = identity if slot["type"] == 3 else blake2b256(b"coffer member key v1", key=kek)
    return secret, X25519PrivateKey.from_private_bytes(secret).public_key().public_bytes_raw()


def grant_open(grant, collection_id, member):
    """§13.3: S = X25519(m, E) (all-zero: the grant does not open); KEK = BLAKE2b-256 keyed
    with S over "coffer grant v1" ‖ E ‖ M; the 48-byte key opened with ChaCha20-Poly1305
    under KEK, nonce 12 zero bytes, the collection id as associated data. Returns the
    collection key or raises ValueError."""
    secret, public = member
    shared = x25519(secret, grant["ephemeral"])
    if shared is None:
        raise ValueError("its X25519 shared secret is all zero (a low-order ephemeral key)")
    kek = blake2b256(b"coffer grant v1" + grant["ephemeral"] + public, key=shared)
    try:
        return ChaCha20Poly1305(kek).decrypt(bytes(12), grant["key"], collection_id)
    except InvalidTag:
        raise ValueError("its key fails authentication")


def collection_unseal(collection_key, collection_id, sealed):
    """§13.5, in its order: every chunk's tag, then n ≥ 1 and 4 + n ≤ |Q|, |Q| = Padmé(4 + n)
    and zeros after the contents. Returns the n bytes of contents or raises ValueError."""
    salt, chunks = sealed[:COLLECTION_SALT], sealed[COLLECTION_SALT:]
    aead = ChaCha20Poly1305(blake2b256(b"coffer collection v1" + salt, key=collection_key))
    binding = blake2b256(b"coffer collection binding v1" + collection_id + salt)
    count = ceil_div(len(chunks), CHUNK_SEALED)
    pieces = []
    for i in range(count):
        nonce = i.to_bytes(11, "big") + (b"\x01" if i == count - 1 else b"\x00")
        try:
            pieces.append(aead.decrypt(nonce, chunks[i * CHUNK_SEALED : (i + 1) * CHUNK_SEALED], binding))
        except InvalidTag:
            raise ValueError(f"its chunk {i} (sealed bytes {COLLECTION_SALT + i * CHUNK_SEALED}..<"
                             f"{COLLECTION_SALT + min((i + 1) * CHUNK_SEALED, len(chunks))}) fails authentication")
    plain = b"".join(pieces)
    n = struct.unpack_from("<I", plain, 0)[0]  # |Q| ≥ 5 (§13.5 "A valid length")
    if n < 1 or 4 + n > len(plain):
        raise ValueError(f"its contents length {n} is 0 or past its plaintext of {len(plain)} bytes")
    if len(plain) != padme_function(4 + n):
        raise ValueError(f"its plaintext is {len(plain)} bytes, Padmé({4 + n}) is {padme_function(4 + n)}")
    if any(plain[4 + n :]):
        raise ValueError("bytes after its contents are not zero")
    return plain[4 : 4 + n]


def collection_contents(value):
    """§13.6: a dictionary of exactly format (the integer 1), name (1…256 bytes of UTF-8, no
    Cc), revision (integer ≥ 1), members (a non-empty array of 32-byte data, strictly
    ascending), records (array of dictionaries), blobs (array of exactly id, 16 bytes and
    unique, and data). Returns a problem or None."""
    if type(value) is not dict:
        return "its contents are not a dictionary"
    if set(value) != CONTENTS_KEYS:
        return f"its contents have keys {sorted(value)}, not {sorted(CONTENTS_KEYS)}"
    if not is_integer(value["format"]) or value["format"] != 1:
        return f"its contents format {value['format']!r} is not the integer 1"
    name = value["name"]
    if type(name) is not str:
        return "its name is not a string"
    if not NAME_BYTES[0] <= len(name.encode("utf-8")) <= NAME_BYTES[1]:
        return f"its name is {len(name.encode('utf-8'))} bytes of UTF-8, not 1…256"
    if any(unicodedata.category(c) == "Cc" for c in name):
        return "its name holds a control character"
    if not is_integer(value["revision"]) or value["revision"] < 1:
        return f"its revision {value['revision']!r} is not an integer ≥ 1"
    members = value["members"]
    if type(members) is not list or not members:
        return "its members are not a non-empty array"
    for number, member in enumerate(members):
        if not is_data(member, 32):
            return f"its member {number} is not 32 bytes of data"
        if number > 0 and not members[number - 1] < member:
            return "its members are not in strictly ascending order"
    if type(value["records"]) is not list:
        return "its records are not an array"
    for number, record in enumerate(value["records"]):
        if type(record) is not dict:
            return f"its record {number} is not a dictionary"
    if type(value["blobs"]) is not list:
        return "its blobs are not an array"
    ids = set()
    for number, blob in enumerate(value["blobs"]):
        if type(blob) is not dict or set(blob) != CONTENTS_BLOB_KEYS:
            return f"its blob {number} is not a dictionary of exactly id, data"
        if not is_data(blob["id"], 16):
            return f"its blob {number} id is not 16 bytes of data"
        if blob["id"] in ids:
            return f"its blob {number} id {blob['id'].hex()} is not unique"
        ids.add(blob["id"])
        if not is_data(blob["data"]):
            return f"its blob {number} data is not data"
    return None


class Collection:
    """An opened private collection: its place in the index, id, contents bytes and value."""

    def __init__(self, number, collection_id, contents, value):
        self.number, self.id, self.contents = number, collection_id, contents
        self.name, self.revision = value["name"], value["revision"]
        self.records, self.blobs = value["records"], value["blobs"]


def collections_open(index, member):
    """§13.7 (§1 step 11): for each collection in index order with a grant to this member's
    public key, the grant (§13.3), the sealed collection (§13.5), its contents (§13.6); any
    failure is a payload failure naming the collection. Returns the opened Collections."""
    opened = []
    for number, entry in enumerate(index["collections"]):
        grant = next((g for g in entry["grants"] if g["member"] == member[1]), None)
        if grant is None:
            continue  # not granted to this member: not opened (§13.7)
        try:
            collection_key = grant_open(grant, entry["id"], member)
            contents = collection_unseal(collection_key, entry["id"], entry["sealed"])
            try:
                value = bplist00(contents)
            except PlistInvalid as error:
                raise ValueError(f"its contents are not a strict bplist00 document: {error}")
            problem = collection_contents(value)
            if problem:
                raise ValueError(problem)
        except ValueError as error:
            raise Refused("payload failure", f"collection {number} (id {entry['id'].hex()}): {error}")
        opened.append(Collection(number, entry["id"], contents, value))
    return opened


# --- spec/PLIST.md §2: strict bplist00 ----------------------------------------------------


class PlistInvalid(Exception):
    """A bplist00 document spec/PLIST.md §2 refuses; the message starts with its code."""


class PlistDate(float):
    """A bplist date: seconds since 2001-01-01T00:00:00Z."""


class PlistUID(int):
    """A bplist UID."""


MAX_DEPTH = 512
sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * MAX_DEPTH + 200))  # two frames a level


def bplist00(data):
    """spec/PLIST.md §2: header, trailer, objects, structure limits. Returns the value."""
    if data[:8] != b"bplist00":
        raise PlistInvalid("unknownFormat: not bplist00")
    if len(data) < 41:
        raise PlistInvalid("invalidTrailer: shorter than 41 bytes")
    offset_size, ref_size, count, top, table = struct.unpack(">6xBBQQQ", data[-32:])
    if not (1 <= offset_size <= 8 and 1 <= ref_size <= 8):
        raise PlistInvalid("invalidTrailer: offset or reference size outside 1…8")
    if count < 1 or top >= count or table < 9:
        raise PlistInvalid("invalidTrailer: object count, top object or table offset")
    if count - 1 >= 1 << (8 * ref_size) or table - 1 >= 1 << (8 * offset_size):
        raise PlistInvalid("invalidTrailer: a size too narrow for what it addresses")
    if len(data) != table + count * offset_size + 32:
        raise PlistInvalid("invalidTrailer: the length is not table offset + offsets + trailer")
    offsets = [
        int.from_bytes(data[table + i * offset_size : table + (i + 1) * offset_size], "big") for i in range(count)
    ]
    if any(not 8 <= offset < table for offset in offsets):
        raise PlistInvalid("outOfBounds: an object offset outside the object area")
    budget = [max(1 << 20, 4 * len(data))]
    cache = {}

    def claim(start, length):
        if start + length > table:
            raise PlistInvalid(f"outOfBounds: object at {start} claims {length} bytes past the table")

    def unsigned(start, width):
        claim(start, width)
        return int.from_bytes(data[start : start + width], "big")

    def count_of(at, low):
        if low != 0xF:
            return low, at + 1
        claim(at + 1, 1)
        marker = data[at + 1]
        if marker not in (0x10, 0x11, 0x12, 0x13):
            raise PlistInvalid(f"invalidObject: count at {at + 1} is not a 1, 2, 4 or 8-byte integer")
        width = 1 << (marker & 0xF)
        return unsigned(at + 2, width), at + 2 + width

    def references(start, n):
        claim(start, n * ref_size)
        refs = [unsigned(start + i * ref_size, ref_size) for i in range(n)]
        if any(ref >= count for ref in refs):
            raise PlistInvalid("outOfBounds: a reference past the object count")
        return refs

    def value(ref, depth, path):
        budget[0] -= 1
        if budget[0] < 0:
            raise PlistInvalid("tooManyNodes: expanded-node budget exceeded")
        if ref in cache:
            return cache[ref]
        at = offsets[ref]
        marker = data[at]
        high, low = marker >> 4, marker & 0xF
        if marker in (0x08, 0x09):
            result = marker == 0x09
        elif high == 0x0:
            raise PlistInvalid(f"unsupportedObject: marker {marker:#04x} at {at}")
        elif high == 0x1:
            if low > 4:
                raise PlistInvalid(f"invalidObject: integer of 2^{low} bytes at {at}")
            width = 1 << low
            claim(at + 1, width)
            raw = data[at + 1 : at + 1 + width]
            if width == 16 and any(raw[:8]):
                raise PlistInvalid(f"invalidObject: 16-byte integer with high bytes at {at}")
            result = int.from_bytes(raw[-8:] if width == 16 else raw, "big", signed=width == 8)
        elif high == 0x2:
            if low not in (2, 3):
                raise PlistInvalid(f"invalidObject: real of marker {marker:#04x} at {at}")
            claim(at + 1, 1 << low)
            result = struct.unpack_from(">f" if low == 2 else ">d", data, at + 1)[0]
        elif high == 0x3:
            if marker != 0x33:
                raise PlistInvalid(f"invalidObject: date marker {marker:#04x} at {at}")
            claim(at + 1, 8)
            seconds = struct.unpack_from(">d", data, at + 1)[0]
            if not math.isfinite(seconds):
                raise PlistInvalid(f"invalidObject: date not finite at {at}")
            result = PlistDate(seconds)
        elif high == 0x4:
            n, start = count_of(at, low)
            claim(start, n)
            result = data[start : start + n]
        elif high == 0x5:
            n, start = count_of(at, low)
            claim(start, n)
            if any(b >= 0x80 for b in data[start : start + n]):
                raise PlistInvalid(f"invalidString: non-ASCII byte in an ASCII string at {at}")
            result = data[start : start + n].decode("ascii")
        elif high == 0x6:
            n, start = count_of(at, low)
            claim(start, 2 * n)
            try:
                result = data[start : start + 2 * n].decode("utf-16-be")
            except UnicodeDecodeError:
                raise PlistInvalid(f"invalidString: unpaired surrogate at {at}")
        elif high == 0x8:
            if low not in (0, 1, 3, 7):
                raise PlistInvalid(f"invalidObject: UID of {low + 1} bytes at {at}")
            result = PlistUID(unsigned(at + 1, low + 1))
        elif high in (0xA, 0xD):
            return container(ref, at, high, low, depth, path)
        else:
            raise PlistInvalid(f"unsupportedObject: marker {marker:#04x} at {at}")
        cache[ref] = result
        return result

    def container(ref, at, high, low, depth, path):
        if depth >= MAX_DEPTH:
            raise PlistInvalid(f"tooDeep: more than {MAX_DEPTH} nested containers")
        if ref in path:
            raise PlistInvalid(f"cycle: object {ref} contains itself")
        path.add(ref)
        n, start = count_of(at, low)
        if high == 0xA:
            result = [value(r, depth + 1, path) for r in references(start, n)]
        else:
            claim(start, 2 * n * ref_size)
            keys, values = references(start, n), references(start + n * ref_size, n)
            result, seen = {}, set()
            for key_ref, value_ref in zip(keys, values):
                if data[offsets[key_ref]] >> 4 not in (0x5, 0x6):
                    raise PlistInvalid(f"invalidKey: a dictionary key at {offsets[key_ref]} is not a string")
                key = value(key_ref, depth + 1, path)
                # spec/PLIST.md §1: keys compare as Swift Strings, by canonical equivalence.
                normal = unicodedata.normalize("NFC", key)
                if normal in seen:
                    raise PlistInvalid(f"invalidKey: key {key!r} twice in the dictionary at {at}")
                seen.add(normal)
                result[key] = value(value_ref, depth + 1, path)
        path.discard(ref)
        return result

    return value(top, 0, set())


def for_xml(value):
    """A decoded value as plistlib can write it in XML (dates as datetimes, UIDs as CF does)."""
    if type(value) is dict:
        return {k: for_xml(v) for k, v in value.items()}
    if type(value) is list:
        return [for_xml(v) for v in value]
    if isinstance(value, PlistDate):
        try:
            return datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=float(value))
        except OverflowError:
            return f"<date {float(value)} s after 2001-01-01>"
    if isinstance(value, PlistUID):
        return {"CF$UID": int(value)}
    return value


# --- §8 and §9 ----------------------------------------------------------------------------


def read_vault(data, passphrase=None, key_file=None, identity=None, memory_policy=True):
    """(class, detail, payload SHA-256 or None, records, blobs, opened collections or None
    when the vault has no collections extension)."""
    try:
        header, chunks, records, blobs, opened = order_of_checks(data, passphrase, key_file, identity, memory_policy)
    except Refused as refusal:
        return refusal.kind, str(refusal), None, None, None, None
    digest = hashlib.sha256(b"".join(chunks)).hexdigest()
    return "success", "", digest, records, blobs, opened if header.collections else None


def collections_digest(opened):
    """The test kit's `collections:` value: the number of collections opened, and SHA-256 of
    their contents bplist00 bytes (the n bytes after the u32 length, §13.5) in index order."""
    return f"{len(opened)} {hashlib.sha256(b''.join(c.contents for c in opened)).hexdigest()}"


class InvalidVector(Exception):
    """A test-kit file that breaks §9: a harness stops."""


VECTOR_KEYS = ("expect", "passphrase", "key file", "identity", "payload", "repair", "collections", "comment")
HEX_BYTES = {"identity": (32, 32), "payload": (32, 32), "key file": (16, None)}


def test_kit_vector(raw):
    """§9: `key: value` lines (exactly one space after the colon, the value as it is), a
    blank line, then the file's bytes. Returns (fields, bytes) or raises InvalidVector."""
    if raw.startswith(b"\n"):
        text, body = b"", raw[1:]
    else:
        cut = raw.find(b"\n\n")
        if cut < 0:
            raise InvalidVector("no blank line after the text lines")
        text, body = raw[:cut], raw[cut + 2 :]
    try:
        lines = text.decode("utf-8").split("\n") if text else []
    except UnicodeDecodeError:
        raise InvalidVector("the text lines are not UTF-8")
    fields = {}
    for number, line in enumerate(lines, 1):
        if "\r" in line:
            raise InvalidVector(f"line {number} holds a CR")
        key, colon, rest = line.partition(":")
        if not colon or not rest.startswith(" "):
            raise InvalidVector(f"line {number} is not `key: value`")
        if key not in VECTOR_KEYS:
            raise InvalidVector(f"line {number}: unknown key {key!r}")
        if key in fields:
            raise InvalidVector(f"line {number}: key {key!r} repeated")
        fields[key] = rest[1:]
    if "expect" not in fields:
        raise InvalidVector("no `expect:` line")
    if fields["expect"] not in EXIT_CODES:
        raise InvalidVector(f"unknown class {fields['expect']!r}")
    if ("payload" in fields) != (fields["expect"] == "success"):
        raise InvalidVector("`payload:` belongs on every success vector and only there")
    for key, (least, most) in HEX_BYTES.items():
        if key in fields:
            value = fields[key]
            if len(value) % 2 or any(c not in "0123456789abcdef" for c in value):
                raise InvalidVector(f"`{key}:` is not lowercase hex, two digits per byte")
            if len(value) // 2 < least or (most is not None and len(value) // 2 > most):
                raise InvalidVector(f"`{key}:` has {len(value) // 2} bytes")
    if "repair" in fields:  # §9: a SHA-256 (32 bytes, lowercase hex) or `impossible`
        value = fields["repair"]
        if value != "impossible" and (len(value) != 64 or any(c not in "0123456789abcdef" for c in value)):
            raise InvalidVector("`repair:` is neither `impossible` nor 32 bytes of lowercase hex")
    if "collections" in fields:  # `<count> <sha256 hex>`, on success vectors only (like payload:)
        if fields["expect"] != "success":
            raise InvalidVector("`collections:` belongs on success vectors only")
        count, space, value = fields["collections"].partition(" ")
        if (
            not space or not count.isascii() or not count.isdigit() or (count != "0" and count.startswith("0"))
            or len(value) != 64 or any(c not in "0123456789abcdef" for c in value)
        ):
            raise InvalidVector("`collections:` is not `<count> <32 bytes of lowercase hex>`")
    return fields, body


def repair_outcome(data):
    """§9 `repair:`: the SHA-256 of a keyless repair's result (§11.5), or `impossible`."""
    try:
        repaired, _ = recovery_repair(data)
    except Refused:
        return "impossible"
    return hashlib.sha256(repaired).hexdigest()


def has_trailer(data):
    try:
        return keyless_checks(data).trailer is not None
    except Refused:
        return False


def run_testkit(directory):
    names = sorted(n for n in os.listdir(directory) if n != "README.md")
    failures = 0
    for name in names:
        with open(os.path.join(directory, name), "rb") as f:
            raw = f.read()
        try:
            fields, body = test_kit_vector(raw)
        except InvalidVector as error:
            print(f"INVALID {name}: {error} (spec §9: the harness stops)")
            return 1
        kind, detail, digest, _, _, opened = read_vault(
            body,
            passphrase=fields["passphrase"].encode() if "passphrase" in fields else None,
            key_file=bytes.fromhex(fields["key file"]) if "key file" in fields else None,
            identity=bytes.fromhex(fields["identity"]) if "identity" in fields else None,
        )
        ok = kind == fields["expect"] and (kind != "success" or digest == fields["payload"])
        if not ok:
            failures += 1
            print(f"FAIL {name}: expected {fields['expect']}, got {kind} {detail} {digest or ''}")
        # `collections:`: the count and digest of the collections the key opened (§13.7). A
        # success vector of a vault with the extension must carry it; one without must not.
        elif kind == "success" and ("collections" in fields or opened is not None):
            got = collections_digest(opened) if opened is not None else "no collections extension"
            if got != fields.get("collections", "no `collections:` line"):
                failures += 1
                print(f"FAIL {name}: collections expected {fields.get('collections', 'no line')}, got {got}")
        # `repair:` (§9); on a success vector with a trailer, which has none, §11.4 found
        # nothing to repair, so a repair must give the file itself.
        expected_repair = fields.get("repair")
        if expected_repair is None and kind == "success" and has_trailer(body):
            expected_repair = hashlib.sha256(body).hexdigest()
        if expected_repair is not None:
            outcome = repair_outcome(body)
            if outcome != expected_repair:
                failures += 1
                print(f"FAIL {name}: repair expected {expected_repair}, got {outcome}")
    print(f"{len(names) - failures}/{len(names)} vectors as expected")
    return 0 if failures == 0 else 1


# --- §10 keys as files --------------------------------------------------------------------

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
    parser.add_argument(
        "--allow-kdf-memory", action="store_true", help="skip the local memory policy of spec §3"
    )
    parser.add_argument("--check", action="store_true", help="keyless: §1 steps 1–6 and the trailer (§11.4)")
    parser.add_argument("--repair", metavar="OUT", help="keyless repair from the recovery trailer (§11.5)")
    parser.add_argument(
        "--parity", type=int, choices=range(1, MAX_PARITY + 1), metavar="N", help="with --repair: N rows per group"
    )
    parser.add_argument(
        "--salvage", action="store_true", help="with a key: recover the intact records and blobs (§6.6, §12.4)"
    )
    parser.add_argument("--testkit", metavar="DIR")
    args = parser.parse_args()
    if args.testkit:
        return run_testkit(args.testkit)
    if not args.vault:
        parser.error("a vault or --testkit DIR")
    if args.parity and not args.repair:
        parser.error("--parity goes with --repair")
    if args.salvage and (args.check or args.repair):
        parser.error("--salvage needs a key; --check and --repair need none")
    with open(args.vault, "rb") as f:
        data = f.read()
    if args.check:
        return keyless_main(args.vault, data)
    if args.repair:
        return repair_main(args.vault, data, args.repair, args.parity)
    passphrase = key_file = identity = None
    if args.passphrase_file:
        with open(args.passphrase_file, "rb") as f:
            passphrase = f.read().replace(b"\r", b"\n").split(b"\n")[0]  # spec §10
    if args.key_file:
        with open(args.key_file, "rb") as f:
            key_file = f.read()
    if args.identity:
        identity = read_identity(args.identity)
    if args.salvage:
        return salvage_main(args.vault, data, passphrase, key_file, identity, not args.allow_kdf_memory, args.dump)
    kind, detail, digest, records, blobs, opened = read_vault(
        data, passphrase, key_file, identity, memory_policy=not args.allow_kdf_memory
    )
    if kind != "success":
        print(f"{args.vault}: {detail}")
        return EXIT_CODES[kind]
    print(f"{args.vault}: success, payload SHA-256 {digest}, {len(records)} records, {len(blobs)} blobs")
    if opened is not None:  # §13.7: the private collections this key's member key opened
        print(f"{args.vault}: {len(opened)} private collection(s) opened")
        for collection in opened:
            print(
                f"{args.vault}: collection {collection.number} \"{printable(collection.name)}\" (id "
                f"{collection.id.hex()}, revision {collection.revision}): {len(collection.records)} records, "
                f"{len(collection.blobs)} blobs"
            )
    if args.dump:
        return dump_records(args.vault, records)
    return 0


def dump_records(path, records):
    """--dump: the records as an XML plist on standard output."""
    try:
        sys.stdout.write(plistlib.dumps(for_xml(records), fmt=plistlib.FMT_XML).decode("utf-8"))
    except (ValueError, TypeError, OverflowError) as error:  # e.g. a control character
        print(f"{path}: the records cannot be written as an XML plist: {error}")
        return 1
    return 0


def printable(text):
    """A name as §3 "Labels" says `coffer` prints text from a file: every control (Cc),
    format character (Cf) and line or paragraph separator as \\u{HEX}, and `\\` as `\\\\`."""
    return "".join(
        "\\\\" if c == "\\" else f"\\u{{{ord(c):X}}}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
        for c in text
    )


def keyless_main(path, data):
    """--check: §1 steps 1–6, then §11.4 for a file with a trailer (coffer verify without a key)."""
    try:
        header = keyless_checks(data)
        if header.trailer is not None:
            recovery_check(data, header.trailer)
    except Refused as refusal:
        print(f"{path}: {refusal}")
        return EXIT_CODES[refusal.kind]
    trailer = header.trailer
    if trailer is None:
        print(f"{path}: header intact (no recovery trailer); without a key nothing more is checked")
    else:
        print(
            f"{path}: header and recovery trailer intact ({trailer.n} blocks of {trailer.B} bytes, {trailer.g} "
            f"group(s), {trailer.N} parity row(s)); without a key the MAC and AEAD tags are not checked"
        )
    return 0


def salvage_main(path, data, passphrase, key_file, identity, memory_policy, dump):
    """--salvage: §6.6 with a key, reported as `coffer salvage` reports it. A file that does not
    open (§1 steps 1–5, 7–8) exits with its class; one that opens exits 0 when something was
    recovered or nothing was lost, and with the payload failure's code when everything was."""
    try:
        data, rebuilt, header, file_key = salvage_open(data, passphrase, key_file, identity, memory_policy)
        salvaging = PayloadSalvage(data, header, file_key)
        result = salvaging.salvage()
    except Refused as refusal:
        print(f"{path}: {refusal}")
        return EXIT_CODES[refusal.kind]
    if rebuilt:
        print(f"{path}: rebuilt {len(rebuilt)} damaged data block(s) from the recovery trailer before salvaging")
    for number in result.damaged:
        first, last = salvaging.sealed_range(number)
        print(f"{path}: damaged chunk {number} (file bytes {first}..<{last})")
    if result.missing:
        print(f"{path}: missing {result.missing} chunk(s) at the end (the file is cut)")
    if result.index_lost:
        print(f"{path}: index lost: record count unknown, blobs cannot be located")
        if header.collections:
            print(f"{path}: private collections lost with the index (they were sealed in it)")
    recovered = len(result.records)
    if result.expected is None:
        print(f"{path}: records {recovered} recovered")
    else:
        print(f"{path}: records {recovered} of {result.expected} recovered, {result.expected - recovered} lost")
    if result.index_lost:
        print(f"{path}: blobs unknown: lost with the index")
    else:
        print(f"{path}: blobs {len(result.blobs)} recovered, {len(result.blobs_lost)} lost")
    for blob_id in result.blobs_lost:
        print(f"{path}:   lost blob {blob_id.hex()}")
    if result.collections:
        print(f"{path}: collections {result.collections} private collection(s) carried, sealed, in the index")
    if dump and dump_records(path, result.records):
        return 1
    lost = result.index_lost or result.expected != recovered or result.blobs_lost
    if lost and not (result.records or result.blobs or result.collections):
        return EXIT_CODES["payload failure"]
    return 0


def repair_main(path, data, out, parity):
    """--repair OUT: §11.5, the result written to a new file OUT."""
    try:
        repaired, done = recovery_repair(data, parity)
    except Refused as refusal:
        print(f"{path}: {refusal}")
        return 1
    with open(out, "xb") as f:
        f.write(repaired)
    for line in done:
        print(f"{path}: {line}")
    if repaired == data:
        print(f"{path}: nothing to repair; {out} is a copy")
    else:
        print(f"{path}: repaired into {out}, SHA-256 {hashlib.sha256(repaired).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
