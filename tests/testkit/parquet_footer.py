"""Rewriting a Parquet file's footer, to build files whose footer lies about their size.

A Parquet footer is a Thrift compact-protocol ``FileMetaData``; this module reads it into
plain ``[field id, type, value]`` lists, lets a test change fields, and writes it back
(no Thrift library needed).  Field ids (parquet.thrift): FileMetaData 3 num_rows,
4 row_groups; RowGroup 1 columns, 2 total_byte_size, 3 num_rows, 6 total_compressed_size;
ColumnChunk 3 meta_data; ColumnMetaData 5 num_values, 6 total_uncompressed_size,
7 total_compressed_size.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

Field = list[Any]  # [field id, compact type, value]
_STRUCT, _LIST, _SET, _MAP = 12, 9, 10, 11


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self) -> int:
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self) -> int:
        shift = out = 0
        while True:
            b = self.byte()
            out |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return out

    def zigzag(self) -> int:
        n = self.varint()
        return (n >> 1) ^ -(n & 1)

    def value(self, t: int) -> Any:
        if t in (1, 2):
            return t == 1
        if t == 3:
            return self.byte()
        if t in (4, 5, 6):
            return self.zigzag()
        if t == 7:
            v = struct.unpack("<d", self.data[self.pos:self.pos + 8])[0]
            self.pos += 8
            return v
        if t == 8:
            n = self.varint()
            v = self.data[self.pos:self.pos + n]
            self.pos += n
            return v
        if t in (_LIST, _SET):
            head = self.byte()
            n, et = head >> 4, head & 0x0F
            if n == 15:
                n = self.varint()
            return [et, [self.value(et) if et not in (1, 2) else self.byte() == 1
                         for _ in range(n)]]
        if t == _STRUCT:
            return self.struct()
        raise ValueError(f"thrift type {t} not handled")

    def struct(self) -> list[Field]:
        fields: list[Field] = []
        last = 0
        while True:
            head = self.byte()
            if head == 0:
                return fields
            delta, t = head >> 4, head & 0x0F
            fid = last + delta if delta else self.zigzag()
            fields.append([fid, t, self.value(t)])
            last = fid


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        if n < 0x80:
            out.append(n)
            return bytes(out)
        out.append((n & 0x7F) | 0x80)
        n >>= 7


def _zigzag(n: int) -> bytes:
    return _varint((n << 1) ^ (n >> 63))


def _value(t: int, v: Any) -> bytes:
    if t in (1, 2):
        return b""
    if t == 3:
        return bytes([v])
    if t in (4, 5, 6):
        return _zigzag(v)
    if t == 7:
        return struct.pack("<d", v)
    if t == 8:
        return _varint(len(v)) + v
    if t in (_LIST, _SET):
        et, items = v
        head = bytes([(len(items) << 4) | et]) if len(items) < 15 else \
            bytes([0xF0 | et]) + _varint(len(items))
        body = b"".join(bytes([1 if x else 2]) if et in (1, 2) else _value(et, x) for x in items)
        return head + body
    if t == _STRUCT:
        return encode_struct(v)
    raise ValueError(f"thrift type {t} not handled")


def encode_struct(fields: list[Field]) -> bytes:
    out = bytearray()
    last = 0
    for fid, t, v in fields:
        wire_t = (1 if v else 2) if t in (1, 2) else t
        delta = fid - last
        out += bytes([(delta << 4) | wire_t]) if 0 < delta <= 15 else bytes([wire_t]) + _zigzag(fid)
        out += _value(t, v)
        last = fid
    return bytes(out + b"\x00")


def get(fields: list[Field], fid: int) -> Field:
    return next(f for f in fields if f[0] == fid)


def read_footer(path: Path) -> tuple[bytes, list[Field]]:
    """The file's bytes before its footer, and the footer as fields."""
    data = path.read_bytes()
    assert data[-4:] == b"PAR1"
    n = struct.unpack("<I", data[-8:-4])[0]
    start = len(data) - 8 - n
    return data[:start], _Reader(data[start:start + n]).struct()


def write_footer(path: Path, body: bytes, meta: list[Field]) -> None:
    raw = encode_struct(meta)
    path.write_bytes(body + raw + struct.pack("<I", len(raw)) + b"PAR1")


def lie(path: Path, rows: int = 10, size: int = 0) -> Path:
    """Rewrite ``path``'s footer to say ``rows`` games in all, each row group ``rows`` games of
    ``size`` bytes, each column chunk ``rows`` values of ``size`` bytes unpacked (the pages
    are left as they are)."""
    body, meta = read_footer(path)
    get(meta, 3)[2] = rows
    for group in get(meta, 4)[2][1]:
        get(group, 2)[2] = size
        get(group, 3)[2] = rows
        for chunk in get(group, 1)[2][1]:
            cmeta = get(chunk, 3)[2]
            get(cmeta, 5)[2] = rows
            get(cmeta, 6)[2] = size
    write_footer(path, body, meta)
    return path
