#!/usr/bin/env python3
"""Writes the planted surface maps the tests read: the same 42 values in every format and encoding.

Values: vertex v holds round(sin(v) * 5, 4) (so negative and positive values, none whole); vertex 7 holds 9.5.
GIFTI as the GIFTI 1.0 standard lays it out (ASCII, Base64Binary and GZipBase64Binary, which is zlib with its
header, as nibabel writes it; one file with two arrays and Name metadata, one big-endian int32), FreeSurfer's
MGH (big-endian, data at byte 284; .mgz gzip-compressed) and curv ("new" format, magic FF FF FF)."""
import base64, gzip, math, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
N = 42
VALUES = [9.5 if v == 7 else round(math.sin(v) * 5, 4) for v in range(N)]


def data_array(values, encoding, name=None, endian="LittleEndian", dtype="NIFTI_TYPE_FLOAT32"):
    if dtype == "NIFTI_TYPE_INT32":
        raw = struct.pack(("<" if endian == "LittleEndian" else ">") + "%di" % len(values), *[int(v) for v in values])
    else:
        raw = struct.pack(("<" if endian == "LittleEndian" else ">") + "%df" % len(values), *values)
    if encoding == "ASCII":
        payload = "\n".join("%.4f" % v for v in values)
    elif encoding == "Base64Binary":
        payload = base64.b64encode(raw).decode()
    else:
        payload = base64.b64encode(zlib.compress(raw)).decode()
    meta = ""
    if name:
        meta = "<MetaData><MD><Name><![CDATA[Name]]></Name><Value><![CDATA[%s]]></Value></MD></MetaData>" % name
    return ('<DataArray Intent="NIFTI_INTENT_NONE" DataType="%s" ArrayIndexingOrder="RowMajorOrder" '
            'Dimensionality="1" Dim0="%d" Encoding="%s" Endian="%s" ExternalFileName="" ExternalFileOffset="">\n'
            '%s\n<Data>%s</Data>\n</DataArray>\n' % (dtype, len(values), encoding, endian, meta, payload))


def gifti(arrays):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE GIFTI SYSTEM "http://www.nitrc.org/frs/download.php/115/gifti.dtd">\n'
            '<GIFTI Version="1.0" NumberOfDataArrays="%d">\n<MetaData/>\n<LabelTable/>\n%s</GIFTI>\n' % (len(arrays), "".join(arrays)))


def write(name, data, mode="w"):
    with open(os.path.join(HERE, name), mode) as f:
        f.write(data)


write("planted_ascii.func.gii", gifti([data_array(VALUES, "ASCII")]))
write("planted_base64.shape.gii", gifti([data_array(VALUES, "Base64Binary")]))
write("planted_zlib.func.gii", gifti([data_array(VALUES, "GZipBase64Binary", name="positive"),
                                      data_array([-v for v in VALUES], "GZipBase64Binary", name="negative")]))
write("planted_int32_be.func.gii", gifti([data_array([round(v) for v in VALUES], "Base64Binary", endian="BigEndian",
                                                     dtype="NIFTI_TYPE_INT32")]))
header = struct.pack(">7i", 1, N, 1, 1, 2, 3, 0) + struct.pack(">h", 0)
mgh = header + b"\0" * (284 - len(header)) + struct.pack(">%df" % N, *VALUES) + struct.pack(">%df" % N, *[2 * v for v in VALUES])
write("planted.mgh", mgh, "wb")
write("planted.mgz", gzip.compress(mgh, mtime=0), "wb")
write("lh.planted_thickness", b"\xff\xff\xff" + struct.pack(">3i", N, 80, 1) + struct.pack(">%df" % N, *VALUES), "wb")
