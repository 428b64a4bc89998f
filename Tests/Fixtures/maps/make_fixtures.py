"""Writes the VMP/SMP fixtures in this folder and EXPECTED.json (what bvbabel reads back from them).

Run with a Python that has bvbabel 0.4.0:  python make_fixtures.py
`python make_fixtures.py --describe FILE...` prints, as JSON, what bvbabel reads from other files
(the round-trip test runs it on files the engine wrote, when such a Python is available).
NR-VMP v6 and SMP v5 files are written by bvbabel's own writers. bvbabel's SMP writer always writes
the version-5 fields, so the SMP v1-v4 files are written here, field by field in the order bvbabel's
reader expects; every file is then read back with bvbabel and EXPECTED.json holds what it reported.
"""
import json
import os
import struct
import sys

import numpy as np
import bvbabel

HERE = os.path.dirname(os.path.abspath(__file__))


def values(shape, seed):
    """Deterministic float32 test values with zeros, negatives and a peak."""
    rng = np.random.default_rng(seed)
    v = rng.normal(0, 2, size=shape).astype(np.float32)
    v[np.abs(v) < 0.5] = 0
    return v


def vmp_to_bvbabel(file_order):
    """File-order (maps, z, y, x) array -> the orientation bvbabel's writer takes."""
    if file_order.shape[0] == 1:
        return np.transpose(file_order[0], (0, 2, 1))[::-1, ::-1, ::-1]
    return np.transpose(file_order, (1, 3, 2, 0))[::-1, ::-1, ::-1, :]


def lag_to_bvbabel(file_order):
    """A single cross-correlation map: bvbabel takes (lag, correlation) pairs and stores their sum."""
    one = vmp_to_bvbabel(file_order)
    lag = np.floor(one)
    return np.stack((lag, one - lag), axis=3)


def bvbabel_to_vmp(data, n_maps):
    if n_maps == 1 and data.ndim == 4:
        data = data[..., 0] + data[..., 1]
    if n_maps == 1:
        return np.transpose(data[::-1, ::-1, ::-1], (0, 2, 1))[None]
    return np.transpose(data[::-1, ::-1, ::-1, :], (3, 0, 2, 1))


def make_vmp(name, maps, start, end, res, seed, time_points=0, params=()):
    header, _ = bvbabel.vmp.create_vmp()
    header["XStart"], header["YStart"], header["ZStart"] = start
    header["XEnd"], header["YEnd"], header["ZEnd"] = end
    header["Resolution"] = res
    header["NrOfSubMaps"] = len(maps)
    header["NrOfTimePoints"] = time_points
    header["NrOfComponentParams"] = len(params)
    header["NameOfVTCFile"] = "run1_3DMCTS_MNI.vtc"
    header["NameOfProtocolFile"] = "localiser.prt"
    template = header["Map"][0]
    header["Map"] = []
    for m, extra in enumerate(maps):
        entry = dict(template)
        entry["FDRTableInfo"] = np.zeros((0, 3))
        entry.update(extra)
        if "FDRTableInfo" in extra:
            entry["SizeOfFDRTable"] = len(extra["FDRTableInfo"])
        header["Map"].append(entry)
    if time_points:
        header["ComponentTimeCourseValues"] = [np.arange(time_points, dtype=np.float32) * (m + 1) for m in range(len(maps))]
    if params:
        header["ComponentTimeCourseParams"] = [{"Name": p, "Values": [float(i + 10 * m) for m in range(len(maps))]}
                                               for i, p in enumerate(params)]
    dims = [(e - s) // res for s, e in zip(start, end)]
    order = values((len(maps), dims[2], dims[1], dims[0]), seed)
    lag = len(maps) == 1 and maps[0].get("TypeOfMap") == 3
    bvbabel.vmp.write_vmp(os.path.join(HERE, name), header, (lag_to_bvbabel if lag else vmp_to_bvbabel)(order))


def smp_bytes(version, vertices, maps, srf):
    out = struct.pack("<hih", version, vertices, len(maps)) + srf.encode() + b"\0"
    for m in maps:
        out += struct.pack("<i", m["type"])
        if version >= 3 and m["type"] == 3:
            out += struct.pack("<iiii", 8, -4, 4, 1)
        out += struct.pack("<iBff", m["cluster"], 1, m["tmin"], m["tmax"])
        if version >= 4:
            out += struct.pack("<i", 1)
        out += struct.pack("<ii", m["df1"], 0)
        if version >= 5:
            out += struct.pack("<i", 3)
        out += struct.pack("<i", vertices)
        if version >= 2:
            out += bytes([255, 0, 0, 255, 255, 0])
            if version >= 4:
                out += bytes([0, 0, 255, 0, 255, 255])
            out += bytes([0])
            if version >= 5:
                out += b"<default>\0"
            out += struct.pack("<f", 0.75)
        out += m["name"].encode() + b"\0"
        out += m["values"].astype("<f4").tobytes()
    return out


def make_smp(name, version, vertices, seed, by_bvbabel=False):
    maps = [
        {"type": 1, "cluster": 25, "tmin": 2.5, "tmax": 8.0, "df1": 40, "name": "Faces > Houses",
         "values": values(vertices, seed)},
        {"type": 3 if version >= 3 else 4, "cluster": 1, "tmin": 0.3, "tmax": 1.0, "df1": 2, "name": "second map",
         "values": values(vertices, seed + 1)},
    ]
    path = os.path.join(HERE, name)
    if by_bvbabel:
        header, _ = bvbabel.smp.create_smp(nr_maps=2, nr_vertices=vertices)
        header["SRF file"] = "lh_pial.srf"
        for h, m in zip(header["Map"], maps):
            h.update({"Map type": m["type"], "Cluster size": m["cluster"], "Cluster checkbox": 1,
                      "Threshold min": m["tmin"], "Threshold max": m["tmax"], "Degrees of freedom 1": m["df1"],
                      "Degrees of freedom 2": 0, "Name": m["name"], "Color transparency": 0.75,
                      "Bonferroni correction value": vertices})
            if m["type"] == 3:
                h.update({"CC nr lags": 8, "CC min lag": -4, "CC max lag": 4, "CC overlay": 1})
        bvbabel.smp.write_smp(path, header, np.stack([m["values"] for m in maps], axis=1))
    else:
        with open(path, "wb") as f:
            f.write(smp_bytes(version, vertices, maps, "lh_pial.srf"))


def plain(value):
    if isinstance(value, np.ndarray):
        return [plain(v) for v in value.tolist()]
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating, float)):
        return float(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def stats(v):
    v = np.asarray(v, dtype=np.float64).ravel()
    return {"sum": float(v.sum()), "min": float(v.min()), "max": float(v.max()), "nonZero": int((v != 0).sum()),
            "first": float(v[0]), "last": float(v[-1]), "at17": float(v[17])}


def describe_vmp(path):
    header, data = bvbabel.vmp.read_vmp(path)
    order = bvbabel_to_vmp(data, header["NrOfSubMaps"])
    out = {k: plain(v) for k, v in header.items() if k not in ("Map", "ComponentTimeCourseValues", "ComponentTimeCourseParams")}
    out["Map"] = [{k: plain(v) for k, v in m.items()} for m in header["Map"]]
    out["values"] = [stats(order[m]) for m in range(header["NrOfSubMaps"])]
    if "ComponentTimeCourseValues" in header:
        out["ComponentTimeCourseValues"] = plain(header["ComponentTimeCourseValues"])
    if "ComponentTimeCourseParams" in header:
        out["ComponentTimeCourseParams"] = [{"Name": p["Name"], "Values": plain(p["Values"])} for p in header["ComponentTimeCourseParams"]]
    return out


def describe_smp(path):
    header, data = bvbabel.smp.read_smp(path)
    out = {k: plain(v) for k, v in header.items() if k != "Map"}
    out["Map"] = [{k: plain(v) for k, v in m.items()} for m in header["Map"]]
    out["values"] = [stats(data[:, m]) for m in range(data.shape[1])]
    return out


def describe(path):
    return describe_vmp(path) if path.lower().endswith(".vmp") else describe_smp(path)


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "--describe":
    print(json.dumps({path: describe(path) for path in sys.argv[2:]}, sort_keys=True))
elif __name__ == "__main__":
    make_vmp("two_maps_v6.vmp", [
        {"TypeOfMap": 1, "MapThreshold": 3.1, "UpperThreshold": 8.0, "MapName": "Faces > Houses", "DF1": 120,
         "ClusterSizeThreshold": 4, "EnableClusterSizeThreshold": 1,
         "FDRTableInfo": np.array([[0.01, 4.2, 4.9], [0.05, 3.3, 3.8]]), "UseFDRTableIndex": 1, "NrOfUsedVoxels": 480},
        {"TypeOfMap": 4, "MapThreshold": 5.0, "UpperThreshold": 20.0, "MapName": "Main effect", "DF1": 2, "DF2": 118},
    ], start=(100, 100, 100), end=(130, 124, 118), res=3, seed=1)
    make_vmp("lag_map_v6.vmp", [
        {"TypeOfMap": 3, "MapThreshold": 0.3, "UpperThreshold": 1.0, "MapName": "lags", "NrOfLags": 8,
         "DisplayMinLag": -4, "DisplayMaxLag": 4, "ShowCorrelationOrLag": 1},
    ], start=(57, 52, 59), end=(67, 60, 65), res=2, seed=2)
    make_vmp("ica_v6.vmp", [
        {"TypeOfMap": 12, "MapName": "IC 1"}, {"TypeOfMap": 12, "MapName": "IC 2"}, {"TypeOfMap": 12, "MapName": "IC 3"},
    ], start=(0, 0, 0), end=(4, 3, 2), res=1, seed=3, time_points=5, params=("fingerprint", "variance"))
    make_smp("faces_v5.smp", 5, 64, seed=4, by_bvbabel=True)
    for version in (1, 2, 3, 4):
        make_smp("faces_v%d.smp" % version, version, 40 + version, seed=10 + version)
    files = {}
    for name in sorted(os.listdir(HERE)):
        if name.endswith((".vmp", ".smp")):
            files[name] = describe(os.path.join(HERE, name))
    with open(os.path.join(HERE, "EXPECTED.json"), "w") as f:
        json.dump({"_about": "What bvbabel 0.4.0 reads from each file (values: per map, in file order).",
                   "files": files}, f, indent=1, sort_keys=True)
